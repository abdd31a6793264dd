import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { wantsAppPage } from './wants-app-page.js';

describe('wantsAppPage', () => {
  it('is a browser navigation: GET or HEAD accepting HTML', () => {
    const chrome = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
    assert.equal(wantsAppPage('GET', chrome), true);
    assert.equal(wantsAppPage('HEAD', chrome), true);
    assert.equal(wantsAppPage('GET', 'application/xhtml+xml'), true);
    assert.equal(wantsAppPage('GET', 'TEXT/HTML; charset=utf-8'), true);
  });

  it('is not an API call: JSON first, no Accept, */*, or another method', () => {
    assert.equal(wantsAppPage('GET', 'application/json'), false);
    assert.equal(wantsAppPage('GET', 'application/json, text/html'), false);
    assert.equal(wantsAppPage('GET', 'application/vnd.api+json, text/html'), false);
    assert.equal(wantsAppPage('GET', undefined), false);
    assert.equal(wantsAppPage('GET', '*/*'), false);
    assert.equal(wantsAppPage('POST', 'text/html'), false);
    assert.equal(wantsAppPage('DELETE', 'text/html'), false);
  });
});

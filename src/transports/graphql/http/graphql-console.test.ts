import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { consolePath, createConsole, wantsHtml } from './graphql-console.js';

describe('graphql console', () => {
  it('recognises a browser by its Accept header', () => {
    assert.equal(wantsHtml('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'), true);
    assert.equal(wantsHtml('text/html'), true);
    assert.equal(wantsHtml('application/json'), false);
    assert.equal(wantsHtml('application/json, text/html'), false);
    assert.equal(wantsHtml('*/*'), false);
    assert.equal(wantsHtml(undefined), false);
  });

  it('renders a page with no inline script and no remote file', async () => {
    const html = await createConsole('/api/graphql').page();
    assert.equal(consolePath('/api/graphql'), '/api/graphql/console/');
    assert.match(html, /<base href="\/api\/graphql\/console\/">/);
    assert.match(html, /src="initial_options\.js"/);
    assert.doesNotMatch(html, /AltairGraphQL\.init/);
    assert.doesNotMatch(html, /(src|href)="(https?:)?\/\//);
  });
});

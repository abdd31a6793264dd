import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { unknownAttributes } from './history-schema.js';

describe('history schema', () => {
  it('unknownAttributes: attributes added to the model since the version, and removed since', () => {
    const recorded = { title: { type: 'string' }, legacy: { type: 'text' } };
    const now = { title: { type: 'string' }, summary: { type: 'text' } };
    assert.deepEqual(unknownAttributes(recorded, now), { added: { summary: { type: 'text' } }, removed: { legacy: { type: 'text' } } });
    assert.deepEqual(unknownAttributes(now, now), { added: {}, removed: {} });
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { composeInterceptors, type DocumentCall, type DocumentInterceptor, type DocumentReads } from './document-interceptor.js';

const reads: DocumentReads = { findOne: async () => null, singleDocumentId: async () => null };

function recording(name: string, log: string[], active = true): DocumentInterceptor {
  return {
    active,
    async intercept(call, run) {
      log.push(`${name} in`);
      const result = await run(call.request);
      log.push(`${name} out`);
      return result;
    },
  };
}

describe('composeInterceptors', () => {
  it('runs the active ones around the operation, first outermost, and skips the inactive', async () => {
    const log: string[] = [];
    const composed = composeInterceptors([recording('a', log), recording('off', log, false), recording('b', log)]);
    assert.equal(composed.active, true);
    const call = { action: 'count', contentType: {}, request: { query: {} } } as unknown as DocumentCall<'count'>;
    const result = await composed.intercept(call, async () => {
      log.push('operation');
      return 3;
    }, reads);
    assert.equal(result, 3);
    assert.deepEqual(log, ['a in', 'b in', 'operation', 'b out', 'a out']);
    assert.equal(composeInterceptors([recording('off', log, false)]).active, false);
  });
});

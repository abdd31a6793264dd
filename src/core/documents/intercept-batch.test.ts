import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BatchOperation, BatchResult } from './document-requests.js';
import type { DocumentInterceptor, DocumentReads } from './document-interceptor.js';
import { interceptBatch } from './intercept-batch.js';

const reads: DocumentReads = { findOne: async () => null, singleDocumentId: async () => null };

const deletes = (...ids: string[]): BatchOperation[] => ids.map((documentId) => ({ action: 'delete', request: { contentType: {} as never, documentId, locale: 'en' } }));

const idOf = (request: unknown): string => (request as { documentId: string }).documentId;

/** Records before/after per document; `throwBefore` / `skip` / `throwAfter` name documents. */
function hooks(log: string[], options: { throwBefore?: string; skip?: string; throwAfter?: string } = {}): DocumentInterceptor {
  return {
    active: true,
    async intercept(call, run) {
      const id = idOf(call.request);
      log.push(`before ${id}`);
      if (id === options.throwBefore) throw new Error(`refused ${id}`);
      if (id === options.skip) return false as never;
      const result = await run(call.request);
      log.push(`after ${id}`);
      if (id === options.throwAfter) throw new Error(`after ${id} failed`);
      return result;
    },
  };
}

function runner(log: string[], fail = false) {
  return async (operations: readonly BatchOperation[]): Promise<BatchResult[]> => {
    log.push(`batch ${operations.map((operation) => idOf(operation.request)).join(',')}`);
    if (fail) throw new Error('rolled back');
    return operations.map(() => true);
  };
}

describe('interceptBatch', () => {
  it('runs every before-hook, then the batch once, then every after-hook, in order', async () => {
    const log: string[] = [];
    const results = await interceptBatch(hooks(log), reads, deletes('a', 'b', 'c'), runner(log));
    assert.deepEqual(results, [true, true, true]);
    assert.deepEqual(log, ['before a', 'before b', 'before c', 'batch a,b,c', 'after a', 'after b', 'after c']);
  });

  it('a before-hook that throws: no batch, no after-hook, the later documents never start', async () => {
    const log: string[] = [];
    await assert.rejects(interceptBatch(hooks(log, { throwBefore: 'b' }), reads, deletes('a', 'b', 'c'), runner(log)), /refused b/);
    assert.deepEqual(log, ['before a', 'before b']);
  });

  it('a failing batch fails every operation: no after-hook', async () => {
    const log: string[] = [];
    await assert.rejects(interceptBatch(hooks(log), reads, deletes('a', 'b'), runner(log, true)), /rolled back/);
    assert.deepEqual(log, ['before a', 'before b', 'batch a,b']);
  });

  it('a hook that answers without run leaves its document out; an after-hook that throws fails the call once every after-hook ran', async () => {
    const log: string[] = [];
    const skipped = await interceptBatch(hooks(log, { skip: 'b' }), reads, deletes('a', 'b', 'c'), runner(log));
    assert.deepEqual(skipped, [true, false, true]);
    assert.deepEqual(log, ['before a', 'before b', 'before c', 'batch a,c', 'after a', 'after c']);
    log.length = 0;
    await assert.rejects(interceptBatch(hooks(log, { throwAfter: 'a' }), reads, deletes('a', 'b'), runner(log)), /after a failed/);
    assert.deepEqual(log, ['before a', 'before b', 'batch a,b', 'after a', 'after b']);
  });
});

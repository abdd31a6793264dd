import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { holdsMoreObjectsThan, jsonChunks, ObjectCounter } from './json-chunks.js';

async function chunksOf(value: unknown, chunk: number): Promise<string[]> {
  const chunks: string[] = [];
  for await (const text of jsonChunks(value, new ObjectCounter(1000), chunk)) chunks.push(text);
  return chunks;
}

/** A populated answer's shape: rows sharing lists (a graph), with every kind of JSON value. */
function answer(): unknown {
  const tags = [{ id: 1, name: 'red', extra: undefined }, { id: 2, name: 'blue "quoted" \u2028 é', fn: () => 1 }];
  const author = { id: 7, name: 'Ann', articles: [] as unknown[] };
  const articles = Array.from({ length: 12 }, (_, index) => ({
    id: index,
    title: `A${index}`,
    views: index % 3 === 0 ? null : index * 1.5,
    nan: Number.NaN,
    published: index % 2 === 0,
    date: new Date(Date.UTC(2026, 0, index + 1)),
    tags,
    author,
    blocks: [{ __component: 'shared.quote', text: 'q', nested: [[1, [2, undefined]], {}] }, undefined, () => 0],
    [Symbol('hidden')]: 1,
    boxed: new String('boxed'),
  }));
  author.articles = articles.slice(0, 5).map(({ author: _author, ...rest }) => rest);
  return { data: articles, meta: { pagination: { page: 1, pageSize: 12, total: 12 } }, empty: [], none: undefined };
}

describe('jsonChunks', () => {
  it('writes exactly what JSON.stringify writes, whatever the chunk size', async () => {
    const value = answer();
    const expected = JSON.stringify(value);
    for (const chunk of [1, 2, 3, 7, 50, 400, 1000]) {
      const chunks = await chunksOf(value, chunk);
      assert.equal(chunks.join(''), expected, `chunks of ${chunk}`);
      if (chunk <= 50) assert.ok(chunks.length > 1, `${chunks.length} chunks of ${chunk}`);
    }
  });

  it('writes a small value in one piece, and primitives and top-level toJSON as JSON.stringify does', async () => {
    for (const value of [{ a: 1 }, [1, 2], 'text', 3, null, true, new Date(0), { toJSON: () => ({ big: [1, 2, 3] }) }]) {
      assert.deepEqual(await chunksOf(value, 1000), [JSON.stringify(value)]);
      assert.equal((await chunksOf(value, 1)).join(''), JSON.stringify(value));
    }
    assert.deepEqual(await chunksOf(undefined, 1), []);
  });

  it('cuts chunks of about the size asked, counting a shared list each time it is written', async () => {
    const shared = Array.from({ length: 10 }, (_, index) => ({ index }));
    const value = Array.from({ length: 100 }, () => ({ shared }));
    const chunks = await chunksOf(value, 100);
    assert.equal(chunks.join(''), JSON.stringify(value));
    // 100 × (1 + 1 + 10) objects: about 12 chunks of 100.
    assert.ok(chunks.length >= 10 && chunks.length <= 14, String(chunks.length));
  });

  it('counts objects once per identity and stops past its cap', () => {
    const shared = [{ a: 1 }, { b: 2 }];
    assert.equal(new ObjectCounter(100).count({ x: shared, y: shared, z: 'text', d: new Date() }), 1 + 3 + 3 + 1);
    assert.equal(new ObjectCounter(10).count(Array.from({ length: 50 }, () => ({}))), 11);
  });
});

describe('holdsMoreObjectsThan', () => {
  it('counts objects and arrays as written, shared ones each time, and stops past the limit', () => {
    const shared = [{ a: 1 }, { b: [2] }];
    const value = { x: shared, y: shared, z: 'text', n: null };
    // 1 + 2 × (1 + 1 + 1 + 1) = 9.
    assert.equal(holdsMoreObjectsThan(value, 9), false);
    assert.equal(holdsMoreObjectsThan(value, 8), true);
    assert.equal(holdsMoreObjectsThan('text', 0), false);
    assert.equal(holdsMoreObjectsThan(Array.from({ length: 5000 }, () => ({})), 2000), true);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DocumentService } from '../documents/document-service.js';
import { buildRegistry } from '../schema/registry.js';
import { createModelHolder, type ModelState } from './model-holder.js';

const registryWith = (name: string) =>
  buildRegistry([{ uid: `api::${name}.${name}`, apiName: name, modelName: name, file: `${name}.json`, definition: { info: { singularName: name, pluralName: `${name}s` }, attributes: { title: { type: 'string' } } } }]);

function stateOf(name: string, version: number, calls: string[]): ModelState {
  const documents = { singleDocumentId: async () => { calls.push(name); return null; } } as unknown as DocumentService;
  return { registry: registryWith(name), documents, version };
}

describe('the model holder', () => {
  it('serves the swapped model through current() and the live registry and documents', async () => {
    const calls: string[] = [];
    const holder = createModelHolder(stateOf('article', 0, calls));
    assert.ok(holder.registry.get('api::article.article'));
    holder.swap(stateOf('page', 1, calls));
    assert.equal(holder.current().version, 1);
    assert.equal(holder.registry.get('api::article.article'), undefined);
    assert.deepEqual(holder.registry.contentTypes.map((type) => type.uid), ['api::page.page']);
    await holder.documents.singleDocumentId({ contentType: holder.registry.contentTypes[0]! });
    assert.deepEqual(calls, ['page']);
  });

  it('prepares every listener before switching; a refusal changes nothing', () => {
    const holder = createModelHolder(stateOf('article', 0, []));
    const switched: number[] = [];
    holder.onSwap((next) => () => switched.push(next.version));
    holder.onSwap((next) => {
      if (next.version === 2) throw new Error('refused');
      return () => undefined;
    });
    holder.swap(stateOf('page', 1, []));
    assert.throws(() => holder.swap(stateOf('post', 2, [])), /refused/);
    assert.equal(holder.current().version, 1);
    assert.deepEqual(switched, [1]);
  });

  it('drained waits for the document calls of a model, not for those of later models', async () => {
    let finishOld: () => void = () => undefined;
    const slowState = (name: string, version: number, gate: Promise<void>): ModelState => {
      const documents = { singleDocumentId: async () => { await gate; return null; } } as unknown as DocumentService;
      return { registry: registryWith(name), documents, version };
    };
    const holder = createModelHolder(slowState('article', 0, new Promise<void>((resolve) => (finishOld = resolve))));
    const first = holder.current();
    const oldCall = holder.current().documents.singleDocumentId({ contentType: first.registry.contentTypes[0]! });
    holder.swap(slowState('page', 1, new Promise<void>(() => undefined)));
    void holder.current().documents.singleDocumentId({ contentType: holder.current().registry.contentTypes[0]! });
    let drained = false;
    const waiting = holder.drained(first, 10_000).then(() => {
      drained = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(drained, false, 'a call of the previous model is in flight');
    finishOld();
    await oldCall;
    await waiting;
    assert.equal(drained, true, 'calls of the new model do not hold the previous one');
    await holder.drained(first, 10_000);
  });
});

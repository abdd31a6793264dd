import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LifecycleEvent } from './lifecycle-event.js';
import { createLifecycleProvider, type LifecycleProperties } from './lifecycle-provider.js';

const model = (uid: string) => ({ uid, singularName: uid.split('.').pop() ?? uid, tableName: 'rows', attributes: {} });

describe('createLifecycleProvider (strapi.db.lifecycles)', () => {
  it('calls subscribers in subscription order, by model, and function subscribers for every event', async () => {
    const provider = createLifecycleProvider();
    const heard: string[] = [];
    provider.subscribe({ models: ['api::a.a'], beforeCreate: () => void heard.push('a-only') });
    provider.subscribe((event: LifecycleEvent) => void heard.push(`fn ${event.action} ${event.model.uid}`));
    provider.subscribe({ beforeCreate: () => void heard.push('every model') });
    await provider.run('beforeCreate', model('api::a.a'), { params: { data: {} } });
    await provider.run('beforeCreate', model('api::b.b'), { params: { data: {} } });
    assert.deepEqual(heard, ['a-only', 'fn beforeCreate api::a.a', 'every model', 'fn beforeCreate api::b.b', 'every model']);
    assert.equal(provider.listens('api::b.b', 'Create'), true);
  });

  it('is inactive without subscribers, after unsubscribe, clear and disable; listens only for the hooks it has', () => {
    const provider = createLifecycleProvider();
    assert.equal(provider.active, false);
    const unsubscribe = provider.subscribe({ models: ['api::a.a'], afterUpdate: () => undefined });
    assert.equal(provider.active, true);
    assert.equal(provider.listens('api::a.a', 'Update'), true);
    assert.equal(provider.listens('api::a.a', 'Create'), false);
    assert.equal(provider.listens('api::b.b', 'Update'), false);
    provider.disable();
    assert.equal(provider.active, false);
    provider.enable();
    unsubscribe();
    assert.equal(provider.active, false);
    provider.subscribe(() => undefined);
    provider.clear();
    assert.equal(provider.active, false);
    assert.throws(() => provider.subscribe(42 as never), /takes a function or an object/);
  });

  it('carries each subscriber\'s state from before to after, hands the result, and follows a replaced params', async () => {
    const provider = createLifecycleProvider();
    const seen: unknown[] = [];
    provider.subscribe({
      beforeUpdate: (event) => {
        event.state.mark = 'first';
        event.params = { ...event.params, data: { replaced: true } };
      },
      afterUpdate: (event) => void seen.push(event.state.mark, event.result, event.params.data),
    });
    provider.subscribe({ afterUpdate: (event) => void seen.push(event.state.mark ?? 'own state') });
    const properties: LifecycleProperties = { params: { data: { original: true } } };
    const states = await provider.run('beforeUpdate', model('api::a.a'), properties);
    assert.deepEqual(properties.params.data, { replaced: true });
    await provider.run('afterUpdate', model('api::a.a'), { params: properties.params, result: { id: 1 } }, states);
    assert.deepEqual(seen, ['first', { id: 1 }, { replaced: true }, 'own state']);
  });

  it('stops at a throwing hook: later subscribers are not called', async () => {
    const provider = createLifecycleProvider();
    const heard: string[] = [];
    provider.subscribe({ beforeDelete: () => Promise.reject(new Error('refused')) });
    provider.subscribe({ beforeDelete: () => void heard.push('later') });
    await assert.rejects(provider.run('beforeDelete', model('api::a.a'), { params: {} }), /refused/);
    assert.deepEqual(heard, []);
  });
});

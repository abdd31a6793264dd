import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { BUILT_INS } from '../../../test/helpers/built-ins.js';
import { ValidationError } from '../shared/errors.js';
import { buildModelOrRefuse } from './build-model.js';
import { diffModels } from './model-diff.js';
import { nextSource } from './next-source.js';

const type = (attributes: Record<string, { type: string }>, options: Record<string, unknown> = {}) => ({
  kind: 'collectionType',
  info: { singularName: 'article', pluralName: 'articles' },
  options: { draftAndPublish: false, ...options },
  attributes,
});

describe('nextSource', () => {
  it('puts a type at its project path and sorts by uid', () => {
    const next = nextSource('/p', { types: [], components: [] }, [{ kind: 'putType', uid: 'api::article.article', definition: type({ title: { type: 'string' } }) }]);
    assert.equal(next.source.types[0]?.file, path.join('/p', 'src/api/article/content-types/article/schema.json'));
    assert.deepEqual([next.source.types[0]?.apiName, next.source.types[0]?.modelName], ['article', 'article']);
  });

  it('refuses uids that are not api::<api>.<name> and deletes of unknown models', () => {
    assert.throws(() => nextSource('/p', { types: [], components: [] }, [{ kind: 'putType', uid: 'plugin::x.y', definition: {} }]), ValidationError);
    assert.throws(() => nextSource('/p', { types: [], components: [] }, [{ kind: 'deleteComponent', uid: 'a.b' }]), ValidationError);
  });
});

describe('buildModelOrRefuse and diffModels', () => {
  it('reports a bad attribute with its path', () => {
    const { source } = nextSource('/p', { types: [], components: [] }, [{ kind: 'putType', uid: 'api::article.article', definition: type({ title: { type: 'nope' } }) }]);
    assert.throws(
      () => buildModelOrRefuse(source, BUILT_INS),
      (error: unknown) => error instanceof ValidationError && JSON.stringify(error.details).includes('["api::article.article","title"]'),
    );
  });

  it('sees deleted, retyped and renamed attributes and Draft & Publish turned off', () => {
    const empty = { types: [], components: [] };
    const before = nextSource('/p', empty, [{ kind: 'putType', uid: 'api::article.article', definition: type({ a: { type: 'string' }, b: { type: 'string' }, c: { type: 'string' } }, { draftAndPublish: true }) }]);
    const after = nextSource('/p', before.source, [
      { kind: 'putType', uid: 'api::article.article', definition: type({ b: { type: 'integer' }, d: { type: 'string' } }) },
      { kind: 'renameAttribute', uid: 'api::article.article', from: 'c', to: 'd' },
    ]);
    const diff = diffModels(buildModelOrRefuse(before.source, BUILT_INS).registry, buildModelOrRefuse(after.source, BUILT_INS).registry, after.renames);
    assert.deepEqual(diff.deletedScalars.map((change) => change.attribute.name), ['a']);
    assert.deepEqual(diff.changedScalars.map((change) => change.attribute.name), ['b']);
    assert.deepEqual(diff.renames.map((rename) => [rename.from.column, rename.to.column]), [['c', 'd']]);
    assert.deepEqual(diff.draftAndPublishOff.map((model) => model.uid), ['api::article.article']);
  });
});

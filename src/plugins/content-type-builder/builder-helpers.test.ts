import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DefinitionError } from '../../core/shared/errors.js';
import { definitionProblem } from './builder-errors.js';
import { kebabCase } from './component-service.js';
import { compactChanges } from './submit-changes.js';

describe('content-type builder helpers', () => {
  it('kebabCase names component files from display names', () => {
    assert.equal(kebabCase('Hero Section'), 'hero-section');
    assert.equal(kebabCase('SEO data'), 'seo-data');
    assert.equal(kebabCase('  Café  Crème!'), 'cafe-creme');
    assert.equal(kebabCase('heroSection'), 'hero-section');
    assert.equal(kebabCase('***'), '');
  });

  it('a start-time problem of the request model points into the body; of another model, names it', () => {
    const root = { uid: 'api::a.a', key: 'contentType' } as const;
    const path = (problem: string, file = 'api::a.a') => (definitionProblem(new DefinitionError(file, problem), root).details.errors as { path: string[] }[])[0]?.path;
    assert.deepEqual(path('attribute "title": unknown type "strin"'), ['contentType', 'attributes', 'title', 'type']);
    assert.deepEqual(path('attribute "title": option "minLength" must be a non-negative integer'), ['contentType', 'attributes', 'title', 'minLength']);
    assert.deepEqual(path('attribute "tag": a relation needs "target": the uid of a content-type'), ['contentType', 'attributes', 'tag', 'target']);
    assert.deepEqual(path('attribute "title": the name is reserved'), ['contentType', 'attributes', 'title']);
    assert.deepEqual(path('info.pluralName must be kebab-case'), ['contentType', 'pluralName']);
    assert.deepEqual(path('singularName and pluralName must differ (both are "a")'), ['contentType', 'pluralName']);
    assert.deepEqual(path('pluralName "as" is already used by api::b.b (x)'), ['contentType', 'pluralName']);
    assert.deepEqual(path('options.draftAndPublish must be a boolean'), ['contentType', 'draftAndPublish']);
    const other = definitionProblem(new DefinitionError('api::b.b', 'attribute "a": target "api::a.a" is not a content-type of this project'), root);
    assert.deepEqual((other.details.errors as { path: string[] }[])[0]?.path, []);
    assert.match(other.message, /^api::b\.b: attribute "a"/);
  });

  it('compactChanges keeps one put per model, at its first place, with the last definition', () => {
    const compact = compactChanges([
      { kind: 'putType', uid: 'api::a.a', definition: { attributes: {} } },
      { kind: 'deleteComponent', uid: 'x.y' },
      { kind: 'putType', uid: 'api::a.a', definition: { attributes: { b: { type: 'string' } } } },
    ]);
    assert.deepEqual(compact, [
      { kind: 'putType', uid: 'api::a.a', definition: { attributes: { b: { type: 'string' } } } },
      { kind: 'deleteComponent', uid: 'x.y' },
    ]);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertThrowsWith, registryWith } from '../../../../test/helpers/content-type.js';
import { staticLocaleCatalog } from '../locale-catalog.js';
import { DEFAULT_REST_CONFIG } from '../../config/app-config.js';
import { PaginationError, ValidationError } from '../../shared/errors.js';
import { parseDocumentQuery } from './parse-document-query.js';

const registry = registryWith({ title: { type: 'string' }, views: { type: 'integer' } });
const type = registry.contentTypes[0] ?? assert.fail('no content-type');
const attribute = (name: string) => {
  const found = type.attributes.get(name);
  assert.ok(found);
  return found;
};
const locales = staticLocaleCatalog(['en', 'fr', 'fr-CA'], 'en');
const strict = { contentType: type, rest: { ...DEFAULT_REST_CONFIG, strictParams: true }, registry, locales };
const lenient = { contentType: type, rest: DEFAULT_REST_CONFIG, registry, locales };

function rejects(raw: Record<string, unknown>, message: string, details: Record<string, unknown>, options = strict): void {
  assertThrowsWith(() => parseDocumentQuery(raw, options), ValidationError, { message, details });
}

describe('parseDocumentQuery', () => {
  it('builds the default query for an empty query string', () => {
    const raw = {};
    const query = parseDocumentQuery(raw, strict);
    assert.equal(query.raw, raw, 'the parameters it was parsed from are kept, for project hooks');
    assert.deepEqual(query, {
      contentType: type,
      fields: ['title', 'views', 'createdAt', 'updatedAt', 'publishedAt'].map(attribute),
      filters: null,
      sort: [{ attribute: attribute('id'), direction: 'asc', path: [] }],
      pagination: { mode: 'page', page: 1, pageSize: 25, withCount: true },
      status: 'published',
      locale: 'en',
      populate: [],
      raw,
    });
  });

  it('builds every part of a full query', () => {
    const raw = {
      fields: ['title'],
      filters: { views: { $gte: '10' } },
      sort: 'views:desc',
      pagination: { start: '5', limit: '2', withCount: 'false' },
      populate: '*',
      status: 'draft',
      locale: 'fr-CA',
    };
    const query = parseDocumentQuery(raw, strict);
    assert.deepEqual(query, {
      contentType: type,
      fields: [attribute('title')],
      filters: { kind: 'condition', attribute: attribute('views'), operator: '$gte', value: 10 },
      sort: [
        { attribute: attribute('views'), direction: 'desc', path: [] },
        { attribute: attribute('id'), direction: 'asc', path: [] },
      ],
      pagination: { mode: 'offset', start: 5, limit: 2, withCount: false },
      status: 'draft',
      locale: 'fr-CA',
      populate: [],
      raw,
    });
  });

  it('rejects an unknown top-level parameter when strictParams is on, and ignores it when off', () => {
    rejects({ foo: '1' }, 'Invalid key foo', { key: 'foo', path: null, source: 'query', param: 'foo' });
    assert.equal(parseDocumentQuery({ foo: '1', title: 'x' }, lenient).filters, null);
  });

  it('accepts populate=* and rejects anything it would populate, since nothing is populatable yet', () => {
    for (const populate of ['*', ['*'], '', null]) assert.equal(parseDocumentQuery({ populate }, strict).filters, null);
    const populateKey = (key: string) => ({ key, path: null, source: 'query', param: 'populate' });
    rejects({ populate: 'author' }, 'Invalid key author', populateKey('author'));
    rejects({ populate: '*,author' }, 'Invalid key author', populateKey('author'));
    rejects({ populate: ['author'] }, 'Invalid key author', populateKey('author'));
    rejects({ populate: { author: 'true' } }, 'Invalid key author', populateKey('author'));
    rejects({ populate: 'title' }, 'Invalid key title', populateKey('title'));
    rejects({ populate: true }, 'Invalid populate parameter', populateKey('populate'));
  });

  it('checks status and locale', () => {
    assert.equal(parseDocumentQuery({ status: 'published' }, strict).status, 'published');
    assert.equal(parseDocumentQuery({ locale: '*' }, strict).locale, '*');
    assert.equal(parseDocumentQuery({ locale: '' }, strict).locale, 'en');
    assert.equal(parseDocumentQuery({ locale: 'en' }, strict).locale, 'en');
    rejects({ status: 'live' }, `Invalid parameter at 'status'. Expected 'published' or 'draft', received: "live"`, { key: 'status', path: null, source: 'query', param: 'status' });
    rejects({ status: ['draft'] }, `Invalid parameter at 'status'. Expected 'published' or 'draft', received: ["draft"]`, { key: 'status', path: null, source: 'query', param: 'status' });
    rejects({ locale: 'not a locale' }, 'Invalid parameter at \'locale\'. Locale must be a valid BCP 47 code or "*", received: "not a locale"', {
      key: 'locale',
      path: null,
      source: 'query',
      param: 'locale',
    });
    rejects({ locale: 'de' }, 'Invalid parameter at \'locale\'. Unknown locale "de": it is not one of the configured locales', { key: 'locale', path: null, source: 'query', param: 'locale' });
  });

  it('passes on the errors of each part', () => {
    rejects({ filters: { foo: '1' } }, 'Invalid key foo', { key: 'foo', path: null, source: 'query', param: 'filters' });
    rejects({ sort: 'foo' }, 'Invalid key foo', { key: 'foo', path: null, source: 'query', param: 'sort' });
    rejects({ fields: 'foo' }, 'Invalid key foo', { key: 'foo', path: null, source: 'query', param: 'fields' });
    assert.throws(() => parseDocumentQuery({ pagination: { page: '1', start: '1' } }, strict), PaginationError);
  });
});

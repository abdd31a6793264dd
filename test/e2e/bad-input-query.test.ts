// @databases: sqlite — hostile query strings are refused by the parser and validation, before any query
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { COMPARISON_OPERATORS } from '../../src/core/query/document-query.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Malformed and hostile query strings. Every case is one line: the raw query string, then the
 * expected 4xx error. Each runs on GET (list) and on every write route of the collection type
 * (POST, PUT, DELETE), which must refuse it identically and write nothing; a smaller table
 * does the same on the single type's routes.
 */

type Details = Record<string, unknown>;
interface Case {
  readonly query: string;
  readonly status: number;
  readonly name: string;
  readonly message: string;
  readonly details: Details;
}

/** A 400 ValidationError. */
const bad = (query: string, message: string, details: Details): Case => ({ query, status: 400, name: 'ValidationError', message, details });
/** `Invalid key <key>` for a parameter, as the query parser reports it. */
const key = (query: string, name: string, param: string, path: string | null = null): Case =>
  bad(query, path && path !== name ? `Invalid key ${name} at ${path}` : `Invalid key ${name}`, { key: name, path, source: 'query', param });
/** A value or shape problem inside `filters`. */
const filter = (query: string, message: string, keyName: string, path: string): Case => bad(query, message, { key: keyName, path, source: 'query', param: 'filters' });
/** A query string the parser itself refused. */
const unparsable = (query: string, problem: string): Case => bad(query, `Invalid query string: ${problem}`, { key: null, path: null, source: 'query' });
const pagination = (query: string, message: string, keyName: string): Case => bad(query, message, { key: keyName, path: `pagination.${keyName}`, source: 'query', param: 'pagination' });

const DEPTH = 'Input depth exceeded depth option of 20 and strictDepth is true';
const repeat = (text: string, times: number) => text.repeat(times);
const list = (count: number, item: (index: number) => string) => Array.from({ length: count }, (_, index) => item(index)).join('&');

const CASES: readonly Case[] = [
  // U+0000 cannot be stored (PostgreSQL text refuses it), so no filter may name it.
  filter('filters[str]=%00', 'Invalid value for $eq on "str": the value must not contain NUL (U+0000) characters', 'str', 'str'),
  // Unknown top-level keys, including the names of Object.prototype members.
  key('foo=1', 'foo', 'foo'),
  key('filter[str]=x', 'filter', 'filter'),
  key('_limit=1', '_limit', '_limit'),
  key('a', 'a', 'a'),
  key('[]=1', '0', '0'),
  key('filters]=1', 'filters]', 'filters]'),
  key('constructor=1', 'constructor', 'constructor'),
  key('prototype=1', 'prototype', 'prototype'),
  key('toString=1', 'toString', 'toString'),
  key('hasOwnProperty=1', 'hasOwnProperty', 'hasOwnProperty'),
  key('valueOf[x]=1', 'valueOf', 'valueOf'),
  key('__proto__=1', '__proto__', '__proto__'),
  key('__proto__[x]=1', '__proto__', '__proto__'),
  key('[__proto__]=1', '__proto__', '__proto__'),
  key('x[y][__proto__][z]=1', '__proto__', 'x'),

  // Unknown filter keys and operators; private and password attributes are unknown too.
  key('filters[foo]=1', 'foo', 'filters'),
  key('filters[str][$foo]=1', '$foo', 'filters', 'str.$foo'),
  key('filters[$foo][str]=1', '$foo', 'filters'),
  key('filters[id][$foo]=1', '$foo', 'filters', 'id.$foo'),
  key('filters[str][$or][0][$foo]=1', '$foo', 'filters', 'str.$or.0.$foo'),
  key('filters[pass]=x', 'pass', 'filters'),
  key('filters[pass][$null]=true', 'pass', 'filters'),
  key('filters[hidden]=x', 'hidden', 'filters'),
  key('filters[=1', '[', 'filters'),
  key('filters[[str]]=1', '[str]', 'filters'),
  key('filters[__proto__][str]=1', '__proto__', 'filters'),
  key('filters[%5F%5Fproto%5F%5F]=1', '__proto__', 'filters'),
  key('filters%5B__proto__%5D=1', '__proto__', 'filters'),
  key('filters[str][__proto__]=1', '__proto__', 'filters'),
  key('filters[$and][0][__proto__][x]=1', '__proto__', 'filters'),
  key('filters[constructor]=1', 'constructor', 'filters'),
  key('filters[constructor][prototype][x]=1', 'constructor', 'filters'),
  key('filters[prototype][x]=1', 'prototype', 'filters'),
  key('filters[str][constructor]=1', 'constructor', 'filters', 'str.constructor'),
  key('filters[$and][0][constructor]=1', 'constructor', 'filters', '$and.0.constructor'),

  // Filter shapes.
  bad('filters=abc', 'Invalid filters: expected an object', { key: 'filters', path: null, source: 'query', param: 'filters' }),
  bad('filters[]=x', 'Invalid filters: expected an object', { key: 'filters', path: null, source: 'query', param: 'filters' }),
  filter('filters[$and]=x', '$and expects an array of filters', '$and', '$and'),
  filter('filters[$or][a][str]=1', '$or expects an array of filters', '$or', '$or'),
  filter('filters[$or][0]=x', 'Invalid filters at $or.0: expected an object', '$or.0', '$or.0'),
  filter('filters[$not]=x', 'Invalid filters at $not: expected an object', '$not', '$not'),
  filter('filters[str][$and]=x', '$and expects an array', '$and', 'str.$and'),
  filter('filters[str][$gt]', '$gt needs a value', '$gt', 'str.$gt'),
  filter('filters[str][$contains]', '$contains needs a value', '$contains', 'str.$contains'),

  // Wrong value types: an object where every operator expects a scalar (or a list, or a flag).
  ...COMPARISON_OPERATORS.map((operator) => {
    const query = `filters[str][${operator}][x]=1`;
    if (operator === '$null' || operator === '$notNull') return filter(query, `Invalid value for ${operator}: expected true or false`, operator, `str.${operator}`);
    if (operator === '$between') return filter(query, '$between expects exactly two values: [$between][0] and [$between][1]', operator, 'str.$between');
    if (operator === '$in' || operator === '$notIn') return filter(query, `Invalid value for ${operator} on "str": expected a scalar value`, '0', `str.${operator}.0`);
    return filter(query, `Invalid value for ${operator} on "str": expected a scalar value`, operator, `str.${operator}`);
  }),
  filter('filters[str][$eq][0][x]=1', 'Invalid value for $eq on "str": expected a scalar value', '0', 'str.$eq.0'),
  filter('filters[str][$in][0][x]=1', 'Invalid value for $in on "str": expected a scalar value', '0', 'str.$in.0'),
  filter('filters[str][$null][0]=true', 'Invalid value for $null: expected true or false', '$null', 'str.$null'),
  filter('filters[str][$notNull][0]=true', 'Invalid value for $notNull: expected true or false', '$notNull', 'str.$notNull'),
  filter('filters[int][$between]=1', '$between expects exactly two values: [$between][0] and [$between][1]', '$between', 'int.$between'),
  filter('filters[int][$between][0]=1', '$between expects exactly two values: [$between][0] and [$between][1]', '$between', 'int.$between'),
  filter('filters[int][$between][0]=1&filters[int][$between][1]=2&filters[int][$between][2]=3', '$between expects exactly two values: [$between][0] and [$between][1]', '$between', 'int.$between'),
  filter('filters[int][$between][0]=1&filters[int][$between][1]', '$between bounds cannot be null', '$between', 'int.$between'),
  filter('filters[int][$between][0]=a&filters[int][$between][1]=2', 'Invalid integer value "a" for attribute "int"', '0', 'int.$between.0'),
  filter('filters[flag][$contains]=t', 'Operator $contains is not supported on boolean attribute "flag"', '$contains', 'flag.$contains'),
  filter('filters[obj][$eq]=1', 'Operator $eq is not supported on json attribute "obj"', '$eq', 'obj.$eq'),
  filter('filters[list][$gt]=1', 'Operator $gt is not supported on array attribute "list"', '$gt', 'list.$gt'),
  filter('filters[blk][$startsWith]=a', 'Operator $startsWith is not supported on blocks attribute "blk"', '$startsWith', 'blk.$startsWith'),

  // Values that cannot be cast to the attribute's type.
  filter('filters[int]=abc', 'Invalid integer value "abc" for attribute "int"', 'int', 'int'),
  filter('filters[int]=1.5', 'Invalid integer value "1.5" for attribute "int"', 'int', 'int'),
  filter('filters[int]=', 'Invalid integer value "" for attribute "int"', 'int', 'int'),
  filter('filters[int]=99999999999999999999', 'Invalid integer value "99999999999999999999" for attribute "int"', 'int', 'int'),
  filter('filters[int][$gt]=1e309', 'Invalid integer value "1e309" for attribute "int"', '$gt', 'int.$gt'),
  filter('filters[int][$in][0]=1&filters[int][$in][1]=x', 'Invalid integer value "x" for attribute "int"', '1', 'int.$in.1'),
  filter('filters[big]=99999999999999999999', 'Invalid biginteger value "99999999999999999999" for attribute "big"', 'big', 'big'),
  filter('filters[flt]=abc', 'Invalid float value "abc" for attribute "flt"', 'flt', 'flt'),
  filter('filters[flt]=1e309', 'Invalid float value "1e309" for attribute "flt"', 'flt', 'flt'),
  filter('filters[dec]=abc', 'Invalid decimal value "abc" for attribute "dec"', 'dec', 'dec'),
  filter('filters[dec]=1e999999999', 'Invalid decimal value "1e999999999" for attribute "dec"', 'dec', 'dec'),
  filter('filters[flag]=yes', 'Invalid boolean value "yes" for attribute "flag"', 'flag', 'flag'),
  filter('filters[flag][$ne]=2', 'Invalid boolean value "2" for attribute "flag"', '$ne', 'flag.$ne'),
  filter('filters[day]=2024-02-30', 'Invalid format, expected yyyy-MM-dd (attribute "day", value "2024-02-30")', 'day', 'day'),
  filter('filters[day][$lt]=x', 'Invalid format, expected yyyy-MM-dd (attribute "day", value "x")', '$lt', 'day.$lt'),
  filter('filters[clock]=25:00', 'Invalid format, expected HH:mm:ss.SSS (attribute "clock", value "25:00")', 'clock', 'clock'),
  filter('filters[moment]=not%20a%20date', 'Invalid format, expected a timestamp or an ISO date (attribute "moment", value "not a date")', 'moment', 'moment'),
  filter('filters[moment][$gte]=2024-13-01', 'Invalid format, expected a timestamp or an ISO date (attribute "moment", value "2024-13-01")', '$gte', 'moment.$gte'),
  filter('filters[stamp][$gt]=x', 'Invalid format, expected a timestamp or an ISO date (attribute "stamp", value "x")', '$gt', 'stamp.$gt'),
  filter('filters[createdAt]=x', 'Invalid format, expected a timestamp or an ISO date (attribute "createdAt", value "x")', 'createdAt', 'createdAt'),

  // sort
  key('sort=foo', 'foo', 'sort'),
  key('sort[0]=foo', 'foo', 'sort'),
  key('sort=pass', 'pass', 'sort'),
  key('sort=hidden', 'hidden', 'sort'),
  key('sort=constructor', 'constructor', 'sort'),
  key('sort=__proto__', '__proto__', 'sort'),
  key('sort[__proto__]=asc', '__proto__', 'sort'),
  key('sort[constructor]=asc', 'constructor', 'sort'),
  key('sort[prototype]=asc', 'prototype', 'sort'),
  key('sort[0][constructor]=asc', 'constructor', 'sort'),
  key('sort[0]=__proto__:asc', '__proto__', 'sort'),
  key('sort[0][a][b]=asc', 'a', 'sort'),
  key('sort=str:asc:desc', 'str:asc', 'sort'),
  bad('sort=str:up', 'Invalid order. order can only be one of asc|desc|ASC|DESC', { key: 'sort', path: null, source: 'query', param: 'sort' }),
  bad('sort[str]=up', 'Invalid order. order can only be one of asc|desc|ASC|DESC', { key: 'sort', path: null, source: 'query', param: 'sort' }),
  bad('sort[0][str][x]=asc', 'Invalid order. order can only be one of asc|desc|ASC|DESC', { key: 'sort', path: null, source: 'query', param: 'sort' }),
  bad(list(21, (index) => `sort[${index}]=str`), 'Too many sort keys (at most 20)', { key: 'sort', path: null, source: 'query', param: 'sort' }),

  // fields
  key('fields=foo', 'foo', 'fields'),
  key('fields[0]=foo', 'foo', 'fields'),
  // An attribute that exists is named in details.path, as in the reference.
  key('fields=pass', 'pass', 'fields', 'pass'),
  key('fields=hidden', 'hidden', 'fields', 'hidden'),
  key('fields=__proto__', '__proto__', 'fields'),
  key('fields=constructor', 'constructor', 'fields'),
  key('fields=prototype', 'prototype', 'fields'),
  key('fields[0]=str,constructor', 'constructor', 'fields'),
  key('fields[__proto__]=str', '__proto__', 'fields'),
  bad('fields[a]=str', 'Invalid fields parameter: expected attribute names', { key: 'fields', path: null, source: 'query', param: 'fields' }),
  bad('fields[str]=1', 'Invalid fields parameter: expected attribute names', { key: 'fields', path: null, source: 'query', param: 'fields' }),
  bad('fields[0][a]=str', 'Invalid fields parameter: expected attribute names', { key: 'fields', path: null, source: 'query', param: 'fields' }),

  // pagination: non-numeric, huge, mixed modes, unknown and prototype keys.
  pagination('pagination[page]=abc', 'Invalid pagination parameter page: expected an integer, got "abc"', 'page'),
  pagination('pagination[page]=1e309', 'Invalid pagination parameter page: expected an integer, got "1e309"', 'page'),
  pagination('pagination[page]=1.5', 'Invalid pagination parameter page: expected an integer, got "1.5"', 'page'),
  pagination('pagination[page]=', 'Invalid pagination parameter page: expected an integer, got ""', 'page'),
  pagination('pagination[page]', 'Invalid pagination parameter page: expected an integer, got null', 'page'),
  pagination('pagination[page][0]=1', 'Invalid pagination parameter page: expected an integer, got ["1"]', 'page'),
  pagination('pagination[page][x]=1', 'Invalid pagination parameter page: expected an integer, got {"x":"1"}', 'page'),
  pagination('pagination[pageSize]=99999999999999999999', 'Invalid pagination parameter pageSize: expected an integer, got "99999999999999999999"', 'pageSize'),
  pagination('pagination[pageSize]=Infinity', 'Invalid pagination parameter pageSize: expected an integer, got "Infinity"', 'pageSize'),
  pagination('pagination[start]=9007199254740992', 'Invalid pagination parameter start: expected an integer, got "9007199254740992"', 'start'),
  pagination('pagination[limit]=x', 'Invalid pagination parameter limit: expected an integer, got "x"', 'limit'),
  pagination('pagination[start]=0x10', 'Invalid pagination parameter start: expected an integer, got "0x10"', 'start'),
  pagination('pagination[withCount]=maybe', 'Invalid withCount parameter. Expected "t","1","true","false","0","f"', 'withCount'),
  { query: 'pagination[page]=1&pagination[start]=0', status: 400, name: 'PaginationError', message: 'Cannot use both page & offset pagination in the same query', details: {} },
  { query: 'pagination[pageSize]=10&pagination[limit]=10', status: 400, name: 'PaginationError', message: 'Cannot use both page & offset pagination in the same query', details: {} },
  key('pagination[foo]=1', 'foo', 'pagination', 'pagination.foo'),
  key('pagination[constructor]=1', 'constructor', 'pagination', 'pagination.constructor'),
  key('pagination[__proto__][x]=1', '__proto__', 'pagination'),
  key('pagination[prototype]=1', 'prototype', 'pagination', 'pagination.prototype'),
  key('pagination[toString]=1', 'toString', 'pagination', 'pagination.toString'),
  bad('pagination=5', 'Invalid pagination parameter: expected an object', { key: 'pagination', path: null, source: 'query', param: 'pagination' }),

  // populate, status, locale
  key('populate=str', 'str', 'populate'),
  key('populate[str]=true', 'str', 'populate'),
  key('populate[0]=foo', 'foo', 'populate'),
  key('populate=1', '1', 'populate'),
  key('populate[__proto__]=x', '__proto__', 'populate'),
  key('populate[constructor]=x', 'constructor', 'populate'),
  key('populate=prototype', 'prototype', 'populate'),
  bad('status=foo', `Invalid parameter at 'status'. Expected 'published' or 'draft', received: "foo"`, { key: 'status', path: null, source: 'query', param: 'status' }),
  bad('status=', `Invalid parameter at 'status'. Expected 'published' or 'draft', received: ""`, { key: 'status', path: null, source: 'query', param: 'status' }),
  bad('status[0]=draft', `Invalid parameter at 'status'. Expected 'published' or 'draft', received: ["draft"]`, { key: 'status', path: null, source: 'query', param: 'status' }),
  bad('locale=!!', `Invalid parameter at 'locale'. Locale must be a valid BCP 47 code or "*", received: "!!"`, { key: 'locale', path: null, source: 'query', param: 'locale' }),
  bad('locale[x]=en', `Invalid parameter at 'locale'. Locale must be a valid BCP 47 code or "*", received: {"x":"en"}`, { key: 'locale', path: null, source: 'query', param: 'locale' }),

  // Percent-encoding garbage is refused, not matched as literal text.
  unparsable('filters[str]=%E0%A4%A', 'malformed percent-encoding in "%E0%A4%A"'),
  unparsable('%E0%A4%A=1', 'malformed percent-encoding in "%E0%A4%A"'),
  unparsable('filters%5Bstr%5D=%ZZ', 'malformed percent-encoding in "%ZZ"'),
  unparsable('sort=%', 'malformed percent-encoding in "%"'),
  unparsable('filters[str]=100%', 'malformed percent-encoding in "100%"'),
  unparsable('filters[str]=%C0%80', 'malformed percent-encoding in "%C0%80"'),
  unparsable('filters[str]=%ED%A0%80', 'malformed percent-encoding in "%ED%A0%80"'),

  // Size and depth limits.
  unparsable(`filters${repeat('[$not]', 19)}[str][$eq]=a`, DEPTH),
  unparsable(`filters${repeat('[$and][0]', 11)}[str]=1`, DEPTH),
  unparsable(`sort${repeat('[0]', 21)}=str`, DEPTH),
  unparsable(`a${repeat('[b]', 25)}=1`, DEPTH),
  unparsable(list(2001, () => 'a=1'), 'more than 2000 parameters'),
  filter(list(501, (index) => `filters[$or][${index}][int]=${index}`), 'Too many filter conditions (at most 500)', 'int', '$or.500.int'),
];

/** The same refusals on the single type's routes, whose attributes are siteName and maintenance. */
const SINGLE_CASES: readonly Case[] = [
  key('foo=1', 'foo', 'foo'),
  key('__proto__[x]=1', '__proto__', '__proto__'),
  key('filters[str]=a', 'str', 'filters'),
  key('filters[siteName][$foo]=1', '$foo', 'filters', 'siteName.$foo'),
  key('filters[constructor]=1', 'constructor', 'filters'),
  filter('filters[maintenance]=yes', 'Invalid boolean value "yes" for attribute "maintenance"', 'maintenance', 'maintenance'),
  filter('filters[siteName][$in][x]=1', 'Invalid value for $in on "siteName": expected a scalar value', '0', 'siteName.$in.0'),
  key('sort=nope', 'nope', 'sort'),
  key('fields=str', 'str', 'fields'),
  pagination('pagination[page]=abc', 'Invalid pagination parameter page: expected an integer, got "abc"', 'page'),
  unparsable('filters[siteName]=%E0%A4%A', 'malformed percent-encoding in "%E0%A4%A"'),
  unparsable(`filters${repeat('[$not]', 20)}[siteName]=a`, DEPTH),
];

/** Queries that look odd but mean something harmless: they are answered, with these documents (by str). */
const ACCEPTED: readonly (readonly [query: string, strs: readonly (string | null)[]])[] = [
  ['', ['a', 'b', null]],
  ['=', ['a', 'b', null]],
  ['=1', ['a', 'b', null]],
  ['&&&', ['a', 'b', null]],
  ['filters=', ['a', 'b', null]],
  ['sort=', ['a', 'b', null]],
  ['fields=', ['a', 'b', null]],
  ['pagination=', ['a', 'b', null]],
  ['populate=', ['a', 'b', null]],
  ['populate=*', ['a', 'b', null]],
  // A bare key is null under strictNullHandling: `$eq null` is IS NULL, a bare `$null` is false (reference §3).
  ['filters[str]', [null]],
  ['filters[str][$null]', ['a', 'b']],
  ['filters[str][$null]=maybe', [null]],
  ['filters[str]=', []],
  ['filters[str][$eq]=__proto__', []],
  ['filters[str][$contains]=constructor', []],
  ['filters[enm]=delta', []],
  [`filters${repeat('[$not]', 18)}[str][$eq]=a`, ['a']],
  // Indexes past qs's arrayLimit become an object with index keys: still a list.
  ['filters[int][$in][0]=1&filters[int][$in][200]=3', ['a', null]],
  ['filters[int][$in][999999]=2', ['b']],
  [list(100, (index) => `filters[int][$in][${index}]=${index}`), ['a', 'b', null]],
  [list(101, (index) => `filters[int][$in][${index}]=${index + 2}`), ['b', null]],
  [list(500, (index) => `filters[int][$in][${index}]=${index + 3}`), [null]],
  [list(150, (index) => `filters[int][$notIn][]=${index + 1}`), []],
  ['pagination[pageSize]=-5&sort=int:desc', [null]],
  // A page far past the end is an empty page (reference §4), however far.
  ['pagination[page]=99999999999', []],
  ['pagination[page]=9007199254740991&pagination[pageSize]=100', []],
  ['pagination[start]=99999999999', []],
  ['pagination[start]=9007199254740991&pagination[limit]=-1', []],
  ['pagination[start]=-1&pagination[limit]=1', ['a']],
];

describe('hostile query strings', () => {
  let t: TestApp;
  let documentId: string;
  before(async () => {
    t = await startTestApp();
    for (const data of [{ str: 'a', int: 1 }, { str: 'b', int: 2 }, { int: 3 }]) assert.equal((await t.post('/api/samples', { data })).status, 201);
    documentId = (await t.get('/api/samples?sort=id&pagination[pageSize]=1')).body.data[0].documentId;
    assert.equal((await t.put('/api/setting', { data: { siteName: 'Site' } })).status, 200);
  });
  after(() => t.close());

  async function snapshot(): Promise<unknown[]> {
    const { db } = t.app.database;
    return Promise.all(['samples', 'settings'].map((table) => db.selectFrom(table).selectAll().orderBy('id').execute()));
  }

  describe('refused with a 4xx in the envelope, on reads and writes alike, writing nothing', () => {
    for (const { query, status, name, message, details } of CASES) {
      it(query.length > 120 ? `${query.slice(0, 120)}… (${query.length} chars)` : query, async () => {
        const expected = { status, body: { data: null, error: { status, name, message, details } } };
        const before = await snapshot();
        const requests: [string, string, unknown][] = [
          ['GET', '/api/samples', undefined],
          ['POST', '/api/samples', { data: { str: 'written' } }],
          ['PUT', `/api/samples/${documentId}`, { data: { str: 'written' } }],
          ['DELETE', `/api/samples/${documentId}`, undefined],
        ];
        // Independent refusals: sent together to keep the suite fast.
        const responses = await Promise.all(requests.map(([method, url, body]) => t.request(method, `${url}?${query}`, body === undefined ? {} : { body })));
        responses.forEach((response, index) => {
          const request = `${requests[index]?.[0]} ${requests[index]?.[1]}`;
          assert.deepEqual({ request, status: response.status, body: response.body }, { request, ...expected });
        });
        assert.deepEqual(await snapshot(), before);
      });
    }
  });

  describe('refused on the single type’s routes too, writing nothing', () => {
    for (const { query, status, name, message, details } of SINGLE_CASES) {
      it(query, async () => {
        const expected = { status, body: { data: null, error: { status, name, message, details } } };
        const before = await snapshot();
        for (const [method, body] of [['GET', undefined], ['PUT', { data: { siteName: 'written' } }], ['DELETE', undefined]] as const) {
          const response = await t.request(method, `/api/setting?${query}`, body === undefined ? {} : { body });
          assert.deepEqual({ request: method, status: response.status, body: response.body }, { request: method, ...expected });
        }
        assert.deepEqual(await snapshot(), before);
      });
    }
  });

  describe('odd but harmless queries are answered', () => {
    for (const [query, strs] of ACCEPTED) {
      it(query.length > 120 ? `${query.slice(0, 120)}… (${query.length} chars)` : query || '(empty)', async () => {
        const response = await t.get(`/api/samples?${query}`);
        assert.equal(response.status, 200, response.text);
        assert.deepEqual(
          response.body.data.map((document: { str: string | null }) => document.str),
          strs,
        );
      });
    }
  });

  describe('$in with 1000 values is the most a filter takes', () => {
    const inList = (count: number) => list(count, (index) => `filters[int][$in][${index}]=${index}`);

    // 1000 `[$in][n]=n` pairs are about 24 KB: over Node's 16 KiB header limit, so over real HTTP
    // they never reach the parser. These two go through Fastify's inject to test the parser's bound.
    it('1000 values are accepted (through inject)', async () => {
      const response = await t.app.fastify.inject({ method: 'GET', url: `/api/samples?${inList(1000)}` });
      assert.equal(response.statusCode, 200);
      assert.deepEqual(JSON.parse(response.body).meta.pagination.total, 3);
    });

    it('1001 values → 400 (through inject)', async () => {
      const response = await t.app.fastify.inject({ method: 'GET', url: `/api/samples?${inList(1001)}` });
      assert.deepEqual(
        { status: response.statusCode, body: JSON.parse(response.body) },
        {
          status: 400,
          body: {
            data: null,
            error: { status: 400, name: 'ValidationError', message: 'Too many values for $in (at most 1000)', details: { key: '$in', path: 'int.$in', source: 'query', param: 'filters' } },
          },
        },
      );
    });

    it('1000 values over real HTTP', async () => {
      const response = await t.get(`/api/samples?${inList(1000)}`);
      assert.equal(response.status, 200);
    });
  });

  it('no prototype was polluted by any of the above', () => {
    for (const name of ['x', 'str', 'polluted']) assert.equal(name in Object.prototype, false, name);
  });
});

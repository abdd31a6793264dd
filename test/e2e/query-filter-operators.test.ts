import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import qs from 'qs';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Every comparison operator on every scalar type of `samples`, over HTTP. Five documents are
 * seeded (A, B, C, D and N, whose attributes are all null); each case names the exact set of
 * documents it must match, or REJECTED when the type does not take the operator (400).
 *
 * Null rows: the negations ($ne, $nei, $notIn, $notContains, $notContainsi) also match N
 * (DECISIONS, deliberate deviation); ordering and LIKE operators never do.
 */

const OPERATORS = [
  '$eq', '$eqi', '$ne', '$nei', '$lt', '$lte', '$gt', '$gte', '$in', '$notIn',
  '$contains', '$notContains', '$containsi', '$notContainsi', '$null', '$notNull',
  '$between', '$startsWith', '$startsWithi', '$endsWith', '$endsWithi',
] as const;
type Operator = (typeof OPERATORS)[number];

const REJECTED = Symbol('rejected');
/** [operator, value, matching keys (space separated) or REJECTED] */
type Case = readonly [Operator, unknown, string | typeof REJECTED];

const KEYS = ['A', 'B', 'C', 'D', 'N'] as const;

const DOCS: Readonly<Record<(typeof KEYS)[number], Record<string, unknown>>> = {
  A: {
    str: 'Apple', txt: 'Hello World', rich: '# Title\n**bold**', enm: 'alpha', mail: 'ann@example.com', slug: 'apple',
    day: '2024-01-15', clock: '08:30:00.000', moment: '2024-01-15T10:00:00.000Z', stamp: 1705312800000,
    int: -5, big: '-9223372036854775807', flt: 1.5, dec: '10.25', flag: true,
    obj: { color: 'Red', n: 1 }, list: ['x', 'y'], blk: [{ type: 'paragraph', children: [{ type: 'text', text: 'Hello' }] }],
  },
  B: {
    str: 'banana', txt: 'hello there', rich: 'plain *text*', enm: 'beta', mail: 'Bob@Example.org', slug: 'banana',
    day: '2024-06-30', clock: '12:00:00.000', moment: '2024-06-30T23:59:59.999Z', stamp: '2024-02-01T00:00:00+01:00',
    int: 0, big: '0', flt: 2.25, dec: '9.5', flag: false,
    obj: { color: 'blue' }, list: ['Y'], blk: [{ type: 'paragraph', children: [{ type: 'text', text: 'hello world' }] }],
  },
  C: {
    str: 'Cherry Pie', txt: 'goodbye', rich: 'Bold move', enm: 'gamma', mail: 'carl@test.io', slug: 'cherry-pie',
    day: '2025-01-01', clock: '23:59:59.999', moment: '2024-07-01T00:00:00.000Z', stamp: '1709251200000',
    int: 42, big: '9000000000', flt: -3.75, dec: '100', flag: true,
    obj: [1, 2, 3], list: [], blk: [{ type: 'heading', level: 2, children: [{ type: 'text', text: 'Other' }] }],
  },
  D: {
    str: 'APPLE', txt: '', rich: 'title', enm: 'alpha', mail: 'ANN@EXAMPLE.COM', slug: 'apple-2',
    day: '2023-12-31', clock: '00:00:00.000', moment: '2023-12-31T12:00:00.000Z', stamp: '1999-12-31T23:59:59.999Z',
    int: 2147483647, big: '9223372036854775807', flt: 0.1, dec: '0.001', flag: false,
    obj: 'text', list: [1, true], blk: [],
  },
  N: {},
};

const TEXT_LIKE_ONLY = ['$contains', '$notContains', '$containsi', '$notContainsi'] as const;

/** The operators a JSON-stored type (json, blocks, array) rejects. */
function jsonRejections(): Case[] {
  const allowed = new Set<Operator>(['$null', '$notNull', ...TEXT_LIKE_ONLY]);
  return OPERATORS.filter((op) => !allowed.has(op)).map((op): Case => [op, op === '$in' || op === '$notIn' || op === '$between' ? ['a', 'b'] : 'a', REJECTED]);
}

const MATRIX: Readonly<Record<string, { readonly type: string; readonly cases: readonly Case[] }>> = {
  str: {
    type: 'string',
    cases: [
      ['$eq', 'Apple', 'A'],
      ['$eqi', 'apple', 'A D'],
      ['$ne', 'Apple', 'B C D N'],
      ['$nei', 'APPLE', 'B C N'],
      ['$lt', 'B', 'A D'],
      ['$lte', 'Apple', 'A D'],
      ['$gt', 'Cherry Pie', 'B'],
      ['$gte', 'Cherry Pie', 'B C'],
      ['$in', ['Apple', 'banana', 'nope'], 'A B'],
      ['$notIn', ['Apple', 'banana'], 'C D N'],
      ['$contains', 'pp', 'A'],
      ['$notContains', 'pp', 'B C D N'],
      ['$containsi', 'PP', 'A D'],
      ['$notContainsi', 'AN', 'A C D N'],
      ['$null', 'true', 'N'],
      ['$notNull', 'true', 'A B C D'],
      ['$between', ['Apple', 'Cherry Pie'], 'A C'],
      ['$startsWith', 'Ch', 'C'],
      ['$startsWithi', 'a', 'A D'],
      ['$endsWith', 'Pie', 'C'],
      ['$endsWithi', 'PLE', 'A D'],
    ],
  },
  txt: {
    type: 'text',
    cases: [
      ['$eq', '', 'D'],
      ['$eqi', 'HELLO WORLD', 'A'],
      ['$ne', '', 'A B C N'],
      ['$nei', 'hello world', 'B C D N'],
      ['$lt', 'h', 'A C D'],
      ['$lte', 'hello there', 'A B C D'],
      ['$gt', 'goodbye', 'B'],
      ['$gte', 'goodbye', 'B C'],
      ['$in', ['', 'goodbye'], 'C D'],
      ['$notIn', ['', 'goodbye'], 'A B N'],
      ['$contains', 'ello', 'A B'],
      ['$notContains', 'World', 'B C D N'],
      ['$containsi', 'WORLD', 'A'],
      ['$notContainsi', 'HELLO', 'C D N'],
      ['$null', 'false', 'A B C D'],
      ['$notNull', 'false', 'N'],
      ['$between', ['a', 'i'], 'B C'],
      ['$startsWith', 'H', 'A'],
      ['$startsWithi', 'h', 'A B'],
      ['$endsWith', 'e', 'B C'],
      ['$endsWithi', 'RE', 'B'],
    ],
  },
  rich: {
    type: 'richtext',
    cases: [
      ['$eq', 'title', 'D'],
      ['$eqi', 'TITLE', 'D'],
      ['$ne', 'title', 'A B C N'],
      ['$nei', 'TITLE', 'A B C N'],
      ['$lt', 'C', 'A C'],
      ['$lte', 'Bold move', 'A C'],
      ['$gt', 'plain *text*', 'D'],
      ['$gte', 'plain *text*', 'B D'],
      ['$in', ['title', 'Bold move'], 'C D'],
      ['$notIn', ['title'], 'A B C N'],
      ['$contains', 'bold', 'A'],
      ['$notContains', '*', 'C D N'],
      ['$containsi', 'BOLD', 'A C'],
      ['$notContainsi', 'title', 'B C N'],
      ['$null', '1', 'N'],
      ['$notNull', '1', 'A B C D'],
      ['$between', ['B', 'q'], 'B C'],
      ['$startsWith', '#', 'A'],
      ['$startsWithi', 'b', 'C'],
      ['$endsWith', '*', 'A B'],
      ['$endsWithi', 'MOVE', 'C'],
      // A newline inside the value is matched as any other character.
      ['$contains', 'Title\n**', 'A'],
    ],
  },
  enm: {
    type: 'enumeration',
    cases: [
      ['$eq', 'alpha', 'A D'],
      ['$eqi', 'ALPHA', 'A D'],
      ['$ne', 'alpha', 'B C N'],
      ['$nei', 'BETA', 'A C D N'],
      ['$lt', 'beta', 'A D'],
      ['$lte', 'beta', 'A B D'],
      ['$gt', 'beta', 'C'],
      ['$gte', 'beta', 'B C'],
      ['$in', ['beta', 'gamma'], 'B C'],
      ['$notIn', ['alpha'], 'B C N'],
      ['$contains', 'a', 'A B C D'],
      ['$notContains', 'ph', 'B C N'],
      ['$containsi', 'AMM', 'C'],
      ['$notContainsi', 'A', 'N'],
      ['$null', '0', 'A B C D'],
      ['$notNull', '0', 'N'],
      ['$between', ['alpha', 'beta'], 'A B D'],
      ['$startsWith', 'g', 'C'],
      ['$startsWithi', 'B', 'B'],
      ['$endsWith', 'ta', 'B'],
      ['$endsWithi', 'MA', 'C'],
      // A value outside the enumeration is not an error: it matches nothing.
      ['$eq', 'delta', ''],
    ],
  },
  mail: {
    type: 'email',
    cases: [
      ['$eq', 'ann@example.com', 'A'],
      ['$eqi', 'Ann@Example.Com', 'A D'],
      ['$ne', 'ann@example.com', 'B C D N'],
      ['$nei', 'ANN@example.com', 'B C N'],
      ['$lt', 'a', 'B D'],
      ['$lte', 'ann@example.com', 'A B D'],
      ['$gt', 'b', 'C'],
      ['$gte', 'carl@test.io', 'C'],
      ['$in', ['carl@test.io', 'bob@example.org'], 'C'],
      ['$notIn', ['carl@test.io'], 'A B D N'],
      ['$contains', 'example', 'A'],
      ['$notContains', '@', 'N'],
      ['$containsi', 'EXAMPLE', 'A B D'],
      ['$notContainsi', '.COM', 'B C N'],
      ['$null', 't', 'N'],
      ['$notNull', 't', 'A B C D'],
      ['$between', ['B', 'b'], 'A B'],
      ['$startsWith', 'ANN', 'D'],
      ['$startsWithi', 'ann', 'A D'],
      ['$endsWith', '.org', 'B'],
      ['$endsWithi', '.COM', 'A D'],
    ],
  },
  slug: {
    type: 'uid',
    cases: [
      ['$eq', 'apple', 'A'],
      ['$eqi', 'APPLE-2', 'D'],
      ['$ne', 'apple', 'B C D N'],
      ['$nei', 'APPLE', 'B C D N'],
      ['$lt', 'apple-2', 'A'],
      ['$lte', 'apple-2', 'A D'],
      ['$gt', 'banana', 'C'],
      ['$gte', 'banana', 'B C'],
      ['$in', ['apple', 'cherry-pie'], 'A C'],
      ['$notIn', ['apple', 'cherry-pie'], 'B D N'],
      ['$contains', '-', 'C D'],
      ['$notContains', '-', 'A B N'],
      ['$containsi', 'AN', 'B'],
      ['$notContainsi', 'APPLE', 'B C N'],
      ['$null', 'f', 'A B C D'],
      ['$notNull', 'f', 'N'],
      ['$between', ['apple', 'b'], 'A D'],
      ['$startsWith', 'apple', 'A D'],
      ['$startsWithi', 'CH', 'C'],
      ['$endsWith', '-2', 'D'],
      ['$endsWithi', 'PIE', 'C'],
    ],
  },
  day: {
    type: 'date',
    cases: [
      ['$eq', '2024-01-15', 'A'],
      ['$eqi', '2024-01-15', 'A'],
      ['$ne', '2024-01-15', 'B C D N'],
      ['$nei', '2024-06-30', 'A C D N'],
      ['$lt', '2024-01-15', 'D'],
      ['$lte', '2024-01-15', 'A D'],
      ['$gt', '2024-06-30', 'C'],
      ['$gte', '2024-06-30', 'B C'],
      ['$in', ['2024-01-15', '2025-01-01'], 'A C'],
      ['$notIn', ['2024-01-15'], 'B C D N'],
      ['$contains', '-01-', 'A C'],
      ['$notContains', '2024', 'C D N'],
      ['$containsi', '-06-', 'B'],
      ['$notContainsi', '-01', 'B D N'],
      ['$null', 'true', 'N'],
      ['$notNull', 'true', 'A B C D'],
      ['$between', ['2024-01-01', '2024-12-31'], 'A B'],
      ['$startsWith', '2024', 'A B'],
      ['$startsWithi', '2025', 'C'],
      ['$endsWith', '-31', 'D'],
      ['$endsWithi', '01', 'C'],
      // A longer ISO string is cut to its date, as the reference does.
      ['$eq', '2024-01-15T18:00:00.000Z', 'A'],
    ],
  },
  clock: {
    type: 'time',
    cases: [
      ['$eq', '08:30', 'A'],
      ['$eqi', '08:30:00.000', 'A'],
      ['$ne', '12:00:00', 'A C D N'],
      ['$nei', '12:00:00.000', 'A C D N'],
      ['$lt', '08:30', 'D'],
      ['$lte', '08:30:00', 'A D'],
      ['$gt', '12:00', 'C'],
      ['$gte', '12:00', 'B C'],
      ['$in', ['00:00', '23:59:59.999'], 'C D'],
      ['$notIn', ['00:00'], 'A B C N'],
      ['$contains', ':00:', 'B D'],
      ['$notContains', '.000', 'C N'],
      ['$containsi', '59', 'C'],
      ['$notContainsi', '00', 'C N'],
      ['$null', 'true', 'N'],
      ['$notNull', 'true', 'A B C D'],
      ['$between', ['08:00', '12:00'], 'A B'],
      ['$startsWith', '0', 'A D'],
      ['$startsWithi', '23', 'C'],
      ['$endsWith', '.999', 'C'],
      ['$endsWithi', '00.000', 'A B D'],
    ],
  },
  moment: {
    type: 'datetime',
    cases: [
      ['$eq', '2024-01-15T12:00:00+02:00', 'A'],
      ['$eqi', '2024-01-15t10:00:00.000z', 'A'],
      ['$ne', '2024-01-15T10:00:00Z', 'B C D N'],
      ['$nei', '2024-06-30T23:59:59.999Z', 'A C D N'],
      ['$lt', '2024-07-01', 'A B D'],
      ['$lte', '2024-07-01', 'A B C D'],
      ['$gt', '2024-06-30T23:59:59.999Z', 'C'],
      ['$gte', '2024-06-30T23:59:59.999Z', 'B C'],
      ['$in', ['2024-01-15T10:00:00.000Z', '1719792000000'], 'A C'],
      ['$notIn', ['2023-12-31T12:00:00Z'], 'A B C N'],
      ['$contains', 'T00:00', 'C'],
      ['$notContains', '2024', 'D N'],
      ['$containsi', 't23:59', 'B'],
      ['$notContainsi', 'z', 'N'],
      ['$null', 'true', 'N'],
      ['$notNull', 'true', 'A B C D'],
      ['$between', ['2024-06-30T00:00:00Z', '2024-06-30T23:59:59.999Z'], 'B'],
      ['$startsWith', '2024-0', 'A B C'],
      ['$startsWithi', '2023', 'D'],
      ['$endsWith', '.999Z', 'B'],
      ['$endsWithi', ':00.000z', 'A C D'],
    ],
  },
  stamp: {
    type: 'timestamp',
    cases: [
      ['$eq', '1705312800000', 'A'],
      ['$eqi', '2024-01-31T23:00:00.000Z', 'B'],
      ['$ne', '2024-03-01T00:00:00Z', 'A B D N'],
      ['$nei', '2024-03-01T00:00:00.000z', 'A B D N'],
      ['$lt', '2024-01-31T23:00:00.000Z', 'A D'],
      ['$lte', '2024-02-01T00:00:00+01:00', 'A B D'],
      ['$gt', '1705312800000', 'B C'],
      ['$gte', '1999-12-31T23:59:59.999Z', 'A B C D'],
      ['$in', ['1706742000000', '2024-03-01T01:00:00+01:00'], 'B C'],
      ['$notIn', ['1999-12-31T23:59:59.999Z'], 'A B C N'],
      ['$contains', '1999', 'D'],
      ['$notContains', '2024-0', 'D N'],
      ['$containsi', 't23:', 'B D'],
      ['$notContainsi', 'T00:00', 'A B D N'],
      ['$null', 'true', 'N'],
      ['$notNull', 'true', 'A B C D'],
      ['$between', ['2024-01-01', '2024-02-01'], 'A B'],
      ['$startsWith', '2024-01', 'A B'],
      ['$startsWithi', '1999', 'D'],
      ['$endsWith', '.999Z', 'D'],
      ['$endsWithi', '00.000z', 'A B C'],
    ],
  },
  int: {
    type: 'integer',
    cases: [
      ['$eq', '-5', 'A'],
      ['$eqi', '42', 'C'],
      ['$ne', '0', 'A C D N'],
      ['$nei', '0', 'A C D N'],
      ['$lt', '0', 'A'],
      ['$lte', '0', 'A B'],
      ['$gt', '42', 'D'],
      ['$gte', '42', 'C D'],
      ['$in', ['0', '42'], 'B C'],
      ['$notIn', ['0', '42'], 'A D N'],
      ['$contains', '4', 'C D'],
      ['$notContains', '4', 'A B N'],
      ['$containsi', '-', 'A'],
      ['$notContainsi', '7', 'A B C N'],
      ['$null', 'true', 'N'],
      ['$notNull', 'true', 'A B C D'],
      ['$between', ['-5', '42'], 'A B C'],
      ['$startsWith', '2', 'D'],
      ['$startsWithi', '-', 'A'],
      ['$endsWith', '2', 'C'],
      ['$endsWithi', '47', 'D'],
      // Numbers compare as numbers, not text: '10' < '9' as text, 10 > 9 as numbers.
      ['$gt', '9', 'C D'],
    ],
  },
  big: {
    type: 'biginteger',
    cases: [
      ['$eq', '9223372036854775807', 'D'],
      ['$eqi', '9223372036854775807', 'D'],
      ['$ne', '0', 'A C D N'],
      ['$nei', '-9223372036854775807', 'B C D N'],
      ['$lt', '9223372036854775807', 'A B C'],
      ['$lte', '-9223372036854775807', 'A'],
      ['$gt', '9223372036854775806', 'D'],
      ['$gte', '9000000000', 'C D'],
      ['$in', ['0', '9000000000'], 'B C'],
      ['$notIn', ['0'], 'A C D N'],
      ['$contains', '9000', 'C'],
      ['$notContains', '-', 'B C D N'],
      ['$containsi', '5807', 'A D'],
      ['$notContainsi', '9', 'B N'],
      ['$null', 'true', 'N'],
      ['$notNull', 'true', 'A B C D'],
      ['$between', ['-1', '9223372036854775807'], 'B C D'],
      ['$startsWith', '-92', 'A'],
      ['$startsWithi', '90', 'C'],
      ['$endsWith', '807', 'A D'],
      ['$endsWithi', '0', 'B C'],
      // One unit apart at the top of the range: compared exactly, not as doubles.
      ['$eq', '9223372036854775806', ''],
      ['$eqi', '9223372036854775806', ''],
    ],
  },
  flt: {
    type: 'float',
    cases: [
      ['$eq', '1.5', 'A'],
      ['$eqi', '2.25', 'B'],
      ['$ne', '0.1', 'A B C N'],
      ['$nei', '1.5', 'B C D N'],
      ['$lt', '0.1', 'C'],
      ['$lte', '0.1', 'C D'],
      ['$gt', '1.5', 'B'],
      ['$gte', '1.5', 'A B'],
      ['$in', ['0.1', '-3.75'], 'C D'],
      ['$notIn', ['0.1'], 'A B C N'],
      ['$contains', '.', 'A B C D'],
      ['$notContains', '5', 'D N'],
      ['$containsi', '-3', 'C'],
      ['$notContainsi', '.', 'N'],
      ['$null', 'true', 'N'],
      ['$notNull', 'true', 'A B C D'],
      ['$between', ['0', '2'], 'A D'],
      ['$startsWith', '0.', 'D'],
      ['$startsWithi', '2', 'B'],
      ['$endsWith', '5', 'A B C'],
      ['$endsWithi', '.1', 'D'],
    ],
  },
  dec: {
    type: 'decimal',
    cases: [
      ['$eq', '10.250', 'A'],
      ['$eqi', '9.5', 'B'],
      ['$ne', '100', 'A B D N'],
      ['$nei', '100', 'A B D N'],
      // As numbers, not as text ('100' < '9.5' as text).
      ['$lt', '10', 'B D'],
      ['$lte', '10.25', 'A B D'],
      ['$gt', '9.5', 'A C'],
      ['$gte', '100', 'C'],
      ['$in', ['9.50', '100.0'], 'B C'],
      ['$notIn', ['9.5'], 'A C D N'],
      ['$contains', '.', 'A B D'],
      ['$notContains', '0', 'B N'],
      ['$containsi', '.00', 'D'],
      ['$notContainsi', '1', 'B N'],
      ['$null', 'true', 'N'],
      ['$notNull', 'true', 'A B C D'],
      ['$between', ['1', '99.99'], 'A B'],
      ['$startsWith', '1', 'A C'],
      ['$startsWithi', '0.', 'D'],
      ['$endsWith', '5', 'A B'],
      ['$endsWithi', '00', 'C'],
      ['$eq', '1e2', 'C'],
    ],
  },
  flag: {
    type: 'boolean',
    cases: [
      ['$eq', 'true', 'A C'],
      ['$eqi', 'true', REJECTED],
      ['$ne', 'true', 'B D N'],
      ['$nei', 'true', REJECTED],
      ['$lt', 'true', 'B D'],
      ['$lte', 'false', 'B D'],
      ['$gt', 'false', 'A C'],
      ['$gte', 'false', 'A B C D'],
      ['$in', ['t'], 'A C'],
      ['$notIn', ['f'], 'A C N'],
      ['$contains', 'true', REJECTED],
      ['$notContains', 'true', REJECTED],
      ['$containsi', 'true', REJECTED],
      ['$notContainsi', 'true', REJECTED],
      ['$null', 'true', 'N'],
      ['$notNull', 'true', 'A B C D'],
      ['$between', ['false', 'true'], 'A B C D'],
      ['$startsWith', 't', REJECTED],
      ['$startsWithi', 't', REJECTED],
      ['$endsWith', 'e', REJECTED],
      ['$endsWithi', 'e', REJECTED],
      ['$in', ['0', '1'], 'A B C D'],
    ],
  },
  obj: {
    type: 'json',
    cases: [
      ...jsonRejections(),
      ['$contains', 'Red', 'A'],
      ['$notContains', 'color', 'C D N'],
      ['$containsi', 'RED', 'A'],
      ['$notContainsi', 'COLOR', 'C D N'],
      ['$null', 'true', 'N'],
      ['$notNull', 'true', 'A B C D'],
    ],
  },
  list: {
    type: 'array',
    cases: [
      ...jsonRejections(),
      ['$contains', '"y"', 'A'],
      ['$notContains', 'x', 'B C D N'],
      ['$containsi', '"Y"', 'A B'],
      ['$notContainsi', 'TRUE', 'A B C N'],
      ['$null', 'true', 'N'],
      ['$notNull', 'true', 'A B C D'],
    ],
  },
  blk: {
    type: 'blocks',
    cases: [
      ...jsonRejections(),
      ['$contains', 'Hello', 'A'],
      ['$notContains', 'Hello', 'B C D N'],
      ['$containsi', 'HELLO', 'A B'],
      ['$notContainsi', 'PARAGRAPH', 'C D N'],
      ['$null', 'true', 'N'],
      ['$notNull', 'true', 'A B C D'],
    ],
  },
};

function sortedKeys(text: string): string {
  return text.split(' ').filter(Boolean).sort().join(' ');
}

describe('filter operators on every scalar type', () => {
  let t: TestApp;
  const keyOf = new Map<string, string>();

  before(async () => {
    t = await startTestApp();
    for (const key of KEYS) {
      const response = await t.post('/api/samples', { data: DOCS[key] });
      assert.equal(response.status, 201, `seeding ${key}: ${response.text}`);
      keyOf.set(response.body.data.documentId, key);
    }
  });
  after(() => t.close());

  /** The keys of the documents a filter matches, sorted, or the error response. */
  async function match(filters: unknown): Promise<string> {
    const response = await t.get(`/api/samples?${qs.stringify({ filters, fields: ['id'], pagination: { pageSize: 100 } }, { encodeValuesOnly: true })}`);
    assert.equal(response.status, 200, response.text);
    const keys = (response.body.data as { documentId: string }[]).map((document) => keyOf.get(document.documentId) ?? '?');
    assert.equal(response.body.meta.pagination.total, keys.length);
    return keys.sort().join(' ');
  }

  it('seeds what the matrix assumes (uid values, stored forms)', async () => {
    const response = await t.get('/api/samples?fields=slug,stamp,dec&sort=id');
    assert.deepEqual(
      response.body.data.map((document: Record<string, unknown>) => [keyOf.get(document.documentId as string), document.slug, document.stamp, document.dec]),
      [
        ['A', 'apple', '2024-01-15T10:00:00.000Z', 10.25],
        ['B', 'banana', '2024-01-31T23:00:00.000Z', 9.5],
        ['C', 'cherry-pie', '2024-03-01T00:00:00.000Z', 100],
        ['D', 'apple-2', '1999-12-31T23:59:59.999Z', 0.001],
        ['N', null, null, null],
      ],
    );
  });

  it('the matrix covers every operator on every scalar type of samples', () => {
    assert.deepEqual(
      Object.values(MATRIX).map((entry) => entry.type).sort(),
      ['array', 'biginteger', 'blocks', 'boolean', 'date', 'datetime', 'decimal', 'email', 'enumeration', 'float', 'integer', 'json', 'richtext', 'string', 'text', 'time', 'timestamp', 'uid'],
    );
    for (const [attribute, { cases }] of Object.entries(MATRIX)) {
      assert.deepEqual(new Set(cases.map(([op]) => op)), new Set(OPERATORS), attribute);
    }
  });

  for (const [attribute, { type, cases }] of Object.entries(MATRIX)) {
    describe(`${attribute} (${type})`, () => {
      for (const [op, value, expected] of cases) {
        const label = `${op} ${JSON.stringify(value)}`;
        if (expected === REJECTED) {
          it(`${label} → 400`, async () => {
            const response = await t.get(`/api/samples?${qs.stringify({ filters: { [attribute]: { [op]: value } } }, { encodeValuesOnly: true })}`);
            assert.equal(response.status, 400);
            assert.deepEqual(response.body, {
              data: null,
              error: {
                status: 400,
                name: 'ValidationError',
                message: `Operator ${op} is not supported on ${type} attribute "${attribute}"`,
                details: { key: op, path: `${attribute}.${op}`, source: 'query', param: 'filters' },
              },
            });
          });
        } else {
          it(`${label} → [${expected}]`, async () => {
            assert.equal(await match({ [attribute]: { [op]: value } }), sortedKeys(expected));
          });
        }
      }
    });
  }

  describe('logical operators', () => {
    const cases: readonly (readonly [string, unknown, string])[] = [
      ['several top-level attributes combine with AND', { enm: 'alpha', flag: 'true' }, 'A'],
      ['several operators on one attribute combine with AND', { int: { $gt: '-10', $lt: '10' } }, 'A B'],
      ['$or at the root', { $or: [{ str: { $eq: 'Apple' } }, { int: { $gt: '10' } }] }, 'A C D'],
      ['$and at the root', { $and: [{ enm: 'alpha' }, { flag: { $eq: 'false' } }] }, 'D'],
      ['$or of groups holding several attributes', { $or: [{ enm: 'alpha', flag: 'true' }, { enm: 'gamma', int: { $lt: '0' } }, { str: 'banana' }] }, 'A B'],
      // $not matches documents whose inner condition is false or unknown (null attribute), so N
      // is matched, consistently with $ne (the reference's SQL drops N).
      ['$not at the root', { $not: { str: { $eq: 'Apple' } } }, 'B C D N'],
      ['$not of a negation', { $not: { str: { $ne: 'Apple' } } }, 'A'],
      ['$not of $null', { $not: { int: { $null: 'true' } } }, 'A B C D'],
      ['$not of $or', { $not: { $or: [{ str: 'Apple' }, { str: 'banana' }] } }, 'C D N'],
      ['$or inside $and inside $not', { $not: { $and: [{ $or: [{ enm: 'alpha' }, { enm: 'beta' }] }, { flag: 'true' }] } }, 'B C D N'],
      ['$not at attribute level', { int: { $not: { $gt: '0' } } }, 'A B N'],
      ['$not at attribute level with several operators', { int: { $not: { $gt: '-10', $lt: '10' } } }, 'C D N'],
      ['$or at attribute level', { str: { $or: [{ $eq: 'Apple' }, { $eq: 'banana' }] } }, 'A B'],
      ['$and at attribute level', { int: { $and: [{ $gt: '-10' }, { $lt: '10' }] } }, 'A B'],
      ['$or at attribute level holding a $not', { int: { $or: [{ $not: { $gte: '0' } }, { $eq: '42' }] } }, 'A C N'],
      [
        'three levels: $or of $and of $not, and a double $not',
        { $or: [{ $and: [{ $not: { int: { $lt: '0' } } }, { flag: 'true' }] }, { $not: { $not: { str: { $eq: 'APPLE' } } } }] },
        'C D',
      ],
      [
        'four levels: $and › $or › $not › $and',
        { $and: [{ $or: [{ $not: { $and: [{ enm: 'alpha' }, { flag: 'true' }] } }, { str: 'Apple' }] }, { int: { $notNull: 'true' } }] },
        'A B C D',
      ],
      ['$or whose members all miss', { $or: [{ str: 'nope' }, { int: { $gt: '1000000000000' } }] }, ''],
      ['$and mixing attribute-level $or and a root condition', { $and: [{ str: { $or: [{ $startsWithi: 'a' }, { $endsWith: 'Pie' }] } }, { flag: 'false' }] }, 'D'],
    ];
    for (const [label, filters, expected] of cases) {
      it(`${label} → [${expected}]`, async () => {
        assert.equal(await match(filters), sortedKeys(expected));
      });
    }

    it('$and or $or given an object instead of a list → 400', async () => {
      const response = await t.get('/api/samples?filters[$or][str]=Apple');
      assert.equal(response.status, 400);
      assert.deepEqual(response.body.error, {
        status: 400,
        name: 'ValidationError',
        message: '$or expects an array of filters',
        details: { key: '$or', path: '$or', source: 'query', param: 'filters' },
      });
    });

    it('a comparison operator where an attribute name is expected → 400 Invalid key', async () => {
      const response = await t.get('/api/samples?filters[$eq]=1');
      assert.equal(response.status, 400);
      assert.deepEqual(response.body.error, {
        status: 400,
        name: 'ValidationError',
        message: 'Invalid key $eq',
        details: { key: '$eq', path: null, source: 'query', param: 'filters' },
      });
    });

    it('an unknown operator nested in groups → 400 naming its path', async () => {
      const response = await t.get('/api/samples?filters[$not][$and][0][str][$like]=a');
      assert.equal(response.status, 400);
      assert.deepEqual(response.body.error, {
        status: 400,
        name: 'ValidationError',
        message: 'Invalid key $like at $not.$and.0.str.$like',
        details: { key: '$like', path: '$not.$and.0.str.$like', source: 'query', param: 'filters' },
      });
    });

    it('an unknown attribute nested in groups → 400 naming its path', async () => {
      const response = await t.get('/api/samples?filters[$or][0][$and][0][nope][$eq]=a');
      assert.equal(response.status, 400);
      assert.deepEqual(response.body.error, {
        status: 400,
        name: 'ValidationError',
        message: 'Invalid key nope at $or.0.$and.0.nope',
        details: { key: 'nope', path: '$or.0.$and.0.nope', source: 'query', param: 'filters' },
      });
    });
  });
});

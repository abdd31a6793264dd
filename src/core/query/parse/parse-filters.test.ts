import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertThrowsWith, registryWith } from '../../../../test/helpers/content-type.js';
import { ValidationError } from '../../shared/errors.js';
import type { FilterNode } from '../document-query.js';
import { parseFilters } from './parse-filters.js';

const registry = registryWith({
  title: { type: 'string' },
  views: { type: 'integer' },
  likes: { type: 'biginteger' },
  rating: { type: 'float' },
  price: { type: 'decimal' },
  flag: { type: 'boolean' },
  day: { type: 'date' },
  clock: { type: 'time' },
  moment: { type: 'datetime' },
  data: { type: 'json' },
  secret: { type: 'password' },
  notes: { type: 'text', private: true },
});
const type = registry.contentTypes[0]!;

/** A filter tree with attributes shown by name, so that expected trees stay readable. */
type Shown = { and: Shown[] } | { or: Shown[] } | { not: Shown } | [string, string, unknown];

function show(node: FilterNode | null): Shown | null {
  if (node === null) return null;
  switch (node.kind) {
    case 'and':
      return { and: node.children.map((child) => show(child) as Shown) };
    case 'or':
      return { or: node.children.map((child) => show(child) as Shown) };
    case 'not':
      return { not: show(node.child) as Shown };
    default:
      return node.kind === 'condition' ? [node.attribute.name, node.operator, node.value] : [node.kind, node.attribute.name, show(node.child)];
  }
}

const parse = (raw: unknown) => show(parseFilters(raw, type, registry));

/** Asserts a 400 ValidationError with exactly this message and details. */
function rejects(raw: unknown, message: string, details: Record<string, unknown>): void {
  assertThrowsWith(() => parseFilters(raw, type, registry), ValidationError, { message, details, status: 400 });
}

const at = (key: string, path: string | null) => ({ key, path, source: 'query', param: 'filters' });

describe('parseFilters: shapes', () => {
  it('returns null for no filters', () => {
    assert.equal(parseFilters(undefined, type, registry), null);
    assert.equal(parseFilters(null, type, registry), null);
    assert.equal(parseFilters('', type, registry), null);
    assert.equal(parseFilters({}, type, registry), null);
  });

  it('reads a bare value as $eq and a bare list as $in', () => {
    assert.deepEqual(parse({ title: 'Hello' }), ['title', '$eq', 'Hello']);
    assert.deepEqual(parse({ title: ['a', 'b'] }), ['title', '$in', ['a', 'b']]);
    // qs yields an index-keyed object past its arrayLimit; it is read as the same list.
    assert.deepEqual(parse({ title: { 1: 'b', 0: 'a' } }), ['title', '$in', ['a', 'b']]);
  });

  it('keeps the attribute objects of the content-type in conditions', () => {
    const node = parseFilters({ views: { $gt: '5' } }, type, registry);
    assert.deepEqual(node, { kind: 'condition', attribute: type.attributes.get('views'), operator: '$gt', value: 5 });
    assert.equal(node?.kind === 'condition' && node.attribute, type.attributes.get('views'));
  });

  it('combines several attributes and several operators with AND', () => {
    assert.deepEqual(parse({ title: { $startsWith: 'He', $endsWith: 'lo' }, views: { $gte: 1, $lt: '10' } }), {
      and: [
        { and: [['title', '$startsWith', 'He'], ['title', '$endsWith', 'lo']] },
        { and: [['views', '$gte', 1], ['views', '$lt', 10]] },
      ],
    });
  });

  it('reads $and, $or and $not groups at any depth', () => {
    assert.deepEqual(parse({ $or: [{ title: 'a' }, { views: { $gt: 3 }, flag: true }] }), {
      or: [['title', '$eq', 'a'], { and: [['views', '$gt', 3], ['flag', '$eq', true]] }],
    });
    assert.deepEqual(parse({ $and: [{ title: 'a' }] }), ['title', '$eq', 'a']);
    assert.deepEqual(parse({ $and: [] }), { and: [] });
    assert.deepEqual(parse({ $or: [] }), { or: [] });
    assert.deepEqual(parse({ $not: { title: 'a' } }), { not: ['title', '$eq', 'a'] });
    assert.deepEqual(parse({ $not: { $or: [{ title: 'a' }, { $not: { views: 2 } }] } }), {
      not: { or: [['title', '$eq', 'a'], { not: ['views', '$eq', 2] }] },
    });
  });

  it('reads $not, $and and $or inside an attribute', () => {
    assert.deepEqual(parse({ title: { $not: { $contains: 'x' } } }), { not: ['title', '$contains', 'x'] });
    assert.deepEqual(parse({ title: { $not: 'x' } }), { not: ['title', '$eq', 'x'] });
    assert.deepEqual(parse({ views: { $or: [{ $lt: 2 }, { $gt: 8 }] } }), { or: [['views', '$lt', 2], ['views', '$gt', 8]] });
  });

  it('filters on system attributes', () => {
    assert.deepEqual(parse({ id: '3' }), ['id', '$eq', 3]);
    assert.deepEqual(parse({ documentId: { $in: ['abc', 'def'] } }), ['documentId', '$in', ['abc', 'def']]);
    assert.deepEqual(parse({ createdAt: { $gt: '2024-01-01' } }), ['createdAt', '$gt', '2024-01-01T00:00:00.000Z']);
  });
});

describe('parseFilters: operators and values', () => {
  it('casts values to the attribute type', () => {
    assert.deepEqual(parse({ views: '12' }), ['views', '$eq', 12]);
    assert.deepEqual(parse({ likes: '9223372036854775807' }), ['likes', '$eq', 9223372036854775807n]);
    assert.deepEqual(parse({ rating: '4.5' }), ['rating', '$eq', 4.5]);
    assert.deepEqual(parse({ price: '019.990' }), ['price', '$eq', '19.99']);
    assert.deepEqual(parse({ flag: 'f' }), ['flag', '$eq', false]);
    assert.deepEqual(parse({ day: '2024-02-29T10:00:00Z' }), ['day', '$eq', '2024-02-29']);
    assert.deepEqual(parse({ clock: '10:30' }), ['clock', '$eq', '10:30:00.000']);
    assert.deepEqual(parse({ moment: '2024-01-15T10:00:00+01:00' }), ['moment', '$eq', '2024-01-15T09:00:00.000Z']);
    assert.deepEqual(parse({ title: 42 }), ['title', '$eq', '42']);
  });

  it('does not cast the values of text operators', () => {
    assert.deepEqual(parse({ views: { $contains: '12' } }), ['views', '$contains', '12']);
    assert.deepEqual(parse({ day: { $startsWith: '2024-13' } }), ['day', '$startsWith', '2024-13']);
    assert.deepEqual(parse({ title: { $eqi: 'HeLLo' } }), ['title', '$eqi', 'HeLLo']);
    assert.deepEqual(parse({ title: { $nei: 5 } }), ['title', '$nei', '5']);
  });

  it('wraps a single $in value and casts each element', () => {
    assert.deepEqual(parse({ views: { $in: '4' } }), ['views', '$in', [4]]);
    assert.deepEqual(parse({ views: { $notIn: ['1', '2'] } }), ['views', '$notIn', [1, 2]]);
    // A comma string is not split (reference §3).
    assert.deepEqual(parse({ title: { $in: 'a,b' } }), ['title', '$in', ['a,b']]);
  });

  it('turns a list given to a single-value operator into an OR', () => {
    assert.deepEqual(parse({ title: { $contains: ['a', 'b'] } }), { or: [['title', '$contains', 'a'], ['title', '$contains', 'b']] });
  });

  it('reads $between as exactly two cast bounds', () => {
    assert.deepEqual(parse({ views: { $between: ['1', '5'] } }), ['views', '$between', [1, 5]]);
    assert.deepEqual(parse({ day: { $between: ['2024-01-01', '2024-12-31'] } }), ['day', '$between', ['2024-01-01', '2024-12-31']]);
    rejects({ views: { $between: ['1'] } }, '$between expects exactly two values: [$between][0] and [$between][1]', at('$between', 'views.$between'));
    rejects({ views: { $between: '1,5' } }, '$between expects exactly two values: [$between][0] and [$between][1]', at('$between', 'views.$between'));
    rejects({ views: { $between: ['1', null] } }, '$between bounds cannot be null', at('$between', 'views.$between'));
  });

  it('reads $null and $notNull flags as the reference does', () => {
    assert.deepEqual(parse({ title: { $null: 'true' } }), ['title', '$null', true]);
    assert.deepEqual(parse({ title: { $null: '0' } }), ['title', '$null', false]);
    assert.deepEqual(parse({ title: { $notNull: 't' } }), ['title', '$notNull', true]);
    // Any other non-empty string is truthy, the empty string falsy, and a bare key (null) false.
    assert.deepEqual(parse({ title: { $null: 'yes' } }), ['title', '$null', true]);
    assert.deepEqual(parse({ title: { $null: '' } }), ['title', '$null', false]);
    assert.deepEqual(parse({ title: { $null: null } }), ['title', '$null', false]);
    // Allowed on types that admit no other operator.
    assert.deepEqual(parse({ data: { $null: true } }), ['data', '$null', true]);
    rejects({ title: { $null: { a: 1 } } }, 'Invalid value for $null: expected true or false', at('$null', 'title.$null'));
  });

  it('reads $eq and $ne null as null tests, and refuses null elsewhere', () => {
    assert.deepEqual(parse({ title: { $eq: null } }), ['title', '$eq', null]);
    assert.deepEqual(parse({ title: null }), ['title', '$eq', null]);
    assert.deepEqual(parse({ title: { $ne: null } }), ['title', '$ne', null]);
    rejects({ views: { $gt: null } }, '$gt needs a value', at('$gt', 'views.$gt'));
  });

  it('rejects values that do not fit the attribute type', () => {
    rejects({ views: 'abc' }, 'Invalid integer value "abc" for attribute "views"', at('views', 'views'));
    rejects({ views: { $gt: '1.5' } }, 'Invalid integer value "1.5" for attribute "views"', at('$gt', 'views.$gt'));
    rejects({ likes: '9223372036854775808' }, 'Invalid biginteger value "9223372036854775808" for attribute "likes"', at('likes', 'likes'));
    rejects({ rating: 'x' }, 'Invalid float value "x" for attribute "rating"', at('rating', 'rating'));
    rejects({ price: '1e999999999' }, 'Invalid decimal value "1e999999999" for attribute "price"', at('price', 'price'));
    rejects({ flag: 'yes' }, 'Invalid boolean value "yes" for attribute "flag"', at('flag', 'flag'));
    rejects({ day: { $eq: '2023-02-29' } }, 'Invalid format, expected yyyy-MM-dd (attribute "day", value "2023-02-29")', at('$eq', 'day.$eq'));
    rejects({ clock: '25:00' }, 'Invalid format, expected HH:mm:ss.SSS (attribute "clock", value "25:00")', at('clock', 'clock'));
    rejects({ moment: 'soon' }, 'Invalid format, expected a timestamp or an ISO date (attribute "moment", value "soon")', at('moment', 'moment'));
    rejects({ views: { $in: ['1', 'x'] } }, 'Invalid integer value "x" for attribute "views"', at('1', 'views.$in.1'));
    rejects({ title: { $eq: { a: 1 } } }, 'Invalid value for $eq on "title": expected a scalar value', at('$eq', 'title.$eq'));
  });

  it('rejects operators the attribute type does not admit', () => {
    rejects({ flag: { $contains: 't' } }, 'Operator $contains is not supported on boolean attribute "flag"', at('$contains', 'flag.$contains'));
    rejects({ data: { $eq: 'x' } }, 'Operator $eq is not supported on json attribute "data"', at('$eq', 'data.$eq'));
    rejects({ data: 'x' }, 'Operator $eq is not supported on json attribute "data"', at('data', 'data'));
    assert.deepEqual(parse({ data: { $contains: 'x' } }), ['data', '$contains', 'x']);
  });
});

describe('parseFilters: unknown keys', () => {
  it('rejects an unknown attribute at the root with path null', () => {
    rejects({ foo: 1 }, 'Invalid key foo', at('foo', null));
  });

  it('rejects private and password attributes as unknown', () => {
    rejects({ notes: 'x' }, 'Invalid key notes', at('notes', null));
    rejects({ secret: { $null: true } }, 'Invalid key secret', at('secret', null));
  });

  it('names the path of a nested unknown key', () => {
    rejects({ $or: [{ title: 'a' }, { foo: 1 }] }, 'Invalid key foo at $or.1.foo', at('foo', '$or.1.foo'));
    rejects({ $not: { foo: 1 } }, 'Invalid key foo at $not.foo', at('foo', '$not.foo'));
  });

  it('rejects an unknown operator, and a comparison operator where an attribute is expected', () => {
    rejects({ title: { $foo: 1 } }, 'Invalid key $foo at title.$foo', at('$foo', 'title.$foo'));
    rejects({ $eq: 1 }, 'Invalid key $eq', at('$eq', null));
  });

  it('rejects malformed groups', () => {
    rejects('title', 'Invalid filters: expected an object', at('filters', null));
    rejects({ $or: 'x' }, '$or expects an array of filters', at('$or', '$or'));
    rejects({ $or: ['x'] }, 'Invalid filters at $or.0: expected an object', at('$or.0', '$or.0'));
    rejects({ title: {} }, 'Empty filter on "title"', at('title', 'title'));
    rejects({ title: { $and: 'x' } }, '$and expects an array', at('$and', 'title.$and'));
  });
});

describe('parseFilters: bounds', () => {
  it('caps the number of conditions and of list values', () => {
    const many = Array.from({ length: 501 }, (_, index) => ({ views: index }));
    rejects({ $or: many }, 'Too many filter conditions (at most 500)', at('views', '$or.500.views'));
    assert.equal((parse({ $or: many.slice(0, 500) }) as { or: unknown[] }).or.length, 500);
    const values = Array.from({ length: 1001 }, (_, index) => index);
    rejects({ views: { $in: values } }, 'Too many values for $in (at most 1000)', at('$in', 'views.$in'));
  });

  it('caps the nesting of groups, of an attribute\'s operators and of linked hops together (what 500 nested GraphQL `not`s reached)', () => {
    const nots = (levels: number, leaf: unknown): unknown => (levels === 0 ? leaf : { $not: nots(levels - 1, leaf) });
    assert.ok(parse(nots(20, { views: 1 })));
    const deepPath = `${Array.from({ length: 20 }, () => '$not').join('.')}.$not`;
    rejects(nots(21, { views: 1 }), 'Filters are nested too deeply (at most 20 levels of $and, $or, $not and linked attributes)', at('$not', deepPath));
    rejects(nots(600, { views: 1 }), 'Filters are nested too deeply (at most 20 levels of $and, $or, $not and linked attributes)', at('$not', deepPath));
    const ands = (levels: number): unknown => (levels === 0 ? { views: 1 } : { $and: [ands(levels - 1)] });
    assert.ok(parse(ands(20)));
    assert.throws(() => parse(ands(21)), (error: unknown) => error instanceof ValidationError && /nested too deeply/.test(error.message));
    const onAttribute = (levels: number): unknown => (levels === 0 ? { $eq: 1 } : { $not: onAttribute(levels - 1) });
    assert.ok(parse({ views: onAttribute(20) }));
    assert.throws(() => parse({ views: onAttribute(21) }), (error: unknown) => error instanceof ValidationError && /nested too deeply/.test(error.message));
  });
});

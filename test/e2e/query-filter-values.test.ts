import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import qs from 'qs';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Filter values at the edges: empty strings, Unicode, LIKE metacharacters, integer and
 * bigint limits, long decimals, dates at day boundaries and with offsets, every boolean and
 * $null spelling, the value shapes qs produces (bare scalars, bare arrays, arrays given to
 * single-value operators), and filters on system and hidden attributes.
 */

const DOCS: Readonly<Record<string, Record<string, unknown>>> = {
  u1: { str: 'École', int: -2147483648, big: '-9223372036854775808', flag: true, moment: '2024-02-29T23:59:59.999Z', day: '2024-02-29', clock: '23:59:59.999' },
  u2: { str: 'ÉCOLE', int: 2147483647, big: '9223372036854775807', flag: false, moment: '2024-03-01T00:00:00.000Z', day: '2024-03-01', clock: '00:00:00.000' },
  u3: { str: 'école', int: 0, big: '-9223372036854775807', flag: 't', moment: '2024-03-01T01:30:00+02:00', dec: '12345678901234567890.123456789', flt: 3.14159 },
  cjk: { str: '北京市', dec: '12345678901234567890.12345679' },
  emoji: { str: '😀 smile' },
  pct: { str: '100%' },
  pctx: { str: '100 percent' },
  und: { str: 'a_b' },
  undx: { str: 'axb' },
  bsl: { str: 'back\\slash' },
  bslx: { str: 'backXslash' },
  empty: { str: '' },
  none: {},
};
const ALL = Object.keys(DOCS);

function except(...keys: string[]): string {
  return ALL.filter((key) => !keys.includes(key)).join(' ');
}

function sortedKeys(text: string): string {
  return text.split(' ').filter(Boolean).sort().join(' ');
}

function invalid(message: string, key: string | null, path: string | null, param = 'filters'): unknown {
  return { data: null, error: { status: 400, name: 'ValidationError', message, details: { key, path, source: 'query', param } } };
}

describe('filter values at the edges', () => {
  let t: TestApp;
  const keyOf = new Map<string, string>();
  const idOf = new Map<string, number>();
  const documentIdOf = new Map<string, string>();
  const created: Record<string, unknown>[] = [];

  before(async () => {
    t = await startTestApp();
    for (const [key, data] of Object.entries(DOCS)) {
      const response = await t.post('/api/samples', { data });
      assert.equal(response.status, 201, `seeding ${key}: ${response.text}`);
      keyOf.set(response.body.data.documentId, key);
      idOf.set(key, response.body.data.id);
      documentIdOf.set(key, response.body.data.documentId);
      created.push(response.body.data);
    }
  });
  after(() => t.close());

  async function get(query: string): Promise<{ status: number; keys: string; body: { data: Record<string, unknown>[] } }> {
    const response = await t.get(`/api/samples?${query}${query ? '&' : ''}pagination[pageSize]=100`);
    if (response.status !== 200) return { status: response.status, keys: '', body: response.body };
    const keys = (response.body.data as { documentId: string }[]).map((document) => keyOf.get(document.documentId) ?? '?');
    assert.equal(response.body.meta.pagination.total, keys.length);
    return { status: 200, keys: keys.sort().join(' '), body: response.body };
  }

  /** Asserts the keys a filter object matches. */
  async function expectMatch(filters: unknown, expected: string): Promise<void> {
    const result = await get(qs.stringify({ filters }, { encodeValuesOnly: true }));
    assert.equal(result.status, 200, JSON.stringify(result.body));
    assert.equal(result.keys, sortedKeys(expected), JSON.stringify(filters));
  }

  /** Asserts the keys a raw query string matches. */
  async function expectRaw(query: string, expected: string): Promise<void> {
    const result = await get(query);
    assert.equal(result.status, 200, JSON.stringify(result.body));
    assert.equal(result.keys, sortedKeys(expected), query);
  }

  async function expectError(query: string, body: unknown): Promise<void> {
    const response = await t.get(`/api/samples?${query}`);
    assert.equal(response.status, 400, response.text);
    assert.deepEqual(response.body, body);
  }

  describe('empty strings', () => {
    it('$eq with an empty value matches the empty string only, not null', () => expectRaw('filters[str][$eq]=', 'empty'));
    it('an implicit $eq with an empty value matches the empty string', () => expectRaw('filters[str]=', 'empty'));
    it('a key with no "=" is null under strictNullHandling: $eq null is IS NULL', () => expectRaw('filters[str]', 'none'));
    it('$eq with no "=" is IS NULL too', () => expectRaw('filters[str][$eq]', 'none'));
    it('$ne with no "=" is IS NOT NULL', () => expectRaw('filters[str][$ne]', except('none')));
    it('$ne with an empty value excludes only the empty string', () => expectRaw('filters[str][$ne]=', except('empty')));
    it('$contains "" matches every non-null string, the empty one included', () => expectRaw('filters[str][$contains]=', except('none')));
    it('$startsWithi "" matches every non-null string', () => expectRaw('filters[str][$startsWithi]=', except('none')));
    it('$in with an empty string', () => expectRaw('filters[str][$in][0]=&filters[str][$in][1]=axb', 'empty undx'));
    it('$contains with no "=" (null) → 400', () =>
      expectError('filters[str][$contains]', invalid('$contains needs a value', '$contains', 'str.$contains')));
    it('$gt with no "=" (null) → 400', () => expectError('filters[int][$gt]', invalid('$gt needs a value', '$gt', 'int.$gt')));
  });

  describe('Unicode', () => {
    it('$eq is exact', () => expectMatch({ str: { $eq: 'École' } }, 'u1'));
    it("$eqi folds non-ASCII case: 'ÉCOLE' matches École, ÉCOLE and école", () => expectMatch({ str: { $eqi: 'ÉCOLE' } }, 'u1 u2 u3'));
    it('$nei folds non-ASCII case, and matches null', () => expectMatch({ str: { $nei: 'école' } }, except('u1', 'u2', 'u3')));
    it('$contains is case-sensitive', () => expectMatch({ str: { $contains: 'cole' } }, 'u1 u3'));
    it('$containsi folds accents’ case', () => expectMatch({ str: { $containsi: 'COLE' } }, 'u1 u2 u3'));
    it('$startsWith É is case-sensitive', () => expectMatch({ str: { $startsWith: 'É' } }, 'u1 u2'));
    it('$startsWithi é matches É', () => expectMatch({ str: { $startsWithi: 'é' } }, 'u1 u2 u3'));
    it('$endsWithi OLE', () => expectMatch({ str: { $endsWithi: 'OLE' } }, 'u1 u2 u3'));
    it('$notContainsi ÉC', () => expectMatch({ str: { $notContainsi: 'ÉC' } }, except('u1', 'u2', 'u3')));
    it('CJK $contains', () => expectMatch({ str: { $contains: '京' } }, 'cjk'));
    it('CJK $endsWith and $eqi', async () => {
      await expectMatch({ str: { $endsWith: '市' } }, 'cjk');
      await expectMatch({ str: { $eqi: '北京市' } }, 'cjk');
    });
    it('emoji $startsWith and $containsi', async () => {
      await expectMatch({ str: { $startsWith: '😀' } }, 'emoji');
      await expectMatch({ str: { $containsi: '😀 SMILE' } }, 'emoji');
    });
    it('$in over accented, CJK and emoji values', () => expectMatch({ str: { $in: ['École', '北京市', '😀 smile'] } }, 'u1 cjk emoji'));
    it('values are returned unchanged', async () => {
      const result = await get(qs.stringify({ filters: { str: { $in: ['école', '北京市', '😀 smile'] } }, fields: ['str'] }, { encodeValuesOnly: true }));
      assert.deepEqual(result.body.data.map((document) => document.str), ['école', '北京市', '😀 smile']);
    });
  });

  describe('%, _ and \\ in LIKE operands match literally', () => {
    it('$contains %', () => expectMatch({ str: { $contains: '%' } }, 'pct'));
    it('$contains 0%', () => expectMatch({ str: { $contains: '0%' } }, 'pct'));
    it('$endsWith %', () => expectMatch({ str: { $endsWith: '%' } }, 'pct'));
    it('$startsWith 100% (not "100" followed by anything)', () => expectMatch({ str: { $startsWith: '100%' } }, 'pct'));
    it('$containsi %', () => expectMatch({ str: { $containsi: '%' } }, 'pct'));
    it('$notContains % (null included)', () => expectMatch({ str: { $notContains: '%' } }, except('pct')));
    it('$contains _', () => expectMatch({ str: { $contains: '_' } }, 'und'));
    it('$startsWith a_', () => expectMatch({ str: { $startsWith: 'a_' } }, 'und'));
    it('$containsi A_B', () => expectMatch({ str: { $containsi: 'A_B' } }, 'und'));
    it('$eqi A_B', () => expectMatch({ str: { $eqi: 'A_B' } }, 'und'));
    it('$contains \\', () => expectMatch({ str: { $contains: '\\' } }, 'bsl'));
    it('$contains k\\s', () => expectMatch({ str: { $contains: 'k\\s' } }, 'bsl'));
    it('$endsWithi \\SLASH', () => expectMatch({ str: { $endsWithi: '\\SLASH' } }, 'bsl'));
    it('$startsWith back\\', () => expectMatch({ str: { $startsWith: 'back\\' } }, 'bsl'));
    it('all three together match nothing', () => expectMatch({ str: { $contains: '%_\\' } }, ''));
  });

  describe('integers and bigints at their limits', () => {
    it('32-bit minimum and maximum are stored and returned exactly', async () => {
      const result = await get(qs.stringify({ filters: { int: { $notNull: true } }, fields: ['int'] }, { encodeValuesOnly: true }));
      assert.deepEqual(result.body.data.map((document) => document.int), [-2147483648, 2147483647, 0]);
    });
    it('$eq at the 32-bit limits', async () => {
      await expectMatch({ int: { $eq: '-2147483648' } }, 'u1');
      await expectMatch({ int: { $eq: '2147483647' } }, 'u2');
    });
    it('$lt, $gte and $between at the 32-bit limits', async () => {
      await expectMatch({ int: { $lt: '-2147483647' } }, 'u1');
      await expectMatch({ int: { $gte: '2147483647' } }, 'u2');
      await expectMatch({ int: { $between: ['-2147483648', '2147483647'] } }, 'u1 u2 u3');
    });
    it('a filter value beyond 32 bits is compared, not rejected', () => expectMatch({ int: { $gt: '2147483648' } }, ''));
    it('a non-integer integer filter → 400', () => expectError('filters[int][$eq]=1.5', invalid('Invalid integer value "1.5" for attribute "int"', '$eq', 'int.$eq')));
    it('an integer beyond the safe range → 400', () =>
      expectError('filters[int][$eq]=9007199254740993', invalid('Invalid integer value "9007199254740993" for attribute "int"', '$eq', 'int.$eq')));
    it('a bad value inside $in names its index', () =>
      expectError('filters[int][$in][0]=1&filters[int][$in][1]=x', invalid('Invalid integer value "x" for attribute "int"', '1', 'int.$in.1')));

    it('bigints at ±9223372036854775807 and the minimum are returned exactly, as strings', async () => {
      const result = await get(qs.stringify({ filters: { big: { $notNull: true } }, fields: ['big'] }, { encodeValuesOnly: true }));
      assert.deepEqual(result.body.data.map((document) => document.big), ['-9223372036854775808', '9223372036854775807', '-9223372036854775807']);
    });
    it('bigint $eq at each limit', async () => {
      await expectMatch({ big: { $eq: '9223372036854775807' } }, 'u2');
      await expectMatch({ big: { $eq: '-9223372036854775807' } }, 'u3');
      await expectMatch({ big: { $eq: '-9223372036854775808' } }, 'u1');
    });
    it('bigint order is exact one unit apart', async () => {
      await expectMatch({ big: { $lt: '-9223372036854775807' } }, 'u1');
      await expectMatch({ big: { $gt: '-9223372036854775808' } }, 'u2 u3');
      await expectMatch({ big: { $lte: '9223372036854775806' } }, 'u1 u3');
      await expectMatch({ big: { $between: ['-9223372036854775808', '9223372036854775807'] } }, 'u1 u2 u3');
    });
    it('bigint $in and $notIn', async () => {
      await expectMatch({ big: { $in: ['9223372036854775807', '-9223372036854775808'] } }, 'u1 u2');
      await expectMatch({ big: { $notIn: ['9223372036854775807', '-9223372036854775808'] } }, except('u1', 'u2'));
    });
    it('bigint $eqi and $containsi read the stored digits exactly', async () => {
      await expectMatch({ big: { $eqi: '-9223372036854775808' } }, 'u1');
      await expectMatch({ big: { $containsi: '775807' } }, 'u2 u3');
      await expectMatch({ big: { $endsWithi: '808' } }, 'u1');
    });
    it('a bigint beyond 64 bits → 400', () =>
      expectError('filters[big][$eq]=9223372036854775808', invalid('Invalid biginteger value "9223372036854775808" for attribute "big"', '$eq', 'big.$eq')));
  });

  describe('decimals and floats', () => {
    it('a decimal with 29 significant digits is matched exactly by $eq', async () => {
      await expectMatch({ dec: { $eq: '12345678901234567890.123456789' } }, 'u3');
      await expectMatch({ dec: { $eq: '12345678901234567890.12345679' } }, 'cjk');
    });
    it('$eq on a decimal compares canonical forms (trailing zeros, exponent)', async () => {
      await expectMatch({ dec: { $eq: '12345678901234567890.1234567890000' } }, 'u3');
      await expectMatch({ dec: { $eq: '1.2345678901234567890123456789e19' } }, 'u3');
    });
    it('$in and $ne on long decimals', async () => {
      await expectMatch({ dec: { $in: ['12345678901234567890.123456789', '12345678901234567890.12345679'] } }, 'u3 cjk');
      await expectMatch({ dec: { $ne: '12345678901234567890.123456789' } }, except('u3'));
    });
    it('ordering comparisons on decimals that no double tells apart are exact', async () => {
      await expectMatch({ dec: { $gt: '12345678901234567890.123456789' } }, 'cjk');
      await expectMatch({ dec: { $lt: '12345678901234567890.12345679' } }, 'u3');
      await expectMatch({ dec: { $gte: '12345678901234567890.123456789', $lte: '12345678901234567890.1234567895' } }, 'u3');
      await expectMatch({ dec: { $between: ['12345678901234567890.1234567891', '12345678901234567890.12345679'] } }, 'cjk');
    });
    it('sorting decimals that no double tells apart is exact', async () => {
      const result = await get('filters[dec][$notNull]=true&sort=dec:desc');
      assert.deepEqual(result.body.data.map((document) => keyOf.get(String(document.documentId))), ['cjk', 'u3']);
      const ascending = await get('filters[dec][$notNull]=true&sort=dec:asc');
      assert.deepEqual(ascending.body.data.map((document) => keyOf.get(String(document.documentId))), ['u3', 'cjk']);
    });
    it('$eqi on a decimal compares the stored text', () => expectMatch({ dec: { $eqi: '12345678901234567890.123456789' } }, 'u3'));
    it('a non-numeric decimal filter → 400', () => expectError('filters[dec][$eq]=1,5', invalid('Invalid decimal value "1,5" for attribute "dec"', '$eq', 'dec.$eq')));
    it('floats: $eq, and order on either side', async () => {
      await expectMatch({ flt: { $eq: '3.14159' } }, 'u3');
      await expectMatch({ flt: { $gt: '3.14158' } }, 'u3');
      await expectMatch({ flt: { $lt: '3.1416' } }, 'u3');
      await expectMatch({ flt: { $gt: '3.1416' } }, '');
    });
    it('a non-numeric float filter → 400', () => expectError('filters[flt][$gt]=abc', invalid('Invalid float value "abc" for attribute "flt"', '$gt', 'flt.$gt')));
  });

  describe('dates, times and instants', () => {
    it('an instant given with an offset is stored in UTC', () => {
      assert.equal(created[2]?.moment, '2024-02-29T23:30:00.000Z');
    });
    it('$eq with the same instant in any zone notation', async () => {
      await expectMatch({ moment: { $eq: '2024-03-01T01:30:00+02:00' } }, 'u3');
      await expectMatch({ moment: { $eq: '2024-03-01T01:30:00+0200' } }, 'u3');
      await expectMatch({ moment: { $eq: '2024-02-29T18:30:00-05:00' } }, 'u3');
      await expectMatch({ moment: { $eq: '2024-02-29T23:30:00Z' } }, 'u3');
      await expectMatch({ moment: { $eq: '2024-02-29 23:30:00' } }, 'u3');
    });
    it('a millisecond timestamp as filter value', async () => {
      await expectMatch({ moment: { $eq: '1709251200000' } }, 'u2');
      await expectMatch({ moment: { $lt: '1709251200000' } }, 'u1 u3');
    });
    it('23:59:59.999Z and 00:00:00.000Z the next day fall on either side of a date bound', async () => {
      await expectMatch({ moment: { $lt: '2024-03-01' } }, 'u1 u3');
      await expectMatch({ moment: { $gte: '2024-03-01T00:00:00.000Z' } }, 'u2');
      await expectMatch({ moment: { $between: ['2024-02-29T00:00:00.000Z', '2024-02-29T23:59:59.999Z'] } }, 'u1 u3');
    });
    it('$between on instants includes both ends', () =>
      expectMatch({ moment: { $between: ['2024-02-29T23:59:59.999Z', '2024-03-01T00:00:00.000Z'] } }, 'u1 u2'));
    it('$between on dates, same day on both ends', () => expectMatch({ day: { $between: ['2024-02-29', '2024-02-29'] } }, 'u1'));
    it('dates across the leap day', async () => {
      await expectMatch({ day: { $gt: '2024-02-29' } }, 'u2');
      await expectMatch({ day: { $lte: '2024-03-01' } }, 'u1 u2');
    });
    it('times at the ends of the day', async () => {
      await expectMatch({ clock: { $between: ['23:59:59.999', '23:59:59.999'] } }, 'u1');
      await expectMatch({ clock: { $lt: '00:00:00.001' } }, 'u2');
      await expectMatch({ clock: { $gt: '23:59:59.998' } }, 'u1');
      await expectMatch({ clock: { $eq: '00:00' } }, 'u2');
    });
    it('an impossible date → 400', () =>
      expectError('filters[day][$eq]=2024-02-30', invalid('Invalid format, expected yyyy-MM-dd (attribute "day", value "2024-02-30")', '$eq', 'day.$eq')));
    it('an impossible time → 400', () =>
      expectError('filters[clock][$eq]=24:00', invalid('Invalid format, expected HH:mm:ss.SSS (attribute "clock", value "24:00")', '$eq', 'clock.$eq')));
    it('an impossible instant → 400', () =>
      expectError(
        'filters[moment][$gt]=2024-13-01',
        invalid('Invalid format, expected a timestamp or an ISO date (attribute "moment", value "2024-13-01")', '$gt', 'moment.$gt'),
      ));
    it('a bad bound inside $between → 400 naming its index', () =>
      expectError(
        'filters[day][$between][0]=2024-01-01&filters[day][$between][1]=soon',
        invalid('Invalid format, expected yyyy-MM-dd (attribute "day", value "soon")', '1', 'day.$between.1'),
      ));
  });

  describe('booleans', () => {
    for (const [value, expected] of [['true', 'u1 u3'], ['1', 'u1 u3'], ['t', 'u1 u3'], ['false', 'u2'], ['0', 'u2'], ['f', 'u2']] as const) {
      it(`flag $eq ${value}`, () => expectRaw(`filters[flag][$eq]=${value}`, expected));
    }
    it('an implicit $eq on a boolean', () => expectRaw('filters[flag]=1', 'u1 u3'));
    it('$ne true also matches null', () => expectRaw('filters[flag][$ne]=true', except('u1', 'u3')));
    it('another spelling → 400', () => expectError('filters[flag][$eq]=yes', invalid('Invalid boolean value "yes" for attribute "flag"', '$eq', 'flag.$eq')));
  });

  describe('value shapes', () => {
    it('an implicit $eq (filters[str]=x)', () => expectRaw('filters[str]=%C3%89cole', 'u1'));
    it('a bare array is IN (filters[str][0]=a&filters[str][1]=b)', () => expectRaw('filters[str][0]=axb&filters[str][1]=a_b', 'und undx'));
    it('an array given to a single-value operator is an OR', async () => {
      await expectRaw('filters[str][$contains][0]=%25&filters[str][$contains][1]=_', 'pct und');
      await expectMatch({ str: { $eqi: ['école', 'AXB'] } }, 'u1 u2 u3 undx');
      await expectMatch({ int: { $gt: ['2147483646', '-1'] } }, 'u2 u3');
      await expectMatch({ str: { $startsWith: ['back', '100'] } }, 'pct pctx bsl bslx');
    });
    it('an array given to a negation is an OR of negations', () => expectMatch({ str: { $ne: ['axb', 'a_b'] } }, ALL.join(' ')));
    it('$in with a single scalar', () => expectRaw('filters[int][$in]=0', 'u3'));
    it('$notIn with a single scalar (nulls included)', () => expectRaw('filters[int][$notIn]=0', except('u3')));
    it('$in with 150 values, past the query parser\'s array limit of 100', async () => {
      const values = [...idOf.values()].map(String);
      while (values.length < 150) values.push(String(100000 + values.length));
      await expectMatch({ id: { $in: values } }, ALL.join(' '));
      await expectRaw(`filters[id][$in][0]=${String(idOf.get('u1'))}&filters[id][$in][149]=${String(idOf.get('pct'))}`, 'u1 pct');
    });
    it('$in written with empty brackets or repeated keys', async () => {
      await expectRaw('filters[str][$in][]=axb&filters[str][$in][]=a_b', 'und undx');
      await expectRaw('filters[str][$in]=axb&filters[str][$in]=a_b', 'und undx');
    });
    it('$in does not split a comma string', () => expectRaw('filters[str][$in]=axb,a_b', ''));
    it('$in with null matches nulls', () => expectRaw('filters[int][$in][0]=0&filters[int][$in][1]', except('u1', 'u2')));
    it('$notIn with null excludes nulls', () => expectRaw('filters[int][$notIn][0]=0&filters[int][$notIn][1]', 'u1 u2'));
    const between = invalid('$between expects exactly two values: [$between][0] and [$between][1]', '$between', 'int.$between');
    it('$between with one value → 400', () => expectError('filters[int][$between][0]=1', between));
    it('$between with three values → 400', () => expectError('filters[int][$between][0]=1&filters[int][$between][1]=2&filters[int][$between][2]=3', between));
    it('$between with a scalar (a comma string is not split) → 400', () => expectError('filters[int][$between]=1,2', between));
    it('$between with a null bound → 400', () =>
      expectError('filters[int][$between][0]&filters[int][$between][1]=2', invalid('$between bounds cannot be null', '$between', 'int.$between')));
    it('an empty filters parameter filters nothing', () => expectRaw('filters=', ALL.join(' ')));
    it('a scalar filters parameter → 400', () =>
      expectError('filters=abc', invalid('Invalid filters: expected an object', 'filters', null)));
    it('an object given to a single-value operator → 400', () =>
      expectError('filters[int][$eq][a]=1', invalid('Invalid value for $eq on "int": expected a scalar value', '$eq', 'int.$eq')));
  });

  describe('$null and $notNull spellings', () => {
    const nonNull = 'u1 u2 u3';
    const nulls = except('u1', 'u2', 'u3');
    for (const [query, expected] of [
      ['$null]=true', nulls],
      ['$null]=1', nulls],
      ['$null]=t', nulls],
      ['$null]=false', nonNull],
      ['$null]=0', nonNull],
      ['$null]=f', nonNull],
      ['$null]', nonNull],
      ['$null]=', nonNull],
      ['$null]=yes', nulls],
      ['$notNull]=true', nonNull],
      ['$notNull]=1', nonNull],
      ['$notNull]=false', nulls],
      ['$notNull]=0', nulls],
      ['$notNull]', nulls],
    ] as const) {
      it(`filters[int][${query}`, () => expectRaw(`filters[int][${query}`, expected));
    }
    it('an array given to $null → 400', () =>
      expectError('filters[int][$null][0]=true', invalid('Invalid value for $null: expected true or false', '$null', 'int.$null')));
  });

  describe('system attributes', () => {
    it('id: $eq, $in, $gt, $lt', async () => {
      await expectMatch({ id: { $eq: String(idOf.get('u2')) } }, 'u2');
      await expectMatch({ id: { $in: [String(idOf.get('u1')), String(idOf.get('none'))] } }, 'u1 none');
      await expectMatch({ id: { $gt: String(idOf.get('empty')) } }, 'none');
      await expectMatch({ id: { $lt: '1' } }, '');
    });
    it('id with a non-integer → 400', () => expectError('filters[id][$eq]=abc', invalid('Invalid integer value "abc" for attribute "id"', '$eq', 'id.$eq')));
    it('documentId: $eq, $in, $ne', async () => {
      await expectMatch({ documentId: { $eq: documentIdOf.get('cjk') } }, 'cjk');
      await expectMatch({ documentId: [documentIdOf.get('u1'), documentIdOf.get('emoji')] }, 'u1 emoji');
      await expectMatch({ documentId: { $ne: documentIdOf.get('cjk') } }, except('cjk'));
      await expectMatch({ documentId: 'nope' }, '');
    });
    it('createdAt and updatedAt: order and bounds', async () => {
      const first = String(created[0]?.createdAt);
      const last = String(created.at(-1)?.updatedAt);
      await expectMatch({ createdAt: { $gt: '2000-01-01' } }, ALL.join(' '));
      await expectMatch({ createdAt: { $lt: '2000-01-01T00:00:00Z' } }, '');
      await expectMatch({ createdAt: { $between: [first, last] } }, ALL.join(' '));
      await expectMatch({ updatedAt: { $lte: last, $gte: first } }, ALL.join(' '));
      await expectMatch({ updatedAt: { $gt: last } }, '');
    });
    it('publishedAt: every document is published', async () => {
      await expectMatch({ publishedAt: { $null: true } }, '');
      await expectMatch({ publishedAt: { $notNull: true } }, ALL.join(' '));
    });
    it('a bad instant on createdAt → 400', () =>
      expectError(
        'filters[createdAt][$gt]=yesterday',
        invalid('Invalid format, expected a timestamp or an ISO date (attribute "createdAt", value "yesterday")', '$gt', 'createdAt.$gt'),
      ));
  });

  describe('hidden attributes cannot be filtered', () => {
    it('a password attribute → 400 Invalid key', () => expectError('filters[pass][$null]=true', invalid('Invalid key pass', 'pass', null)));
    it('a private attribute → 400 Invalid key', () => expectError('filters[hidden][$eq]=x', invalid('Invalid key hidden', 'hidden', null)));
    it('a private attribute as an implicit $eq → 400 Invalid key', () => expectError('filters[hidden]=x', invalid('Invalid key hidden', 'hidden', null)));
    it('a password attribute inside $or → 400 Invalid key with its path', () =>
      expectError('filters[$or][0][pass][$eq]=x', invalid('Invalid key pass at $or.0.pass', 'pass', '$or.0.pass')));
    it('a private attribute inside $not → 400 Invalid key with its path', () =>
      expectError('filters[$not][hidden][$eq]=x', invalid('Invalid key hidden at $not.hidden', 'hidden', '$not.hidden')));
    it('an unknown attribute → 400 Invalid key', () => expectError('filters[nope]=x', invalid('Invalid key nope', 'nope', null)));
  });
});

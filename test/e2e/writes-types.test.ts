import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Every scalar type of `samples`: values of the wrong type are refused with the attribute's
 * message (on create and on update, writing nothing), values of the right type in any
 * accepted spelling are stored in their canonical form.
 */

const nested = (levels: number): unknown => (levels === 0 ? 1 : [nested(levels - 1)]);
const typeError = (name: string, type: string, shown: string) => `${name} must be a \`${type}\` type, but the final value was: \`${shown}\`.`;
const DECIMAL_DIGITS = 'must have at most 35 digits before the decimal point and 30 after it';
const ILL_FORMED = 'must be well-formed Unicode (it contains a lone surrogate, U+D800–U+DFFF)';
const BIGINT_RANGE = 'must be an integer between -9223372036854775808 and 9223372036854775807';

/** [attribute, value sent, message]; the error echoes the value sent. */
const REFUSED: readonly (readonly [string, unknown, string])[] = [
  ['str', 'a\u0000b', 'str must not contain NUL (U+0000) characters'],
  // Lone surrogates: stored as U+FFFD by UTF-8 drivers, so what was answered would not be what is read.
  ['str', 'lone \ud800 x', `str ${ILL_FORMED}`],
  ['txt', 'end \ud83d', `txt ${ILL_FORMED}`],
  ['rich', '\udc00 start', `rich ${ILL_FORMED}`],
  ['mail', 'a\udfff@b.io', `mail ${ILL_FORMED}`],
  // JSON values too, keys included: PostgreSQL's jsonb refuses both as its text does.
  ['obj', { a: ['ok', 'x\u0000'] }, 'obj.a.1 must not contain NUL (U+0000) characters'],
  ['obj', { ok: { ['k\ud800']: 1 } }, `obj.ok keys ${ILL_FORMED}`],
  // string, email, uid and enumeration are varchar(255) on PostgreSQL and MySQL: held to it everywhere.
  ['str', 'x'.repeat(256), 'str must be at most 255 characters'],
  ['mail', `${'a'.repeat(251)}@b.io`, 'mail must be at most 255 characters'],
  ['str', 1, typeError('str', 'string', '1')],
  ['str', true, typeError('str', 'string', 'true')],
  ['str', { a: 1 }, typeError('str', 'string', '{"a":1}')],
  ['str', ['x'], typeError('str', 'string', '["x"]')],
  ['txt', 5, typeError('txt', 'string', '5')],
  ['rich', false, typeError('rich', 'string', 'false')],
  ['enm', 'delta', 'enm must be one of the following values: alpha, beta, gamma'],
  ['enm', 'Alpha', 'enm must be one of the following values: alpha, beta, gamma'],
  ['enm', 1, typeError('enm', 'string', '1')],
  ['mail', 'nope', 'mail must be a valid email'],
  ['mail', 'a@b', 'mail must be a valid email'],
  ['mail', 5, typeError('mail', 'string', '5')],
  // A password is never echoed back (docs/rest-api.md, Errors).
  ['pass', 12345678, 'pass must be a `string` type.'],
  ['slug', 'has space', 'slug must match the following: "/^[A-Za-z0-9-_.~]*$/"'],
  ['slug', 'ünïcode', 'slug must match the following: "/^[A-Za-z0-9-_.~]*$/"'],
  ['slug', 5, typeError('slug', 'string', '5')],
  ['int', 1.5, 'int must be an integer'],
  ['int', '1.5', 'int must be an integer'],
  ['int', 'abc', typeError('int', 'number', '"abc"')],
  ['int', '', typeError('int', 'number', '""')],
  ['int', true, typeError('int', 'number', 'true')],
  ['int', [1], typeError('int', 'number', '[1]')],
  ['int', 2 ** 31, 'int must be between -2147483648 and 2147483647'],
  ['int', -(2 ** 31) - 1, 'int must be between -2147483648 and 2147483647'],
  ['int', '2147483648', 'int must be between -2147483648 and 2147483647'],
  ['big', '9223372036854775808', `big ${BIGINT_RANGE}`],
  ['big', '-9223372036854775809', `big ${BIGINT_RANGE}`],
  ['big', 2 ** 63, `big ${BIGINT_RANGE}`],
  ['big', Number.MAX_SAFE_INTEGER + 3, `big ${BIGINT_RANGE}`], // an unsafe integer: JSON numbers past 2^53 are not exact
  ['big', 1.5, `big ${BIGINT_RANGE}`],
  ['big', 'abc', `big ${BIGINT_RANGE}`],
  ['flt', 'abc', typeError('flt', 'number', '"abc"')],
  ['flt', '1e400', typeError('flt', 'number', '"1e400"')],
  ['flt', false, typeError('flt', 'number', 'false')],
  ['dec', 'abc', typeError('dec', 'number', '"abc"')],
  ['dec', '1,5', typeError('dec', 'number', '"1,5"')],
  ['dec', '1e400', `dec ${DECIMAL_DIGITS}`],
  ['dec', '-1e309', `dec ${DECIMAL_DIGITS}`],
  ['dec', '1e999999999', typeError('dec', 'number', '"1e999999999"')],
  ['dec', {}, typeError('dec', 'number', '{}')],
  ['flag', 'yes', typeError('flag', 'boolean', '"yes"')],
  ['flag', 'TRUE', typeError('flag', 'boolean', '"TRUE"')],
  ['flag', 2, typeError('flag', 'boolean', '2')],
  ['flag', [], typeError('flag', 'boolean', '[]')],
  ['day', '2024-02-30', 'day must be a valid date (yyyy-MM-dd), got "2024-02-30"'],
  ['day', '2023-02-29', 'day must be a valid date (yyyy-MM-dd), got "2023-02-29"'],
  ['day', '24-01-01', 'day must be a valid date (yyyy-MM-dd), got "24-01-01"'],
  ['day', '2024-01-15T25:00', 'day must be a valid date (yyyy-MM-dd), got "2024-01-15T25:00"'],
  ['day', 20240101, 'day must be a valid date (yyyy-MM-dd), got 20240101'],
  ['clock', '25:00', 'clock must be a valid time (HH:mm:ss.SSS), got "25:00"'],
  ['clock', '12:60', 'clock must be a valid time (HH:mm:ss.SSS), got "12:60"'],
  ['clock', '1:00', 'clock must be a valid time (HH:mm:ss.SSS), got "1:00"'],
  ['clock', 5, 'clock must be a valid time (HH:mm:ss.SSS), got 5'],
  ['moment', 'not a date', 'moment must be a valid ISO 8601 date-time, got "not a date"'],
  ['moment', '2024-02-30T00:00:00Z', 'moment must be a valid ISO 8601 date-time, got "2024-02-30T00:00:00Z"'],
  ['moment', '2024-01-01T24:00:00Z', 'moment must be a valid ISO 8601 date-time, got "2024-01-01T24:00:00Z"'],
  ['moment', true, 'moment must be a valid ISO 8601 date-time, got true'],
  ['stamp', 'x', 'stamp must be a valid ISO 8601 date-time, got "x"'],
  // Strapi stores a non-array blocks value; Tessera refuses it (docs/content-model.md). The rules inside
  // a blocks value are compared with Strapi's recordings in blocks-validation.test.ts.
  ['blk', {}, 'blk must be an array of blocks'],
  ['blk', 'text', 'blk must be an array of blocks'],
  ['list', 'x', typeError('list', 'array', '"x"')],
  ['list', { 0: 'a' }, typeError('list', 'array', '{"0":"a"}')],
  ['list', [{}], 'list must be an array of scalar values (strings, numbers, booleans)'],
  ['list', ['a', ['b']], 'list must be an array of scalar values (strings, numbers, booleans)'],
];

/** [attribute, value sent, value stored and returned]. */
const ACCEPTED: readonly (readonly [string, unknown, unknown])[] = [
  ['str', '', ''],
  ['str', '𝄞 é end', '𝄞 é end'],
  // 255 characters, counted as characters (each emoji is two UTF-16 units).
  ['str', '😀'.repeat(255), '😀'.repeat(255)],
  ['enm', 'gamma', 'gamma'],
  ['mail', 'first.last+tag@example.co.uk', 'first.last+tag@example.co.uk'],
  ['mail', '', ''],
  ['slug', 'A-b_c.d~e', 'A-b_c.d~e'],
  ['int', '42', 42],
  ['int', ' 7 ', 7],
  ['int', '1.0', 1],
  ['int', -(2 ** 31), -(2 ** 31)],
  ['int', 2 ** 31 - 1, 2 ** 31 - 1],
  ['big', '9223372036854775807', '9223372036854775807'],
  ['big', '-9223372036854775808', '-9223372036854775808'],
  ['big', 42, '42'],
  ['flt', '1.5', 1.5],
  ['flt', 1e-7, 1e-7],
  ['flt', -0.25, -0.25],
  ['dec', '0.1000', 0.1],
  ['dec', '1e3', 1000],
  ['dec', 12.5, 12.5],
  ['flag', 't', true],
  ['flag', '1', true],
  ['flag', 1, true],
  ['flag', 'false', false],
  ['flag', 0, false],
  ['day', '2024-02-29', '2024-02-29'],
  ['day', '2024-02-29T23:00:00Z', '2024-02-29'],
  ['clock', '10:00', '10:00:00.000'],
  ['clock', '23:59:59.999999', '23:59:59.999'],
  ['moment', '2024-01-01T10:00:00+02:00', '2024-01-01T08:00:00.000Z'],
  ['moment', '2024-01-01', '2024-01-01T00:00:00.000Z'],
  ['moment', 1704067200000, '2024-01-01T00:00:00.000Z'],
  ['stamp', '2024-06-30T12:34:56.789Z', '2024-06-30T12:34:56.789Z'],
  ['blk', [], []],
  ['blk', [{ type: 'list', format: 'ordered', children: [{ type: 'list-item', children: [{ type: 'text', text: 'one', bold: true }] }] }], [{ type: 'list', format: 'ordered', children: [{ type: 'list-item', children: [{ type: 'text', text: 'one', bold: true }] }] }]],
  ['list', [], []],
  ['list', ['a', 1, true, null], ['a', 1, true, null]],
  ['obj', 'just a string', 'just a string'],
  ['obj', 5, 5],
  ['obj', false, false],
  ['obj', [1, { a: null }], [1, { a: null }]],
  ['obj', nested(31), nested(31)],
];

describe('write values of every scalar type', () => {
  let t: TestApp;
  let documentId: string;
  before(async () => {
    t = await startTestApp();
    documentId = (await t.post('/api/samples', { data: { str: 'Existing', int: 1, obj: { keep: true } } })).body.data.documentId;
  });
  after(() => t.close());

  const rows = () => t.app.database.db.selectFrom('samples').selectAll().orderBy('id').execute();

  describe('refused, on create and on update, writing nothing', () => {
    for (const [attribute, value, message] of REFUSED) {
      it(`${attribute} = ${JSON.stringify(value)}`, async () => {
        const expected = {
          status: 400,
          body: { data: null, error: { status: 400, name: 'ValidationError', message, details: { errors: [{ path: [attribute], message, name: 'ValidationError', ...(attribute === 'pass' ? {} : { value }) }] } } },
        };
        const before = await rows();
        for (const [method, url] of [['POST', '/api/samples'], ['PUT', `/api/samples/${documentId}`]] as const) {
          const response = await t.request(method, url, { body: { data: { [attribute]: value } } });
          assert.deepEqual({ request: method, status: response.status, body: response.body }, { request: method, ...expected });
        }
        assert.deepEqual(await rows(), before);
      });
    }
  });

  describe('decimals are held to what decimal(65,30) holds, on every database', () => {
    const message = 'dec must have at most 35 digits before the decimal point and 30 after it';
    for (const value of [`1${'0'.repeat(35)}`, `0.${'0'.repeat(30)}1`, `-${'9'.repeat(36)}.5`, '1e35', '1e-31']) {
      it(`${value.slice(0, 24)}… is refused with a 400 naming the limit, and nothing is written`, async () => {
        const before = await rows();
        const response = await t.put(`/api/samples/${documentId}`, { data: { dec: value } });
        assert.equal(response.status, 400, response.text);
        assert.equal(response.body.error.message, message);
        assert.deepEqual(response.body.error.details.errors[0].path, ['dec']);
        assert.deepEqual(await rows(), before);
      });
    }
    for (const [value, stored] of [[`9${'9'.repeat(34)}`, `9${'9'.repeat(34)}`], [`0.${'0'.repeat(29)}1`, `0.${'0'.repeat(29)}1`], ['1.5e-29', `0.${'0'.repeat(28)}15`]] as const) {
      it(`${value.slice(0, 24)}… at the limit is stored exactly`, async () => {
        const response = await t.put(`/api/samples/${documentId}`, { data: { dec: value } });
        assert.equal(response.status, 200, response.text);
        const written = JSON.stringify(await rows());
        assert.ok(written.includes(stored), `${stored} in ${written.slice(0, 300)}`);
      });
    }
  });

  describe('json nesting', () => {
    it('32 levels are accepted', async () => {
      const response = await t.put(`/api/samples/${documentId}`, { data: { obj: nested(32) } });
      assert.equal(response.status, 200);
      assert.deepEqual(response.body.data.obj, nested(32));
    });

    it('33 levels are refused, and not echoed back', async () => {
      const before = await rows();
      const response = await t.put(`/api/samples/${documentId}`, { data: { obj: nested(33) } });
      const message = 'obj is nested more than 32 levels deep';
      assert.deepEqual(response.body, { data: null, error: { status: 400, name: 'ValidationError', message, details: { errors: [{ path: ['obj'], message, name: 'ValidationError', value: null }] } } });
      assert.deepEqual(await rows(), before);
    });
  });

  describe('accepted and stored in canonical form', () => {
    for (const [attribute, value, stored] of ACCEPTED) {
      it(`${attribute} = ${JSON.stringify(value)?.slice(0, 80)}`, async () => {
        const created = await t.post('/api/samples', { data: { [attribute]: value } });
        assert.equal(created.status, 201, created.text);
        assert.deepEqual(created.body.data[attribute], stored);
        const read = await t.get(`/api/samples/${created.body.data.documentId}`);
        assert.deepEqual(read.body.data[attribute], stored);
        // Deleted first so that a uid value is free again for the update.
        assert.equal((await t.del(`/api/samples/${created.body.data.documentId}`)).status, 204);
        const updated = await t.put(`/api/samples/${documentId}`, { data: { [attribute]: value } });
        assert.equal(updated.status, 200, updated.text);
        assert.deepEqual(updated.body.data[attribute], stored);
      });
    }
  });
});

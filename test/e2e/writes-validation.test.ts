import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Write validation of `validateds`:
 *   name    string, required, minLength 2, maxLength 10
 *   code    string, unique, regex ^[A-Z]{3}$
 *   score   integer, min 0, max 100, default 50
 *   ratio   float, min -1.5, max 1.5
 *   amount  decimal, min 0
 *   kind    enumeration a|b, default a
 *   contact email, unique
 *   handle  uid from name, required
 *   active  boolean, default true
 */

type FieldError = readonly [path: string, message: string, value: unknown];

/** The 400 body for these field errors, in the order given (definition order). */
function invalid(...errors: FieldError[]) {
  const message = errors.length === 1 ? (errors[0]?.[1] ?? '') : `${errors.length} errors occurred`;
  return {
    data: null,
    error: { status: 400, name: 'ValidationError', message, details: { errors: errors.map(([path, text, value]) => ({ path: [path], message: text, name: 'ValidationError', value })) } },
  };
}

describe('write validation', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  const rows = () => t.app.database.db.selectFrom('validateds').selectAll().orderBy('id').execute();

  /** POST must fail with exactly this body and write nothing. */
  async function refusedCreate(data: Record<string, unknown>, expected: unknown): Promise<void> {
    const before = await rows();
    const response = await t.post('/api/validateds', { data });
    assert.deepEqual({ status: response.status, body: response.body }, { status: 400, body: expected });
    assert.deepEqual(await rows(), before);
  }

  /** PUT must fail with exactly this body and leave every stored row as it was. */
  async function refusedUpdate(documentId: string, data: Record<string, unknown>, expected: unknown): Promise<void> {
    const before = await rows();
    const response = await t.put(`/api/validateds/${documentId}`, { data });
    assert.deepEqual({ status: response.status, body: response.body }, { status: 400, body: expected });
    assert.deepEqual(await rows(), before);
  }

  async function create(data: Record<string, unknown>): Promise<Record<string, unknown> & { documentId: string }> {
    const response = await t.post('/api/validateds', { data });
    assert.equal(response.status, 201, response.text);
    return response.body.data;
  }

  describe('required', () => {
    it('absent on create → name must be defined.', () => refusedCreate({}, invalid(['name', 'name must be defined.', null])));
    it('null on create → name must be defined.', () => refusedCreate({ name: null }, invalid(['name', 'name must be defined.', null])));
    it('null on update → name must be defined.', async () => {
      const { documentId } = await create({ name: 'Required' });
      await refusedUpdate(documentId, { name: null }, invalid(['name', 'name must be defined.', null]));
    });
    it('absent on update is fine: only the keys sent are checked', async () => {
      const { documentId } = await create({ name: 'Partial' });
      const response = await t.put(`/api/validateds/${documentId}`, { data: { score: 1 } });
      assert.equal(response.status, 200);
      assert.equal(response.body.data.name, 'Partial');
    });
  });

  describe('lengths and patterns', () => {
    it('minLength', () => refusedCreate({ name: 'A' }, invalid(['name', 'name must be at least 2 characters', 'A'])));
    it('minLength on an empty string', () => refusedCreate({ name: '' }, invalid(['name', 'name must be at least 2 characters', ''])));
    it('maxLength', () => refusedCreate({ name: 'Elevenchars' }, invalid(['name', 'name must be at most 10 characters', 'Elevenchars'])));
    it('lengths are inclusive', async () => {
      assert.equal((await create({ name: 'Ab' })).name, 'Ab');
      assert.equal((await create({ name: 'Tenchars!!' })).name, 'Tenchars!!');
    });
    it('regex', () => refusedCreate({ name: 'Code', code: 'abc' }, invalid(['code', 'code must match the following: "/^[A-Z]{3}$/"', 'abc'])));
    it('regex is anchored', () => refusedCreate({ name: 'Code', code: 'ABCD' }, invalid(['code', 'code must match the following: "/^[A-Z]{3}$/"', 'ABCD'])));
    it('email format', () => refusedCreate({ name: 'Mail', contact: 'not-an-email' }, invalid(['contact', 'contact must be a valid email', 'not-an-email'])));
    it('email with a space', () => refusedCreate({ name: 'Mail', contact: 'a b@c.de' }, invalid(['contact', 'contact must be a valid email', 'a b@c.de'])));
    it('enum', () => refusedCreate({ name: 'Kind', kind: 'c' }, invalid(['kind', 'kind must be one of the following values: a, b', 'c'])));
    it('enum is case-sensitive', () => refusedCreate({ name: 'Kind', kind: 'A' }, invalid(['kind', 'kind must be one of the following values: a, b', 'A'])));
  });

  describe('min and max', () => {
    const cases: readonly [string, unknown, string][] = [
      ['score', -1, 'score must be greater than or equal to 0'],
      ['score', 101, 'score must be less than or equal to 100'],
      ['score', '101', 'score must be less than or equal to 100'],
      ['ratio', -1.6, 'ratio must be greater than or equal to -1.5'],
      ['ratio', 1.51, 'ratio must be less than or equal to 1.5'],
      ['amount', -0.01, 'amount must be greater than or equal to 0'],
      ['amount', '-0.000001', 'amount must be greater than or equal to 0'],
    ];
    for (const [attribute, value, message] of cases) {
      it(`${attribute} = ${JSON.stringify(value)}`, () => refusedCreate({ name: 'Bounds', [attribute]: value }, invalid([attribute, message, value])));
    }
    it('bounds are inclusive', async () => {
      const low = await create({ name: 'Low', score: 0, ratio: -1.5, amount: 0 });
      assert.deepEqual([low.score, low.ratio, low.amount], [0, -1.5, 0]);
      const high = await create({ name: 'High', score: 100, ratio: 1.5, amount: '12345678901234.5' });
      assert.deepEqual([high.score, high.ratio, high.amount], [100, 1.5, 12345678901234.5]);
    });
  });

  it('every failing attribute is reported, in definition order, as "N errors occurred"', () =>
    refusedCreate(
      { active: 'maybe', contact: 'x', kind: 'c', amount: -1, ratio: 2, score: 101, code: 'abc', name: 'A' },
      invalid(
        ['name', 'name must be at least 2 characters', 'A'],
        ['code', 'code must match the following: "/^[A-Z]{3}$/"', 'abc'],
        ['score', 'score must be less than or equal to 100', 101],
        ['ratio', 'ratio must be less than or equal to 1.5', 2],
        ['amount', 'amount must be greater than or equal to 0', -1],
        ['kind', 'kind must be one of the following values: a, b', 'c'],
        ['contact', 'contact must be a valid email', 'x'],
        ['active', 'active must be a `boolean` type, but the final value was: `"maybe"`.', 'maybe'],
      ),
    ));

  describe('unique', () => {
    it('a taken value → This attribute must be unique (both attributes reported)', async () => {
      await create({ name: 'Owner', code: 'UNQ', contact: 'owner@example.com' });
      await refusedCreate(
        { name: 'Copycat', code: 'UNQ', contact: 'owner@example.com' },
        invalid(['code', 'This attribute must be unique', 'UNQ'], ['contact', 'This attribute must be unique', 'owner@example.com']),
      );
    });

    it('on update, against another document, but not against the document itself', async () => {
      const mine = await create({ name: 'Mine', code: 'MIN', contact: 'mine@example.com' });
      await create({ name: 'Theirs', code: 'THR', contact: 'theirs@example.com' });
      await refusedUpdate(mine.documentId, { code: 'THR' }, invalid(['code', 'This attribute must be unique', 'THR']));
      await refusedUpdate(mine.documentId, { contact: 'theirs@example.com' }, invalid(['contact', 'This attribute must be unique', 'theirs@example.com']));
      const same = await t.put(`/api/validateds/${mine.documentId}`, { data: { code: 'MIN', contact: 'mine@example.com', name: 'Mine too' } });
      assert.equal(same.status, 200);
      assert.deepEqual([same.body.data.code, same.body.data.contact, same.body.data.name], ['MIN', 'mine@example.com', 'Mine too']);
    });

    it('a value freed by an update or a delete can be taken again', async () => {
      const first = await create({ name: 'Freed', code: 'FRE' });
      assert.equal((await t.put(`/api/validateds/${first.documentId}`, { data: { code: 'FRX' } })).status, 200);
      assert.equal((await create({ name: 'Taker', code: 'FRE' })).code, 'FRE');
      assert.equal((await t.del(`/api/validateds/${first.documentId}`)).status, 204);
      assert.equal((await create({ name: 'Taker two', code: 'FRX' })).code, 'FRX');
    });

    it('null is never a collision', async () => {
      await create({ name: 'Null one', code: null, contact: null });
      await create({ name: 'Null two', code: null, contact: null });
    });
  });

  describe('uid', () => {
    it('is generated from its targetField, with -1, -2 … when taken', async () => {
      assert.equal((await create({ name: 'Gen Uid' })).handle, 'gen-uid');
      assert.equal((await create({ name: 'Gen Uid' })).handle, 'gen-uid-1');
      assert.equal((await create({ name: 'gen uid!' })).handle, 'gen-uid-2');
      assert.equal((await create({ name: 'Gen Uid', handle: null })).handle, 'gen-uid-3');
      assert.equal((await create({ name: 'Gen Uid', handle: '' })).handle, 'gen-uid-4');
    });

    it('fills the first free suffix, and skips explicit ones', async () => {
      await create({ name: 'Gap', handle: 'gap' });
      await create({ name: 'Gap', handle: 'gap-2' });
      assert.equal((await create({ name: 'Gap' })).handle, 'gap-1');
      assert.equal((await create({ name: 'Gap' })).handle, 'gap-3');
    });

    it('folds accents and punctuation', async () => {
      assert.equal((await create({ name: 'Ça Va?' })).handle, 'ca-va');
    });

    it('transliterates letters as Strapi (@sindresorhus/slugify) does instead of dropping them', async () => {
      assert.equal((await create({ name: 'Łódź' })).handle, 'lodz');
      assert.equal((await create({ name: 'Straße' })).handle, 'strasse');
      assert.equal((await create({ name: 'FooBar' })).handle, 'foo-bar');
    });

    it('an explicit uid that is taken → This attribute must be unique', async () => {
      await create({ name: 'Taken', handle: 'taken-handle' });
      await refusedCreate({ name: 'Other', handle: 'taken-handle' }, invalid(['handle', 'This attribute must be unique', 'taken-handle']));
      const other = await create({ name: 'Other' });
      await refusedUpdate(other.documentId, { handle: 'taken-handle' }, invalid(['handle', 'This attribute must be unique', 'taken-handle']));
    });

    it('an explicit uid must use uid characters', () =>
      refusedCreate({ name: 'Spaces', handle: 'has spaces' }, invalid(['handle', 'handle must match the following: "/^[A-Za-z0-9-_.~]*$/"', 'has spaces'])));

    it('a required uid that cannot be generated → handle must be defined.', () => refusedCreate({ name: '!!' }, invalid(['handle', 'handle must be defined.', null])));

    it('is not regenerated on update, and cannot be cleared', async () => {
      const document = await create({ name: 'Stable' });
      const renamed = await t.put(`/api/validateds/${document.documentId}`, { data: { name: 'Renamed' } });
      assert.equal(renamed.body.data.handle, 'stable');
      await refusedUpdate(document.documentId, { handle: null }, invalid(['handle', 'handle must be defined.', null]));
      await refusedUpdate(document.documentId, { handle: '' }, invalid(['handle', 'handle must be defined.', '']));
    });
  });

  describe('defaults', () => {
    it('fill absent attributes on create', async () => {
      const document = await create({ name: 'Defaults' });
      assert.deepEqual([document.score, document.kind, document.active], [50, 'a', true]);
    });

    it('do not replace values sent, null included', async () => {
      const document = await create({ name: 'Explicit', score: 7, kind: 'b', active: false });
      assert.deepEqual([document.score, document.kind, document.active], [7, 'b', false]);
      const nulls = await create({ name: 'Nulls', score: null, kind: null, active: null });
      assert.deepEqual([nulls.score, nulls.kind, nulls.active], [null, null, null]);
    });

    it('are not applied on update', async () => {
      const document = await create({ name: 'Updated', score: 7, kind: 'b', active: false });
      const updated = await t.put(`/api/validateds/${document.documentId}`, { data: { name: 'Updated 2' } });
      assert.deepEqual([updated.body.data.score, updated.body.data.kind, updated.body.data.active], [7, 'b', false]);
      const cleared = await t.put(`/api/validateds/${document.documentId}`, { data: { score: null } });
      assert.equal(cleared.body.data.score, null);
    });
  });
});

describe('uniqueness is per content-type', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ fixture: 'writes-unique' });
  });
  after(() => t.close());

  it('the same unique value and the same generated uid live in two types', async () => {
    for (const plural of ['alphas', 'betas']) {
      const response = await t.post(`/api/${plural}`, { data: { code: 'Shared' } });
      assert.equal(response.status, 201, plural);
      assert.deepEqual([response.body.data.code, response.body.data.slug], ['Shared', 'shared'], plural);
    }
    const again = await t.post('/api/alphas', { data: { code: 'Shared' } });
    assert.deepEqual(again.body, invalid(['code', 'This attribute must be unique', 'Shared']));
    const suffixed = await t.post('/api/betas', { data: { code: 'Shared!' } });
    assert.equal(suffixed.body.data.slug, 'shared-1');
  });

  it('a uid is generated with the attribute\'s options, as Strapi passes them to slugify', async () => {
    // beta.path: { separator: '_', lowercase: false, customReplacements: [['&', ' and ']] }
    const first = await t.post('/api/betas', { data: { code: 'Łódź & Straße' } });
    assert.equal(first.status, 201, first.text);
    assert.equal(first.body.data.path, 'Lodz_and_Strasse');
    const second = await t.post('/api/betas', { data: { code: 'Łódź & Straße!' } });
    assert.equal(second.body.data.path, 'Lodz_and_Strasse-1');
  });
});

/**
 * Secrets sent in a refused write never come back: a password attribute's or a private
 * attribute's value is not in `details` (no `value`) nor quoted in the message, and the
 * users-permissions bodies keep passwords, confirmations and reset codes out the same way.
 */
describe('refused secrets are not echoed', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  const SECRET = 'hunter2-hunter2-hunter2-hunter2-hunter2-hunter2-hunter2-hunter2-hunter2-hunter2';

  async function refused(method: string, url: string, body: unknown, expected: readonly { path: string[]; message: string }[]): Promise<void> {
    const response = await t.request(method, url, { body });
    assert.equal(response.status, 400, response.text);
    assert.ok(!response.text.includes('hunter2') && !response.text.includes('86753090'), `a secret came back: ${response.text}`);
    assert.deepEqual(response.body.error.details.errors, expected.map(({ path, message }) => ({ path, message, name: 'ValidationError' })));
  }

  it('password and private attributes of a content-type', async () => {
    await refused('POST', '/api/samples', { data: { pass: SECRET } }, [{ path: ['pass'], message: 'pass must be less than 73 bytes' }]);
    await refused('POST', '/api/samples', { data: { pass: 86753090 } }, [{ path: ['pass'], message: 'pass must be a `string` type.' }]);
    await refused('POST', '/api/samples', { data: { hidden: ['hunter2'] } }, [{ path: ['hidden'], message: 'hidden must be a `string` type.' }]);
    await refused('POST', '/api/samples', { data: { hidden: `hunter2\u0000` } }, [{ path: ['hidden'], message: 'hidden must not contain NUL (U+0000) characters' }]);
    assert.equal((await t.get('/api/samples')).body.data.length, 0, 'nothing written');
  });

  it('a public attribute still shows what was sent', async () => {
    const response = await t.post('/api/samples', { data: { int: 'abc' } });
    assert.equal(response.status, 400);
    assert.equal(response.body.error.details.errors[0].value, 'abc');
  });

  it('passwords, confirmations and codes of the auth routes', async () => {
    await refused('POST', '/api/auth/local/register', { username: 'someone', email: 'someone@example.com', password: SECRET }, [{ path: ['password'], message: 'Password must be less than 73 bytes' }]);
    await refused('POST', '/api/auth/local', { identifier: 'someone', password: 86753090 }, [{ path: ['password'], message: 'password must be a `string` type' }]);
    await refused('POST', '/api/auth/reset-password', { code: 86753090, password: 'hunter2\u0000', passwordConfirmation: 86753090 }, [
      { path: ['code'], message: 'code must be a `string` type' },
      { path: ['password'], message: 'password must not contain NUL (U+0000) characters' },
      { path: ['passwordConfirmation'], message: 'passwordConfirmation must be a `string` type' },
    ]);
  });
});

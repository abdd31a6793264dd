import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BodyChecker, type BodyDialect, type BodyProblem } from './body-checker.js';
import { ValidationError } from './errors.js';

/** The error a read throws, as a client sees it: name, message and details (JSON drops undefined). */
function thrown(read: () => unknown): { name: string; message: string; details: unknown } {
  try {
    read();
  } catch (error) {
    assert.ok(error instanceof ValidationError, String(error));
    return JSON.parse(JSON.stringify({ name: error.name, message: error.message, details: error.details })) as { name: string; message: string; details: unknown };
  }
  assert.fail('nothing was thrown');
}

function fieldError(path: string[], message: string, ...value: unknown[]): unknown {
  return { name: 'ValidationError', message, details: { errors: [{ name: 'ValidationError', path, message, ...(value.length > 0 ? { value: value[0] } : {}) }] } };
}

const COLLECT: BodyDialect = { collect: true };

describe('BodyChecker: the body itself', () => {
  it('refuses anything but a JSON object, in the default or the dialect wording', () => {
    for (const body of [null, undefined, [], 'text', 3]) {
      assert.deepEqual(thrown(() => BodyChecker.of(body)), { name: 'ValidationError', message: 'The request body must be a JSON object', details: {} });
    }
    const dialect: BodyDialect = { notAnObject: () => new ValidationError('Invalid request body: an object is expected') };
    assert.equal(thrown(() => BodyChecker.of([], dialect)).message, 'Invalid request body: an object is expected');
  });

  it('refuses unknown keys: Tessera names the first, the reference lists them all, or each is a problem at its path', () => {
    const body = { ok: 1, bad: 2, worse: 3 };
    assert.deepEqual(thrown(() => BodyChecker.of(body).onlyKeys(['ok'])), { name: 'ValidationError', message: 'Invalid key bad', details: { key: 'bad', path: null, source: 'body' } });
    assert.deepEqual(thrown(() => BodyChecker.of(body, { unknownKeys: BodyChecker.unspecifiedKeys }).onlyKeys(['ok'])), {
      name: 'ValidationError',
      message: 'this field has unspecified keys: bad, worse',
      details: {},
    });
    const each = BodyChecker.of({ inner: body }, { collect: true, unknownKeys: 'each' });
    each.object('inner')?.onlyKeys(['ok']);
    const error = thrown(() => each.done());
    assert.equal(error.message, '2 errors occurred');
    assert.deepEqual(error.details, {
      errors: [
        { name: 'ValidationError', path: ['inner', 'bad'], message: 'Invalid key bad', value: 2 },
        { name: 'ValidationError', path: ['inner', 'worse'], message: 'Invalid key worse', value: 3 },
      ],
    });
    // A wording given to one call wins over the dialect's.
    assert.equal(thrown(() => BodyChecker.of(body).onlyKeys(['ok'], (keys) => new ValidationError(`Invalid parameters: ${keys.join(', ')}`))).message, 'Invalid parameters: bad, worse');
    BodyChecker.of(body).onlyKeys(['ok', 'bad', 'worse']);
  });
});

describe('BodyChecker: first problem or all at once', () => {
  it('throws the first problem at once by default, and every one from done() when collecting', () => {
    const body = { a: 1, b: 2 };
    assert.deepEqual(thrown(() => BodyChecker.of(body).string('a')), fieldError(['a'], 'a must be a string', 1));
    const check = BodyChecker.of(body, COLLECT);
    assert.equal(check.string('a', { required: true }), '', 'a failed required field reads as a placeholder');
    assert.equal(check.string('b'), undefined);
    assert.equal(check.boolean('a'), undefined);
    const error = thrown(() => check.done());
    assert.equal(error.message, '3 errors occurred');
    assert.deepEqual(
      (error.details as { errors: { path: string[]; message: string }[] }).errors.map((problem) => [problem.path.join('.'), problem.message]),
      [
        ['a', 'a must be a string'],
        ['b', 'b must be a string'],
        ['a', 'a must be a boolean'],
      ],
    );
    BodyChecker.of({}, COLLECT).done();
  });

  it("turns problems into the dialect's error, and shows values through its echo", () => {
    const seen: BodyProblem[][] = [];
    const dialect: BodyDialect = {
      collect: true,
      echo: (value) => (typeof value === 'object' ? null : value),
      toError: (problems) => {
        seen.push([...problems]);
        return new ValidationError('custom');
      },
    };
    const check = BodyChecker.of({ list: [1], text: 5 }, dialect);
    check.string('list');
    check.string('text');
    check.problem(['own', 'path'], 'own problem', { kept: true });
    assert.equal(thrown(() => check.done()).message, 'custom');
    assert.deepEqual(seen, [
      [
        { path: ['list'], message: 'list must be a string', value: null },
        { path: ['text'], message: 'text must be a string', value: 5 },
        { path: ['own', 'path'], message: 'own problem', value: { kept: true } },
      ],
    ]);
  });
});

describe('BodyChecker: strings', () => {
  it('required, nullable, missing', () => {
    assert.deepEqual(thrown(() => BodyChecker.of({}).string('name', { required: true })), fieldError(['name'], 'name is a required field'));
    assert.deepEqual(thrown(() => BodyChecker.of({ name: null }).string('name')), fieldError(['name'], 'name must be a string', null));
    assert.equal(BodyChecker.of({ name: null }).string('name', { nullable: true }), null);
    assert.equal(BodyChecker.of({}).string('name', { nullable: true }), undefined);
    // As the reference reads its bodies: null and '' are not sent.
    assert.equal(BodyChecker.of({ a: null, b: '' }).string('a', { emptyIsMissing: true }), undefined);
    assert.equal(BodyChecker.of({ a: null, b: '' }).string('b', { emptyIsMissing: true }), undefined);
    assert.deepEqual(thrown(() => BodyChecker.of({ b: '' }).string('b', { required: true, emptyIsMissing: true })), fieldError(['b'], 'b is a required field', ''));
  });

  it('trim, non-empty, min and max length, in the default or overridden words', () => {
    assert.equal(BodyChecker.of({ a: '  x  ' }).string('a', { trim: true }), 'x');
    assert.equal(BodyChecker.of({ a: '  x  ' }).string('a'), '  x  ');
    assert.deepEqual(thrown(() => BodyChecker.of({ a: '   ' }).string('a', { required: true, trim: true })), fieldError(['a'], 'a must not be empty', '   '));
    assert.equal(BodyChecker.of({ a: '' }).string('a'), '', 'an optional string may be empty');
    assert.deepEqual(thrown(() => BodyChecker.of({ a: 'ab' }).string('a', { min: 3 })), fieldError(['a'], 'a must be at least 3 characters', 'ab'));
    assert.deepEqual(thrown(() => BodyChecker.of({ a: 'abcd' }).string('a', { max: 3 })), fieldError(['a'], 'a must be at most 3 characters', 'abcd'));
    assert.equal(BodyChecker.of({ a: ' abc ' }).string('a', { trim: true, max: 3 }), 'abc', 'lengths are of the trimmed text');
    const words = { notAString: 'must be a non-empty string', empty: 'must be a non-empty string', tooLong: () => 'is too long' };
    assert.equal(thrown(() => BodyChecker.of({ a: 1 }).string('a', { words })).message, 'a must be a non-empty string');
    assert.equal(thrown(() => BodyChecker.of({ a: ' ' }).string('a', { trim: true, min: 1, words })).message, 'a must be a non-empty string');
    assert.equal(thrown(() => BodyChecker.of({ a: 'abcd' }).string('a', { max: 3, words })).message, 'a is too long');
    // A dialect's string defaults apply to every read, a rule's own settings win.
    const dialect: BodyDialect = { strings: { trim: true, max: 2 } };
    assert.equal(BodyChecker.of({ a: ' ab ' }, dialect).string('a'), 'ab');
    assert.equal(BodyChecker.of({ a: 'abcd' }, dialect).string('a', { max: 4 }), 'abcd');
  });

  it('email, password bytes, secrets', () => {
    assert.equal(BodyChecker.of({ e: 'a@b.co' }).string('e', { email: true }), 'a@b.co');
    assert.deepEqual(thrown(() => BodyChecker.of({ e: 'a@b' }).string('e', { email: true })), fieldError(['e'], 'e must be a valid email', 'a@b'));
    const long = 'é'.repeat(37); // 74 bytes, 37 characters
    assert.deepEqual(thrown(() => BodyChecker.of({ p: long }).string('p', { passwordBytes: 72, secret: true })), fieldError(['p'], 'Password must be less than 73 bytes'));
    assert.equal(BodyChecker.of({ p: 'é'.repeat(36) }).string('p', { passwordBytes: 72 }), 'é'.repeat(36));
    // A secret is never shown, whatever its problem.
    assert.deepEqual(thrown(() => BodyChecker.of({ p: 5 }).string('p', { secret: true })), fieldError(['p'], 'p must be a string'));
  });

  it('refuses text no database stores as sent, without showing it unless the dialect says so', () => {
    const problem = 'must not contain NUL (U+0000) characters';
    assert.deepEqual(thrown(() => BodyChecker.of({ a: 'x\u0000' }).string('a')), fieldError(['a'], `a ${problem}`));
    assert.deepEqual(thrown(() => BodyChecker.of({ a: 'x\u0000' }, { echoUnstorable: true }).string('a')), fieldError(['a'], `a ${problem}`, 'x\u0000'));
    assert.match(thrown(() => BodyChecker.of({ a: 'lone \ud800' }).string('a')).message, /^a must be well-formed Unicode/);
    assert.equal(BodyChecker.of({ a: 'x\u0000' }).string('a', { storable: false }), 'x\u0000');
    assert.deepEqual(thrown(() => BodyChecker.of({ a: 'x\u0000' }).storable('a')), fieldError(['a'], `a ${problem}`));
    BodyChecker.of({ a: 5, b: 'fine' }).storable('a');
    BodyChecker.of({ a: 5, b: 'fine' }).storable('b');
  });

  it('types what it reads from the rule', () => {
    const check = BodyChecker.of({ a: 'x' });
    const required: string = check.string('a', { required: true });
    const nullable: string | null | undefined = check.string('a', { nullable: true });
    const optional: string | undefined = check.string('a');
    assert.deepEqual([required, nullable, optional], ['x', 'x', 'x']);
  });
});

describe('BodyChecker: booleans, objects, lists', () => {
  it('booleans', () => {
    assert.equal(BodyChecker.of({ b: false }).boolean('b'), false);
    assert.equal(BodyChecker.of({}).boolean('b'), undefined);
    assert.deepEqual(thrown(() => BodyChecker.of({ b: 'true' }).boolean('b')), fieldError(['b'], 'b must be a boolean', 'true'));
  });

  it('nested objects share the problems, with paths from the root; a bad required one reads as {}', () => {
    const check = BodyChecker.of({ outer: { inner: { n: 1 } }, other: 3 }, COLLECT);
    const outer = check.object('outer', { required: true });
    const inner = outer.object('inner');
    assert.deepEqual(inner?.at, ['outer', 'inner']);
    inner?.string('n');
    const other = check.object('other', { required: true });
    assert.deepEqual(other.body, {});
    other.string('name', { required: true });
    assert.equal(check.object('absent'), undefined);
    check.object('missing', { required: true });
    const error = thrown(() => check.done());
    assert.deepEqual(
      (error.details as { errors: unknown[] }).errors,
      [
        { name: 'ValidationError', path: ['outer', 'inner', 'n'], message: 'n must be a string', value: 1 },
        { name: 'ValidationError', path: ['other'], message: 'other must be an object', value: 3 },
        { name: 'ValidationError', path: ['other', 'name'], message: 'name is a required field' },
        { name: 'ValidationError', path: ['missing'], message: 'missing is a required field' },
      ],
    );
  });

  it('lists of non-empty, storable strings, duplicates dropped', () => {
    assert.deepEqual(BodyChecker.of({ l: ['a', 'b', 'a'] }).stringList('l'), ['a', 'b']);
    assert.equal(BodyChecker.of({}).stringList('l'), undefined);
    for (const l of ['a', ['a', ''], ['a', 2], { 0: 'a' }]) {
      assert.deepEqual(thrown(() => BodyChecker.of({ l }).stringList('l')), fieldError(['l'], 'l must be a list of non-empty strings', l));
    }
    assert.equal(thrown(() => BodyChecker.of({ l: ['abcd'] }).stringList('l', { max: 3, wording: 'must be a list of action names' })).message, 'l must be a list of action names');
    assert.deepEqual(thrown(() => BodyChecker.of({ l: ['ok', 'x\u0000'] }).stringList('l')), fieldError(['l'], 'l must not contain NUL (U+0000) characters'));
  });

  it('reads an object known to be one (a query) without checking its root', () => {
    const check = BodyChecker.over({ dryRun: 'maybe' }, COLLECT);
    check.problem(['dryRun'], 'dryRun must be true or false', check.body.dryRun);
    assert.deepEqual(thrown(() => check.done()), fieldError(['dryRun'], 'dryRun must be true or false', 'maybe'));
    assert.equal(BodyChecker.isObject([]), false);
    assert.equal(BodyChecker.isObject({}), true);
  });
});

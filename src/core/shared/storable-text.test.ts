import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { unstorableTextIn, unstorableTextProblem } from './storable-text.js';

describe('unstorableTextProblem', () => {
  it('accepts ordinary text, astral characters (surrogate pairs) and the empty string', () => {
    for (const text of ['', 'plain', 'émoji 😀 ok', '\ud83d\ude00', 'tab\tnewline\n']) assert.equal(unstorableTextProblem(text), null, JSON.stringify(text));
  });
  it('refuses NUL', () => assert.equal(unstorableTextProblem('a\u0000b'), 'must not contain NUL (U+0000) characters'));
  it('refuses a lone high or low surrogate, anywhere in the text', () => {
    for (const text of ['lone \ud800 x', '\udfff', 'end \ud83d', '\ude00 start', '\ud83d\ude00\ud83d']) {
      assert.match(unstorableTextProblem(text) ?? '', /well-formed Unicode/, JSON.stringify(text));
    }
  });
});

describe('unstorableTextIn', () => {
  it('finds the first bad string in a JSON value, keys included, with its path', () => {
    assert.equal(unstorableTextIn({ a: [1, 'ok', { b: true }] }), null);
    assert.deepEqual(unstorableTextIn({ a: [1, 'ok', { b: 'x\u0000' }] })?.path, ['a', 2, 'b']);
    assert.deepEqual(unstorableTextIn({ ok: 1, nested: { ['k\ud800']: 1 } }), { problem: `keys ${unstorableTextProblem('\ud800')}`, path: ['nested'] });
    assert.equal(unstorableTextIn('\ud800')?.path.length, 0);
  });
});

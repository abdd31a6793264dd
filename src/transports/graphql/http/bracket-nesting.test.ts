import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bracketNesting, MAX_BRACKET_NESTING } from './bracket-nesting.js';

describe('bracketNesting', () => {
  it('counts selection sets, lists, input objects and argument lists', () => {
    assert.equal(bracketNesting('{ a }'), 1);
    assert.equal(bracketNesting('query($f: [[Int]]) { a(f: { not: { x: [1] } }) { b } }'), 5);
    assert.equal(bracketNesting('{ a } { b { c } }'), 2);
  });

  it('ignores brackets inside strings, block strings and comments', () => {
    assert.equal(bracketNesting('{ a(s: "{{{[[[(((\\"{{") }'), 2);
    assert.equal(bracketNesting('{ a(s: """ {{{ \\""" [[[ """) }'), 2);
    assert.equal(bracketNesting('# {{{{{{\n{ a }'), 1);
  });

  it('stops past the limit, whatever the length of the text', () => {
    const deep = '['.repeat(100_000);
    assert.equal(bracketNesting(deep), MAX_BRACKET_NESTING + 1);
    assert.equal(bracketNesting(`{ a(f: ${'['.repeat(MAX_BRACKET_NESTING - 2)}${']'.repeat(MAX_BRACKET_NESTING - 2)}) }`), MAX_BRACKET_NESTING);
  });
});

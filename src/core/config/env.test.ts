import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createEnvHelper } from './env.js';

const env = createEnvHelper({
  HOST: 'example.test',
  PORT: '8080',
  RATIO: '0.75',
  ON: 'true',
  ONE: '1',
  OFF: 'false',
  LIST: 'a, b ,c',
  BRACKETED: '["x", "y"]',
  JSON_OBJ: '{"a":[1,2]}',
  BAD_JSON: '{a',
  WHEN: '2024-01-15T10:00:00Z',
  MODE: 'production',
  EMPTY: '',
});

describe('env helper', () => {
  it('env(key, default) returns the raw value or the default', () => {
    assert.equal(env('HOST'), 'example.test');
    assert.equal(env('HOST', 'fallback'), 'example.test');
    assert.equal(env('MISSING', 'fallback'), 'fallback');
    assert.equal(env('MISSING'), undefined);
    assert.equal(env('EMPTY', 'fallback'), '', 'a set but empty variable is set');
  });

  it('env.int and env.float parse numbers', () => {
    assert.equal(env.int('PORT', 1337), 8080);
    assert.equal(env.int('MISSING', 1337), 1337);
    assert.equal(env.int('MISSING'), undefined);
    assert.equal(env.float('RATIO', 1), 0.75);
    assert.equal(env.float('MISSING', 0.5), 0.5);
    assert.ok(Number.isNaN(env.int('HOST', 1)), 'a non-number is NaN, which config checks then reject');
  });

  it('env.bool is true for "true" and "1" only', () => {
    assert.equal(env.bool('ON', false), true);
    assert.equal(env.bool('ONE', false), true);
    assert.equal(env.bool('OFF', true), false);
    assert.equal(env.bool('HOST', true), false);
    assert.equal(env.bool('MISSING', true), true);
    assert.equal(env.bool('MISSING'), undefined);
  });

  it('env.array splits on commas, with or without brackets and quotes', () => {
    assert.deepEqual(env.array('LIST'), ['a', 'b', 'c']);
    assert.deepEqual(env.array('BRACKETED'), ['x', 'y']);
    assert.deepEqual(env.array('MISSING', ['d']), ['d']);
    assert.equal(env.array('MISSING'), undefined);
  });

  it('env.json parses JSON and names the variable when it cannot', () => {
    assert.deepEqual(env.json('JSON_OBJ'), { a: [1, 2] });
    assert.deepEqual(env.json('MISSING', { b: 1 }), { b: 1 });
    assert.throws(() => env.json('BAD_JSON'), /^Error: Invalid JSON in environment variable BAD_JSON: /);
  });

  it('env.date and env.oneOf', () => {
    assert.equal(env.date('WHEN')?.toISOString(), '2024-01-15T10:00:00.000Z');
    assert.equal(env.oneOf('MODE', ['development', 'production']), 'production');
    assert.equal(env.oneOf('MISSING', ['a', 'b'], 'b'), 'b');
    assert.throws(() => env.oneOf('MODE', ['a', 'b']), { message: 'Environment variable MODE must be one of a, b, got "production"' });
  });

  it('reads only the map it was given', () => {
    assert.equal(createEnvHelper({})('PATH'), undefined);
  });
});

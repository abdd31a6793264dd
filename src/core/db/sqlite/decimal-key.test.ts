import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decimalKey } from './decimal-key.js';

describe('decimalKey', () => {
  it('orders decimals exactly, across signs, magnitudes and lengths', () => {
    const ordered = [
      '-12345678901234567890.2',
      '-12345678901234567890.1',
      '-100',
      '-1.25',
      '-1.2',
      '-1',
      '-0.001',
      '0',
      '0.001',
      '0.0012',
      '1',
      '1.2',
      '1.25',
      '9.99',
      '10',
      '100',
      '12345678901234567890.1',
      '12345678901234567890.12',
      '12345678901234567890.2',
    ];
    const keys = ordered.map((value) => decimalKey(value) ?? '');
    const sorted = [...keys].sort();
    assert.deepEqual(sorted, keys);
  });

  it('gives equal numbers equal keys, whatever their spelling', () => {
    assert.equal(decimalKey('1.50'), decimalKey('1.5'));
    assert.equal(decimalKey('0001.5'), decimalKey('1.5'));
    assert.equal(decimalKey('1.5e1'), decimalKey('15'));
    assert.equal(decimalKey('-0'), decimalKey('0'));
    assert.equal(decimalKey(15), decimalKey('15'));
  });

  it('keeps null and unreadable values out of the order', () => {
    assert.equal(decimalKey(null), null);
    assert.equal(decimalKey('abc'), null);
  });
});

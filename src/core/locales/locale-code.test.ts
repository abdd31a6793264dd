import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defaultLocaleName, isLocaleCode } from './locale-code.js';

describe('locale codes', () => {
  it('accepts BCP 47-like codes and nothing else', () => {
    for (const code of ['en', 'fr', 'fr-CA', 'zh-Hans', 'zh-Hans-CN', 'sr-Latn-RS', 'EN', 'gsw']) assert.equal(isLocaleCode(code), true, code);
    for (const code of ['', 'e', 'en_US', 'english', 'en-', '-en', 'en--US', 'en-a', 'en-abcdefghi', '12', 'en US', 'fr-ÇA', 42, null, undefined, ['en']]) {
      assert.equal(isLocaleCode(code), false, String(code));
    }
    assert.equal(isLocaleCode(`en${'-abcdefgh'.repeat(8)}`), false, 'longer than the column keeps');
  });

  it('names a locale by its English display name and its code', () => {
    assert.equal(defaultLocaleName('en'), 'English (en)');
    assert.equal(defaultLocaleName('fr'), 'French (fr)');
    assert.equal(defaultLocaleName('fr-CA'), 'Canadian French (fr-CA)');
    assert.equal(defaultLocaleName('xx'), 'xx', 'a code ICU cannot name is its own name');
  });
});

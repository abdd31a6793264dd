import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { looksLikeEmail, passwordProblems } from './password-rules';

describe('Strapi\'s admin password rules', () => {
  it('names each broken rule', () => {
    assert.deepEqual(passwordProblems('Tessera123'), []);
    assert.deepEqual(passwordProblems('weakpass'), ['auth.error.passwordUpper', 'auth.error.passwordNumber']);
    assert.deepEqual(passwordProblems(''), ['auth.error.passwordLength', 'auth.error.passwordLower', 'auth.error.passwordUpper', 'auth.error.passwordNumber']);
    assert.deepEqual(passwordProblems('A1b'), ['auth.error.passwordLength']);
  });

  it('counts the 72-byte limit in UTF-8 bytes, as bcrypt does', () => {
    assert.deepEqual(passwordProblems(`Aa1${'x'.repeat(69)}`), []);
    assert.deepEqual(passwordProblems(`Aa1${'é'.repeat(35)}`), ['auth.error.passwordTooLong']);
  });

  it('takes an email with an @ and a dot after it', () => {
    assert.equal(looksLikeEmail('ada@example.com'), true);
    assert.equal(looksLikeEmail('ada@localhost'), false);
    assert.equal(looksLikeEmail('ada example@x.io'), false);
  });
});

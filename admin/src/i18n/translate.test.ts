import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { en, type Messages } from './en';
import { t, translate, translatePlural, tPlural } from './translate';

describe('the message catalogue', () => {
  it('fills placeholders, and leaves one without a value as written', () => {
    assert.equal(t('shell.home.greeting', { name: 'Ada' }), 'Hello Ada');
    assert.equal(t('shell.home.greeting'), 'Hello {name}');
    assert.equal(t('shell.home.greeting', { other: 'x' }), 'Hello {name}');
  });

  it('picks the plural form of the count', () => {
    assert.equal(tPlural('shell.home.singleTypes', 1), '1 single type');
    assert.equal(tPlural('shell.home.singleTypes', 0), '0 single types');
    assert.equal(tPlural('shell.home.collectionTypes', 5), '5 collection types');
    assert.equal(tPlural('auth.error.form', 1), 'The form has an error: see the field marked below.');
    assert.equal(tPlural('auth.error.form', 3), 'The form has 3 errors: see the fields marked below.');
  });

  it('falls back to the other form for a category the catalogue lacks', () => {
    // Polish has "few" and "many": a catalogue with only one/other still answers.
    const messages: Messages = { ...en, 'shell.home.singleTypes.one': '{count} typ', 'shell.home.singleTypes.other': '{count} typów' };
    assert.equal(translatePlural(messages, 'pl', 'shell.home.singleTypes', 3), '3 typów');
    assert.equal(translatePlural(messages, 'pl', 'shell.home.singleTypes', 1), '1 typ');
  });

  it('a translation is held to every key of the English catalogue', () => {
    const french: Messages = { ...en, 'auth.login.submit': 'Se connecter' };
    assert.equal(translate(french, 'auth.login.submit'), 'Se connecter');
    assert.ok(Object.values(en).every((text) => text.trim() === text && text.length > 0));
  });
});

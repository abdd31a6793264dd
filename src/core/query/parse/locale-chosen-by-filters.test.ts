import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { contentTypeWith } from '../../../../test/helpers/content-type.js';
import { staticLocaleCatalog } from '../locale-catalog.js';
import { localeChosenByFilters } from './locale-chosen-by-filters.js';

const localized = contentTypeWith({ title: { type: 'string' } }, { pluginOptions: { i18n: { localized: true } } });
const plain = contentTypeWith({ title: { type: 'string' } });
const locales = staticLocaleCatalog(['en', 'fr'], 'en');
const chosen = (filters: unknown) => localeChosenByFilters(filters, localized, locales);

describe('localeChosenByFilters', () => {
  it('equality with one configured code chooses it', () => {
    assert.equal(chosen({ locale: 'fr' }), 'fr');
    assert.equal(chosen({ locale: { $eq: 'fr' }, title: 'x' }), 'fr');
  });

  it('any other top-level condition reads every locale', () => {
    for (const condition of [{ $in: ['en', 'fr'] }, { $ne: 'en' }, { $eq: 'xx' }, { $eq: 'fr', $ne: 'en' }, { $eqi: 'FR' }, ['fr'], 5]) {
      assert.equal(chosen({ locale: condition }), '*', JSON.stringify(condition));
    }
  });

  it('no top-level locale, or a type without locales: no choice', () => {
    assert.equal(chosen(undefined), null);
    assert.equal(chosen({ title: 'x' }), null);
    assert.equal(chosen({ $and: [{ locale: 'fr' }] }), null);
    assert.equal(chosen({ $or: [{ locale: 'fr' }] }), null);
    assert.equal(localeChosenByFilters({ locale: 'fr' }, plain, locales), null);
  });
});

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { createIsoLocales } from './iso-locales.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, here.includes(`${path.sep}dist${path.sep}`) ? '../../../..' : '../../..');
const recorded = JSON.parse(readFileSync(path.join(root, 'test/fixtures/strapi-admin/i18n/iso-locales.json'), 'utf8')) as { response: { code: string; name: string }[] };

describe('iso locales', () => {
  const iso = createIsoLocales();

  it("has Strapi's 627 codes in Strapi's order", () => {
    assert.equal(iso.list().length, 627);
    assert.deepEqual(
      iso.list().map((locale) => locale.code),
      recorded.response.map((locale) => locale.code),
    );
    assert.ok(iso.has('fr-CA') && iso.has('kw') && !iso.has('xx-nope') && !iso.has('EN'));
  });

  it("names most codes as Strapi does (ICU's English names; Strapi's list has its own spellings for the rest)", () => {
    const byCode = new Map(recorded.response.map((locale) => [locale.code, locale.name]));
    const same = iso.list().filter((locale) => byCode.get(locale.code) === locale.name).length;
    assert.ok(same >= 540, `${same} of 627 names match`);
    assert.equal(iso.list().find((locale) => locale.code === 'af-NA')?.name, 'Afrikaans (Namibia) (af-NA)');
    assert.equal(iso.list().find((locale) => locale.code === 'en-US')?.name, 'English (United States) (en-US)');
  });
});

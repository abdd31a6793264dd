import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../database.js';
import { asciiInsensitiveLike, containedLiteral, FOLDS_INTO_ASCII } from './ascii-insensitive-like.js';
import { seededRandom } from '../../../../test/helpers/random.js';

/** `%`, `_` and `\` taken literally, as compile-filter escapes a search. */
const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (character) => `\\${character}`);


// Characters chosen to stress folding: ASCII of both cases, LIKE's own metacharacters, the two
// that lower into ASCII, others whose upper/lower forms are ASCII-like (ı, ſ, ß, ﬀ), Greek sigma,
// combining marks and astral characters.
const TRICKY = ['a', 'A', 'k', 'K', 'i', 'I', 's', 'S', 'z', 'Z', '0', ' ', '%', '_', '\\', '\u0130', '\u212A', '\u0131', '\u017F', 'ß', '\uFB00', 'Σ', 'ς', 'É', 'é', '\u0307', '\u212B', '😀', '𝐀', 'Ǆ', 'ǅ'];

function randomText(random: () => number): string {
  const length = Math.floor(random() * 12);
  let text = '';
  for (let index = 0; index < length; index += 1) {
    const roll = random();
    if (roll < 0.7) text += TRICKY[Math.floor(random() * TRICKY.length)];
    else if (roll < 0.85) text += String.fromCharCode(0x20 + Math.floor(random() * 0x5f));
    else {
      const codePoint = Math.floor(random() * 0x30000);
      text += codePoint >= 0xd800 && codePoint <= 0xdfff ? 'x' : String.fromCodePoint(codePoint);
    }
  }
  return text;
}

/** An ASCII search: often a slice of a stored text's ASCII, sometimes random ASCII. */
function randomSearch(random: () => number, texts: readonly string[]): string {
  const source = texts[Math.floor(random() * texts.length)] ?? '';
  const ascii = [...source].filter((character) => character.charCodeAt(0) < 0x80).join('');
  if (ascii.length > 0 && random() < 0.7) {
    const start = Math.floor(random() * ascii.length);
    const end = start + 1 + Math.floor(random() * Math.min(4, ascii.length - start));
    const slice = ascii.slice(start, end);
    return random() < 0.5 ? slice.toUpperCase() : slice;
  }
  return ['k', 'K', 'i', 'I', 's', 'ss', 'a', '%', '_', '\\'][Math.floor(random() * 10)] ?? 'a';
}

describe('asciiInsensitiveLike', () => {
  it('knows every code point whose JavaScript lower case contains ASCII', () => {
    const found: string[] = [];
    for (let codePoint = 0x80; codePoint <= 0x10ffff; codePoint += 1) {
      if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
      const character = String.fromCodePoint(codePoint);
      if ([...character.toLowerCase()].some((lowered) => lowered.charCodeAt(0) < 0x80)) found.push(character);
    }
    assert.deepEqual(found, FOLDS_INTO_ASCII);
  });

  let database: Database;
  const texts: string[] = [];
  before(async () => {
    database = await openDatabase({ client: 'sqlite', filename: ':memory:' });
    await sql`create table words (id integer primary key, body text)`.execute(database.db);
    const random = seededRandom(20261126);
    for (let index = 0; index < 3000; index += 1) texts.push(randomText(random));
    texts.push('İstanbul', 'KELVIN', 'Kelvin', 'ſtraße', 'STRASSE', 'ıi', '');
    for (const [index, body] of texts.entries()) await sql`insert into words (id, body) values (${index + 1}, ${body})`.execute(database.db);
    await sql`insert into words (id, body) values (${texts.length + 1}, null)`.execute(database.db);
  });
  after(() => database.close());

  it('matches exactly the rows the Unicode folding matches, for contains, starts-with and ends-with (seeded)', async () => {
    const random = seededRandom(7);
    const body = sql.ref('body');
    for (let round = 0; round < 400; round += 1) {
      const escaped = escapeLike(randomSearch(random, texts));
      const pattern = [`%${escaped}%`, `${escaped}%`, `%${escaped}`][round % 3] ?? '';
      const { rows: slow } = await sql<{ id: number }>`select id from words where tessera_lower(body) like tessera_lower(${pattern}) escape '\\' order by id`.execute(database.db);
      const { rows: fast } = await sql<{ id: number }>`select id from words where ${asciiInsensitiveLike(body, pattern.toLowerCase())} order by id`.execute(database.db);
      assert.deepEqual(fast, slow, `pattern ${JSON.stringify(pattern)}`);
      // Negated too: null stays unknown on both paths.
      const { rows: slowNot } = await sql<{ id: number }>`select id from words where not (tessera_lower(body) like tessera_lower(${pattern}) escape '\\') order by id`.execute(database.db);
      const { rows: fastNot } = await sql<{ id: number }>`select id from words where not ${asciiInsensitiveLike(body, pattern.toLowerCase())} order by id`.execute(database.db);
      assert.deepEqual(fastNot, slowNot, `not ${JSON.stringify(pattern)}`);
    }
  });

  it('lets the Unicode folding decide for İ and the Kelvin sign', async () => {
    const { rows } = await sql<{ id: number }>`select id from words where ${asciiInsensitiveLike(sql.ref('body'), '%k%')} and body like '%K%'`.execute(database.db);
    assert.ok(rows.length > 0);
  });
});

describe('containedLiteral', () => {
  it('unescapes a contains pattern, refuses patterns with inner wildcards or other shapes', () => {
    assert.equal(containedLiteral('%abc%'), 'abc');
    assert.equal(containedLiteral('%50\\%\\_off\\\\%'), '50%_off\\');
    assert.equal(containedLiteral('%%'), '');
    assert.equal(containedLiteral('%a%b%'), null);
    assert.equal(containedLiteral('%a_b%'), null);
    assert.equal(containedLiteral('abc%'), null);
    assert.equal(containedLiteral('%abc'), null);
    assert.equal(containedLiteral('%'), null);
  });
});

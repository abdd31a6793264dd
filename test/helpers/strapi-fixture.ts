import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fixturePath } from './test-app.js';

/** A recorded answer of the reference Strapi (test/fixtures/strapi-admin/<area>/<name>.json). */
export interface StrapiFixture {
  readonly request: Readonly<Record<string, unknown>>;
  readonly status: number;
  readonly headers?: Readonly<Record<string, unknown>>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- recorded JSON, read by tests
  readonly body: any;
}

export function strapiFixture(area: string, name: string): StrapiFixture {
  return JSON.parse(readFileSync(path.join(fixturePath('strapi-admin'), area, `${name}.json`), 'utf8')) as StrapiFixture;
}

const kind = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/**
 * The differences of shape between an answer and a recorded one: keys the recording has and the
 * answer lacks, and values of another JSON type (null matches anything: a value may be unset).
 * Arrays compare their first items. Keys only the answer has are allowed (Tessera may say more).
 */
export function shapeDifferences(actual: unknown, expected: unknown, at = '$'): string[] {
  if (expected === null || actual === null) return [];
  if (kind(actual) !== kind(expected)) return [`${at}: ${kind(actual)} instead of ${kind(expected)}`];
  if (Array.isArray(expected) && Array.isArray(actual)) return expected.length > 0 && actual.length > 0 ? shapeDifferences(actual[0], expected[0], `${at}[0]`) : [];
  if (kind(expected) !== 'object') return [];
  const actualRecord = actual as Record<string, unknown>;
  return Object.entries(expected as Record<string, unknown>).flatMap(([key, value]) =>
    key in actualRecord ? shapeDifferences(actualRecord[key], value, `${at}.${key}`) : [`${at}.${key}: missing`],
  );
}

/** Status and body shape as recorded; for error answers, the error itself as recorded. */
export function assertLikeFixture(response: { status: number; body: unknown }, area: string, name: string, options: { exactError?: boolean } = {}): void {
  const fixture = strapiFixture(area, name);
  assert.equal(response.status, fixture.status, `${area}/${name}: status`);
  const errorBody = fixture.body !== null && typeof fixture.body === 'object' && 'error' in fixture.body;
  if (errorBody && options.exactError !== false) {
    assert.deepEqual(response.body, fixture.body, `${area}/${name}: error body`);
    return;
  }
  assert.deepEqual(shapeDifferences(response.body, fixture.body), [], `${area}/${name}: shape`);
}

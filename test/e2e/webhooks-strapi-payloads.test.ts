import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { manualClock } from '../helpers/manual-clock.js';
import { fixturePath, startTestApp, type TestApp } from '../helpers/test-app.js';
import { normaliseCall, type NormalisedCall } from '../helpers/webhook-payload-normalise.js';
import { runWebhookScenario, SCENARIO_EVENTS, type ScenarioAnswer, type ScenarioDriver } from '../helpers/webhook-payload-scenario.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';
import { settleOutbox } from '../helpers/webhook-outbox.js';

/*
 * The webhook calls a real Strapi 5.54 made for test/helpers/webhook-payload-scenario.ts
 * (recorded by test/fixtures/strapi-webhooks/record.ts) against Tessera's for the same
 * operations on the same model (test/fixtures/webhooks-reference-app): per step, the same
 * events in the same order, and in each payload the same keys at every level with the same
 * values once ids, documentIds, dates and hashes are normalised. The differences kept on
 * purpose are applied to the recording below, each with its reason (docs/webhooks.md lists them).
 */

const ENV = { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'Secret123' };
const RECORDINGS = fixturePath('strapi-webhooks');

interface Recording {
  readonly step: string;
  readonly calls: NormalisedCall[];
}

/** Headers that are the webhook's (Strapi adds its HTTP client's defaults: user-agent, accept…, Tessera its own). */
const COMPARED_HEADERS = ['content-type', 'x-strapi-event', 'x-recorder'];

/**
 * The recording as Tessera is meant to send it: Strapi's calls with the deliberate differences
 * applied (docs/webhooks.md, "Differences from Strapi").
 */
function expectedOf(recording: Recording): NormalisedCall[] {
  let calls = recording.calls;
  if (recording.step === '12-draft-publish-article') {
    // The content manager's publish route saves the form's data into the draft before publishing
    // (entry.update, then entry.publish); the operation itself, Tessera's publish action, only publishes.
    calls = calls.filter((call) => call.body.event !== 'entry.update');
  }
  if (recording.step === '15-draft-unpublish') {
    // Strapi sends the removed published version as its caller read it: the content manager asks
    // for relation counts, media, components and `localizations`; `strapi.documents().unpublish()`
    // without populate, its bulk unpublish, and Tessera send the version's own fields.
    calls = calls.map((call) => {
      const { author: _a, categories: _c, localizations: _l, gallery: _g, cover: _v, blocks: _b, seo: _s, ...own } = call.body.entry;
      return { ...call, body: { ...call.body, entry: own } };
    });
  }
  if (['09-rest-delete-article-locale-fr', '17-rest-delete-article', '21-rest-delete-single-type'].includes(recording.step)) {
    // Strapi announces one entry.delete per deleted version (draft, then published);
    // Tessera one per deleted document, carrying its draft (each operation announced once).
    calls = calls.filter((call) => call.body.entry.publishedAt === null);
  }
  if (recording.step === '22-media-replace') {
    // Strapi keeps the replaced file's hash, so its URL, by overwriting the stored object before
    // the database is written; Tessera stores the new file under a new key and removes the old one
    // after the commit, so that a failed replace leaves the file as it was.
    calls = calls.map((call) => ({ ...call, body: { ...call.body, media: { ...call.body.media, url: '/uploads/webhook_replacement_<hash>.png' } } }));
  }
  return calls.map((call) => ({ headers: Object.fromEntries(COMPARED_HEADERS.map((name) => [name, call.headers[name] ?? ''])), body: call.body }));
}

/**
 * Byte sizes of stored images, compared as numbers only: Strapi re-encodes an uploaded image
 * (its media library's "size optimization", on by default) and encodes formats with sharp's
 * defaults; Tessera keeps the original as sent. What the payload says is right on both sides.
 */
const BYTE_SIZES = /\.(size|sizeInBytes)$/;

/** Where `actual` differs from `expected`: key sets at every level, array lengths, values. */
function differences(expected: unknown, actual: unknown, at = '$'): string[] {
  if (BYTE_SIZES.test(at) && typeof expected === 'number') return typeof actual === 'number' ? [] : [`${at}: expected a number, got ${JSON.stringify(actual)}`];
  if (Array.isArray(expected) || Array.isArray(actual)) {
    if (!Array.isArray(expected) || !Array.isArray(actual)) return [`${at}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`];
    if (expected.length !== actual.length) return [`${at}: expected ${expected.length} items, got ${actual.length}`];
    return expected.flatMap((item, index) => differences(item, actual[index], `${at}[${index}]`));
  }
  if (expected !== null && typeof expected === 'object' && actual !== null && typeof actual === 'object') {
    const wanted = expected as Record<string, unknown>;
    const got = actual as Record<string, unknown>;
    const found: string[] = [];
    for (const key of Object.keys(wanted)) {
      if (!(key in got)) found.push(`${at}.${key}: missing (Strapi: ${JSON.stringify(wanted[key])?.slice(0, 80)})`);
      else found.push(...differences(wanted[key], got[key], `${at}.${key}`));
    }
    for (const key of Object.keys(got)) if (!(key in wanted)) found.push(`${at}.${key}: not in Strapi's (${JSON.stringify(got[key])?.slice(0, 80)})`);
    return found;
  }
  return Object.is(expected, actual) ? [] : [`${at}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`];
}

describe("webhook payloads: Tessera's match those recorded from Strapi 5 for the same operations", () => {
  const clock = manualClock(Date.UTC(2030, 0, 1));
  let t: TestApp;
  let receiver: WebhookReceiver;
  let project: string;
  const received = new Map<string, NormalisedCall[]>();


  /** Moves the clock until the outbox is fanned out and no delivery is pending. */
  const settle = (): Promise<void> => settleOutbox(t, clock);

  async function answer(response: Response): Promise<ScenarioAnswer> {
    const text = await response.text();
    return { status: response.status, body: text === '' ? null : JSON.parse(text) };
  }

  before(async () => {
    receiver = await startWebhookReceiver();
    project = await mkdtemp(path.join(tmpdir(), 'tessera-webhooks-reference-'));
    await cp(fixturePath('webhooks-reference-app'), project, { recursive: true });
    t = await startTestApp({ fixture: project, env: ENV, clock });
    const login = await t.post('/admin/login', { email: ENV.ADMIN_EMAIL, password: ENV.ADMIN_PASSWORD });
    const admin = { authorization: `Bearer ${login.body.data.token}` };
    const hook = await t.request('POST', '/admin/webhooks', { headers: admin, body: { name: 'payloads', url: receiver.url, headers: { 'X-Recorder': 'tessera' }, events: SCENARIO_EVENTS } });
    assert.equal(hook.status, 201, hook.text);

    const rest = async (method: string, url: string, body?: unknown): Promise<ScenarioAnswer> => {
      const response = await t.request(method, url, body === undefined ? {} : { body });
      return { status: response.status, body: response.body };
    };
    const plural = (uid: string): string => `/api/${uid.split('.').at(-1) ?? ''}s`;
    const driver: ScenarioDriver = {
      rest,
      async upload(files, fileInfo, id) {
        const form = new FormData();
        for (const file of files) form.append('files', new Blob([file.data], { type: file.type }), file.name);
        if (fileInfo) form.append('fileInfo', JSON.stringify(fileInfo));
        return answer(await fetch(`${t.baseUrl}/api/upload${id === undefined ? '' : `?id=${id}`}`, { method: 'POST', body: form }));
      },
      deleteFile: (id) => rest('DELETE', `/api/upload/files/${id}`),
      // Tessera's content API has the content manager's draft operations (DECISIONS).
      draftCreate: (uid, data) => rest('POST', `${plural(uid)}?status=draft`, { data }),
      draftUpdate: (uid, documentId, data) => rest('PUT', `${plural(uid)}/${documentId}?status=draft`, { data }),
      draftAction: (uid, documentId, action) => rest('POST', `${plural(uid)}/${documentId}/actions/${action === 'discard' ? 'discard-draft' : action}`, {}),
      draftDelete: (uid, documentId) => rest('DELETE', `${plural(uid)}/${documentId}`),
    };
    await runWebhookScenario(driver, async (name, act) => {
      await settle();
      const before = receiver.calls.length;
      await act();
      await settle();
      received.set(name, receiver.calls.slice(before).map(normaliseCall));
    });
  });
  after(async () => {
    await t?.close();
    await receiver?.close();
    if (project) await rm(project, { recursive: true, force: true });
  });

  it('every recorded step was run', async () => {
    const recorded = (await readFile(path.join(RECORDINGS, 'steps.json'), 'utf8').then(JSON.parse)) as string[];
    assert.deepEqual([...received.keys()], recorded);
  });

  it('per step: the same events, in order, with the same headers and payloads key by key', async () => {
    const found: string[] = [];
    for (const [step, calls] of received) {
      const recording = JSON.parse(await readFile(path.join(RECORDINGS, `${step}.json`), 'utf8')) as Recording;
      const expected = expectedOf(recording);
      const actual = calls.map((call) => ({ headers: Object.fromEntries(COMPARED_HEADERS.map((name) => [name, call.headers[name] ?? ''])), body: call.body }));
      found.push(...differences(expected, actual, step));
    }
    assert.deepEqual(found, []);
  });

  it('Tessera adds its Idempotency-Key to every call', () => {
    for (const calls of received.values()) for (const call of calls) assert.equal(call.headers['idempotency-key'], '<varies>');
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { propertyRunParameters } from '../helpers/property-runs.js';
import { startTestApp, type TestApp, type TestResponse } from '../helpers/test-app.js';
import { LOCALES, STATUSES, VersionModel, type ConnectItem, type ExpectedVersion, type Locale, type Outcome, type Status, type TagsWrite, type TypeName, type WriteData } from '../helpers/version-model.js';

/**
 * Random sequences of creates, updates (draft or published), publishes, unpublishes,
 * discards, relation reorders, new localizations and locale deletes over a few articles and
 * tags in two locales (articles with a shared scalar and a shared component, one value per
 * document and status), checked after every step against an in-memory model (docs/versions.md):
 * every list and findOne read, in both statuses and both locales, with relations and
 * components populated, shows what the model says, and every row id stays what it was while
 * its version exists. A failure prints the seed, the shrunk commands and the HTTP steps they
 * made; FC_SEED and FC_PATH replay it, TESSERA_PROPERTY_SEED the whole run (test/helpers/property-runs.ts).
 */

const PLURAL: Record<TypeName, string> = { article: 'articles', tag: 'tags' };
const POPULATE: Record<TypeName, string> = { article: 'populate[tags]=true&populate[items]=true&populate[notes]=true', tag: 'populate[articles]=true' };

const index = fc.nat(11);
const locale = fc.constantFrom<Locale>(...LOCALES);
const type = fc.constantFrom<TypeName>('article', 'article', 'tag');
const tagsSpec = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), picks: fc.array(index, { maxLength: 4, size: 'max' }) }),
  fc.record({
    kind: fc.constant('connect' as const),
    items: fc.array(fc.record({ pick: index, position: fc.constantFrom('none', 'start', 'end', 'before', 'after'), anchor: index }), { minLength: 1, maxLength: 2 }),
    disconnect: fc.array(index, { maxLength: 1 }),
  }),
);
const data = fc.record({
  // 0: the text is left out (a new version then has none).
  text: fc.nat(3),
  views: fc.option(fc.nat(99), { nil: undefined }),
  items: fc.option(fc.array(fc.constantFrom('x', 'y', 'z'), { maxLength: 3 }), { nil: undefined }),
  // The shared component (one list per document and status).
  notes: fc.option(fc.array(fc.constantFrom('n', 'm'), { maxLength: 3 }), { nil: undefined }),
  tags: fc.option(tagsSpec, { nil: undefined }),
  // 0: tags are picked among every tag of the run, some of which may lack the locale (→ 400).
  wild: fc.nat(3),
});
const create = (of: fc.Arbitrary<TypeName>, where: fc.Arbitrary<Locale> = locale, draft: fc.Arbitrary<boolean> = fc.boolean()) => fc.record({ kind: fc.constant('create' as const), type: of, locale: where, draft, data });
const command = fc.oneof(
  { weight: 3, arbitrary: create(type) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('update' as const), type, doc: index, locale, draft: fc.boolean(), empty: fc.nat(4), data }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('localize' as const), type, doc: index, draft: fc.boolean(), data }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constantFrom('publish' as const, 'unpublish' as const, 'discard' as const), type, doc: index, locale, anyLocale: fc.nat(3) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), type, doc: index, locale, anyLocale: fc.nat(3), draftOnly: fc.nat(3) }) },
);
/** Two published tags of the default locale and an article first, so that most later commands have something to act on. */
const setupTag = create(fc.constant('tag'), fc.constant('en'), fc.constant(false));
const commands = fc
  .tuple(setupTag, setupTag, create(fc.constant('article')), fc.array(command, { maxLength: 17, size: 'max' }))
  .map(([tag, otherTag, article, rest]) => [tag, otherTag, article, ...rest]);
type Command = typeof command extends fc.Arbitrary<infer T> ? T : never;
type Sequence = typeof commands extends fc.Arbitrary<infer T> ? T : never;

const nothing = { text: 0, views: undefined, items: undefined, notes: undefined, tags: undefined, wild: 1 };
/** Sequences that once failed, run before the random ones. */
const EXAMPLES: Sequence[] = [
  // A new localization takes the shared values of the drafts, not of the published versions (and leaves the drafts' value alone).
  [
    { kind: 'create', type: 'tag', locale: 'en', draft: false, data: nothing },
    { kind: 'create', type: 'tag', locale: 'en', draft: false, data: nothing },
    { kind: 'create', type: 'article', locale: 'en', draft: false, data: nothing },
    { kind: 'update', type: 'article', doc: 0, locale: 'en', draft: true, empty: 1, data: { ...nothing, views: 5 } },
    { kind: 'update', type: 'article', doc: 0, locale: 'fr', draft: true, empty: 1, data: nothing },
  ],
  // The shared component: a new locale takes it, a draft write in one locale sets every draft, a publish every published version.
  [
    { kind: 'create', type: 'tag', locale: 'en', draft: false, data: nothing },
    { kind: 'create', type: 'tag', locale: 'en', draft: false, data: nothing },
    { kind: 'create', type: 'article', locale: 'en', draft: false, data: { ...nothing, notes: ['n', 'm'] } },
    { kind: 'localize', type: 'article', doc: 0, draft: false, data: nothing },
    { kind: 'update', type: 'article', doc: 0, locale: 'fr', draft: true, empty: 1, data: { ...nothing, notes: ['m', 'n', 'n'] } },
    { kind: 'publish', type: 'article', doc: 0, locale: 'en', anyLocale: 1 },
    { kind: 'update', type: 'article', doc: 0, locale: 'en', draft: true, empty: 1, data: { ...nothing, notes: [] } },
    { kind: 'discard', type: 'article', doc: 0, locale: 'fr', anyLocale: 1 },
  ],
];
type DataSpec = typeof data extends fc.Arbitrary<infer T> ? T : never;

const pick = <T>(list: readonly T[], n: number): T | undefined => (list.length === 0 ? undefined : list[n % list.length]);

/** `?a&b` from the parts that are not empty. The default locale is reached without a parameter. */
function query(...parts: (string | false | undefined)[]): string {
  const kept = parts.filter((part): part is string => typeof part === 'string' && part.length > 0);
  return kept.length === 0 ? '' : `?${kept.join('&')}`;
}
const localeParam = (code: Locale): string | false => code !== 'en' && `locale=${code}`;
const statusParam = (status: Status): string | false => status === 'draft' && 'status=draft';

type Json = Record<string, unknown>;

/** A response document in the model's terms (ids aside). */
function project(of: TypeName, document: Json): ExpectedVersion {
  const related = (value: unknown) => ((value ?? []) as Json[]).map((item) => ({ documentId: item.documentId as string, locale: item.locale as Locale, published: item.publishedAt !== null }));
  const base = { documentId: document.documentId as string, locale: document.locale as Locale, published: document.publishedAt !== null };
  if (of === 'tag') {
    const articles = related(document.articles).sort((a, b) => a.documentId.localeCompare(b.documentId));
    return { ...base, text: (document.name ?? null) as string | null, articles };
  }
  const tags = ((document.tags ?? []) as Json[]).map((tag) => ({ ...related([tag])[0]!, name: (tag.name ?? null) as string | null }));
  const items = ((document.items ?? []) as Json[]).map((item) => (item.label ?? null) as string | null);
  const notes = ((document.notes ?? []) as Json[]).map((item) => (item.label ?? null) as string | null);
  return { ...base, text: (document.title ?? null) as string | null, views: (document.views ?? null) as number | null, tags, items, notes };
}

/** The same key order as `project`, so that deepEqual's diff reads well. */
function normalized(expected: ExpectedVersion): ExpectedVersion {
  const { documentId, locale: code, published, text } = expected;
  const base = { documentId, locale: code, published, text };
  if (expected.articles) return { ...base, articles: expected.articles };
  return {
    ...base,
    views: expected.views ?? null,
    tags: (expected.tags ?? []).map(({ documentId: id, locale: l, published: p, name }) => ({ documentId: id, locale: l, published: p, name })),
    items: expected.items ?? [],
    notes: expected.notes ?? [],
  };
}

describe('versions: random sequences of writes and actions against a model', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ fixture: 'versions-property-app' });
  });
  after(() => t.close());

  it('every read in both statuses and locales shows what the model says, and row ids never change', async () => {
    let step = 0;
    await fc.assert(
      fc.asyncProperty(commands, async (sequence) => {
        const model = new VersionModel();
        const pools: Record<TypeName, string[]> = { article: [], tag: [] };
        const aliases = new Map<string, string>();
        const trace: string[] = [];
        const readable = (text: string): string => [...aliases].reduce((out, [id, alias]) => out.split(id).join(alias), text);

        /** The model's form of a command's data, and the body it sends. */
        const writeOf = (of: TypeName, documentId: string | undefined, code: Locale, spec: DataSpec): { write: WriteData; body: Json } => {
          step += 1;
          const text = spec.text > 0 ? `${of === 'article' ? 'title' : 'name'}-${step}-${code}` : undefined;
          if (of === 'tag') return { write: text === undefined ? {} : { text }, body: text === undefined ? {} : { name: text } };
          const candidates = spec.wild === 0 ? pools.tag : pools.tag.filter((id) => model.hasLocale(id, code));
          let tags: TagsWrite | undefined;
          if (spec.tags && candidates.length > 0) {
            if (spec.tags.kind === 'set') tags = { set: [...new Set(spec.tags.picks.map((n) => pick(candidates, n)!))] };
            else {
              const connected = [...new Set(spec.tags.items.map((item) => pick(candidates, item.pick)!))];
              const current = documentId === undefined ? [] : model.draftTags(documentId, code);
              // Anchors are tags already in the list and not moved by this request.
              const anchors = current.filter((id) => !connected.includes(id));
              const connect: ConnectItem[] = connected.map((id, n) => {
                const item = spec.tags!.kind === 'connect' ? spec.tags!.items[n]! : undefined;
                const position = item?.position ?? 'none';
                if (position === 'none') return { documentId: id };
                if (position === 'start' || position === 'end') return { documentId: id, position: { [position]: true } as ConnectItem['position'] };
                const anchor = pick(anchors, item!.anchor);
                return anchor === undefined ? { documentId: id } : { documentId: id, position: (position === 'before' ? { before: anchor } : { after: anchor }) };
              });
              // Disconnects name tags of the locale: whether an unknown one is an error is not part of the contract.
              const inLocale = pools.tag.filter((id) => model.hasLocale(id, code));
              const disconnect = [...new Set(spec.tags.disconnect.flatMap((n) => pick(inLocale, n) ?? []))].filter((id) => !connected.includes(id));
              tags = { connect, disconnect };
            }
          }
          const items = spec.items?.map((label) => `${label}${step}`);
          const notes = spec.notes?.map((label) => `${label}${step}`);
          const write: WriteData = {
            ...(text === undefined ? {} : { text }),
            ...(spec.views === undefined ? {} : { views: spec.views }),
            ...(items ? { items } : {}),
            ...(notes ? { notes } : {}),
            ...(tags ? { tags } : {}),
          };
          const body: Json = {
            ...(text === undefined ? {} : { title: text }),
            ...(spec.views === undefined ? {} : { views: spec.views }),
            ...(items ? { items: items.map((label) => ({ label })) } : {}),
            ...(notes ? { notes: notes.map((label) => ({ label })) } : {}),
            ...(tags ? { tags } : {}),
          };
          return { write, body };
        };

        const send = async (method: string, url: string, body?: unknown): Promise<TestResponse> => {
          const response = await t.request(method, url, body === undefined ? {} : { body });
          trace.push(readable(`${method} ${url}${body === undefined ? '' : ` ${JSON.stringify(body)}`} → ${response.status}`));
          return response;
        };

        /** The response of a write or action: its status, and the version it shows. */
        const expectResponse = (response: TestResponse, outcome: Outcome, of: TypeName, documentId: string | undefined, code: Locale, shows: Status | null): void => {
          const where = readable(trace[trace.length - 1] ?? '');
          assert.equal(response.status, outcome, `${where}\n${readable(response.text)}`);
          if (outcome >= 400) {
            assert.equal(response.body?.error?.status, outcome, `${where}: error envelope ${readable(response.text)}`);
            return;
          }
          if (shows === null || documentId === undefined) return;
          const document = response.body.data as Json;
          const expected = model.expected(documentId, code, shows);
          assert.ok(expected, `${where}: the model has no ${shows} ${code} version`);
          assert.deepEqual(readable(JSON.stringify(project(of, document), null, 1)), readable(JSON.stringify(normalized(expected), null, 1)), `${where}: response body`);
          model.observe(documentId, code, shows, idsOf(of, document), where);
        };

        const idsOf = (of: TypeName, document: Json): { id: number; items?: number[]; notes?: number[] } => ({
          id: document.id as number,
          ...(of === 'article' && Array.isArray(document.items) ? { items: (document.items as Json[]).map((item) => item.id as number) } : {}),
          ...(of === 'article' && Array.isArray(document.notes) ? { notes: (document.notes as Json[]).map((item) => item.id as number) } : {}),
        });

        /** Mostly a locale the document has (when it has one), else the drawn one, which may be missing (→ 404). */
        const localeFor = (documentId: string, drawn: { locale: Locale; anyLocale: number }): Locale => {
          if (drawn.anyLocale === 0 || model.hasLocale(documentId, drawn.locale)) return drawn.locale;
          return LOCALES.find((code) => model.hasLocale(documentId, code)) ?? drawn.locale;
        };

        const run = async (commandToRun: Command): Promise<void> => {
          const { type: of } = commandToRun;
          const plural = PLURAL[of];
          const populate = POPULATE[of];
          if (commandToRun.kind === 'create') {
            const { write, body } = writeOf(of, undefined, commandToRun.locale, commandToRun.data);
            const status: Status = commandToRun.draft ? 'draft' : 'published';
            const outcome = model.createOutcome(commandToRun.locale, write);
            const response = await send('POST', `/api/${plural}${query(statusParam(status), localeParam(commandToRun.locale), populate)}`, { data: body });
            if (response.status === 201 && outcome === 201) {
              const documentId = response.body.data.documentId as string;
              aliases.set(documentId, `${of[0]}${pools[of].length}`);
              trace[trace.length - 1] += ` ${readable(documentId)}`;
              pools[of].push(documentId);
              model.create(of, documentId, commandToRun.locale, status, write);
              expectResponse(response, outcome, of, documentId, commandToRun.locale, status);
            } else expectResponse(response, outcome, of, undefined, commandToRun.locale, null);
            return;
          }
          const documentId = pick(pools[of], commandToRun.doc);
          if (documentId === undefined) return;
          const url = (path: string, code: Locale, status?: Status) => `/api/${plural}/${documentId}${path}${query(status && statusParam(status), localeParam(code), populate)}`;
          switch (commandToRun.kind) {
            case 'update':
            case 'localize': {
              const code = commandToRun.kind === 'update' ? commandToRun.locale : model.missingLocales(documentId)[0];
              if (code === undefined || (commandToRun.kind === 'localize' && !model.exists(documentId))) return;
              const status: Status = commandToRun.draft ? 'draft' : 'published';
              // Now and then `{ data: {} }`: publish as it is (or save nothing, with status=draft).
              const { write, body } = commandToRun.kind === 'update' && commandToRun.empty === 0 ? { write: {}, body: {} } : writeOf(of, documentId, code, commandToRun.data);
              const outcome = model.update(documentId, code, status, write);
              expectResponse(await send('PUT', url('', code, status), { data: body }), outcome, of, documentId, code, status);
              return;
            }
            case 'publish':
            case 'unpublish':
            case 'discard': {
              const code = localeFor(documentId, commandToRun);
              const outcome = commandToRun.kind === 'publish' ? model.publish(documentId, code) : commandToRun.kind === 'unpublish' ? model.unpublish(documentId, code) : model.discard(documentId, code);
              const action = commandToRun.kind === 'discard' ? 'discard-draft' : commandToRun.kind;
              expectResponse(await send('POST', url(`/actions/${action}`, code), {}), outcome, of, documentId, code, commandToRun.kind === 'publish' ? 'published' : 'draft');
              return;
            }
            case 'delete': {
              const code = localeFor(documentId, commandToRun);
              const path = `/api/${plural}/${documentId}${query(localeParam(code))}`;
              if (commandToRun.draftOnly === 0 && model.hasLocale(documentId, code)) {
                // A draft cannot be deleted alone, and the refusal writes nothing.
                expectResponse(await send('DELETE', `/api/${plural}/${documentId}${query('status=draft', localeParam(code))}`), 400, of, documentId, code, null);
                return;
              }
              const outcome = model.remove(documentId, code);
              expectResponse(await send('DELETE', path), outcome, of, documentId, code, null);
              return;
            }
          }
        };

        /** Every list and findOne read of the run's documents, in both statuses and locales. */
        const verify = async (): Promise<void> => {
          const checks: Promise<void>[] = [];
          for (const of of ['article', 'tag'] as const) {
            const ids = pools[of];
            if (ids.length === 0) continue;
            for (const status of STATUSES) {
              for (const code of LOCALES) {
                // Lists name the status; findOne reads of the published version rely on the default.
                const statusPart = status === 'draft' ? 'status=draft' : 'status=published';
                const filter = ids.map((id, n) => `filters[documentId][$in][${n}]=${id}`).join('&');
                checks.push(
                  (async () => {
                    const url = `/api/${PLURAL[of]}${query(statusPart, localeParam(code), POPULATE[of], filter, 'pagination[pageSize]=100')}`;
                    const response = await t.get(url);
                    const where = readable(`GET /api/${PLURAL[of]}?${statusPart}&locale=${code}`);
                    assert.equal(response.status, 200, `${where}: ${readable(response.text)}`);
                    const documents = (response.body.data as Json[]).slice().sort((a, b) => String(a.documentId).localeCompare(String(b.documentId)));
                    const expected = ids
                      .map((id) => model.expected(id, code, status))
                      .filter((version): version is ExpectedVersion => version !== null)
                      .sort((a, b) => a.documentId.localeCompare(b.documentId));
                    assert.deepEqual(readable(JSON.stringify(documents.map((document) => project(of, document)), null, 1)), readable(JSON.stringify(expected.map(normalized), null, 1)), where);
                    for (const document of documents) model.observe(document.documentId as string, code, status, idsOf(of, document), where);
                  })(),
                );
                for (const id of ids) {
                  checks.push(
                    (async () => {
                      const response = await t.get(`/api/${PLURAL[of]}/${id}${query(status === 'draft' && 'status=draft', localeParam(code), POPULATE[of])}`);
                      const where = readable(`GET /api/${PLURAL[of]}/${id}?status=${status}&locale=${code}`);
                      const expected = model.expected(id, code, status);
                      if (expected === null) {
                        assert.equal(response.status, 404, `${where}: ${readable(response.text)}`);
                        return;
                      }
                      assert.equal(response.status, 200, `${where}: ${readable(response.text)}`);
                      const document = response.body.data as Json;
                      assert.deepEqual(readable(JSON.stringify(project(of, document), null, 1)), readable(JSON.stringify(normalized(expected), null, 1)), where);
                      model.observe(id, code, status, idsOf(of, document), where);
                    })(),
                  );
                }
              }
            }
          }
          const results = await Promise.allSettled(checks);
          const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
          if (failed) throw failed.reason;
        };

        try {
          for (const commandToRun of sequence) {
            await run(commandToRun);
            await verify();
          }
          if (process.env.FC_TRACE) console.log(`run:\n  ${trace.join('\n  ')}`);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          throw new Error(`${message}\nHTTP steps (a0, t0… are the run's documents):\n  ${trace.join('\n  ')}`, { cause: error });
        }
      }),
      {
        numRuns: Number(process.env.FC_RUNS ?? 15),
        includeErrorInReport: true,
        examples: EXAMPLES.map((sequence) => [sequence]),
        // Shrinking replays whole sequences over HTTP, so it is opt-in (FC_SHRINK=1): a run's
        // length is its number of runs, never a time limit that a slow machine would cut short.
        endOnFailure: process.env.FC_SHRINK !== '1',
        ...propertyRunParameters(),
      },
    );
  });
});

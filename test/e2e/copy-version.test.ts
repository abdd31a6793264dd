import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DeleteQueryNode, InsertQueryNode, UpdateQueryNode, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type UnknownRow } from 'kysely';
import type { DbTransaction } from '../../src/core/db/database.js';
import { cloneVersion, copyVersion } from '../../src/core/documents/versions/copy-version.js';
import { selectColumns, userColumns } from '../../src/core/documents/versions/row-values.js';
import type { LinkedContext } from '../../src/core/documents/linked-context.js';
import { COMPONENT_OWNER_COLUMNS as OWNER } from '../../src/core/schema/component-model.js';
import type { ContentType } from '../../src/core/schema/content-type.js';
import type { StoredModel } from '../../src/core/schema/model.js';
import { LINK_COLUMNS as L } from '../../src/core/schema/relation-link.js';
import { columnTypeOf } from '../../src/core/schema/to-table-model.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * copyVersion / cloneVersion (src/core/documents/versions) on rows seeded straight into the tables:
 * values, relation lists and component trees are copied, and whatever survives keeps its id
 * (DESIGN.md §4). Runs on every database.
 */

/** A link target: a documentId, or [documentId, locale] for localized targets. */
type Target = string | readonly [string, string];

interface ItemSpec {
  readonly kind: string;
  readonly values?: Record<string, unknown>;
  readonly links?: Record<string, readonly Target[]>;
  readonly items?: Record<string, readonly ItemSpec[]>;
}

interface RowSpec {
  readonly values?: Record<string, unknown>;
  readonly links?: Record<string, readonly Target[]>;
  readonly items?: Record<string, readonly ItemSpec[]>;
}

interface LinkRow {
  readonly id: number;
  readonly target: string;
  readonly locale: string | null;
  readonly targetOrd: number | null;
  readonly entityOrd: number | null;
}

interface Tree {
  readonly id: number;
  readonly kind: string;
  readonly values: Record<string, unknown>;
  readonly links: Record<string, LinkRow[]>;
  readonly items: Record<string, Tree[]>;
}

/** Records the kind of every write statement run through a transaction. */
class WriteRecorder implements KyselyPlugin {
  readonly writes: string[] = [];
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (InsertQueryNode.is(node) || UpdateQueryNode.is(node) || DeleteQueryNode.is(node)) this.writes.push(node.kind);
    return node;
  }
  transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(result);
  }
}

const DOC = 'api::doc.doc';
const TAGS = ['tag-1', 'tag-2', 'tag-3', 'tag-4', 'tag-5'];
const PAGES = ['page-1', 'page-2', 'page-3'];

describe('copyVersion and cloneVersion', () => {
  let t: TestApp;
  let context: LinkedContext;
  let doc: ContentType;
  let nextDocument = 0;

  before(async () => {
    t = await startTestApp({ fixture: 'copy-version-app' });
    context = { dialect: t.app.database.dialect, registry: t.app.registry };
    const type = t.app.registry.get(DOC);
    assert.ok(type);
    doc = type;
    for (const documentId of TAGS) await insertRow('tags', { document_id: documentId, name: documentId });
    for (const documentId of PAGES) for (const locale of ['en', 'fr']) await insertRow('pages', { document_id: documentId, title: `${documentId} ${locale}`, locale });
  });
  after(() => t.close());

  const db = () => t.app.database.db;

  function model(uid: string): StoredModel {
    const found = t.app.registry.model(uid);
    assert.ok(found, uid);
    return found;
  }

  async function insertRow(table: string, values: Record<string, unknown>): Promise<number> {
    if (t.app.database.dialect.updateReturning) return Number((await db().insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()).id);
    return Number((await db().insertInto(table).values(values).executeTakeFirstOrThrow()).insertId);
  }

  function encodeValues(owner: StoredModel, values: Record<string, unknown> = {}): Record<string, unknown> {
    const columns: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(values)) {
      const attribute = owner.attributes.get(name);
      assert.ok(attribute && attribute.kind === 'scalar', name);
      const plain = value !== null && typeof value === 'object' ? JSON.stringify(value) : (value as string | number | boolean | null);
      columns[attribute.column] = t.app.database.dialect.encode(columnTypeOf(attribute.type), plain);
    }
    return columns;
  }

  /** Links a row through an owning relation, appended to each target's inverse list. */
  async function seedLinks(owner: StoredModel, name: string, rowId: number, targets: readonly Target[]): Promise<void> {
    const attribute = owner.attributes.get(name);
    assert.ok(attribute && attribute.kind === 'relation', name);
    const { link } = t.app.registry.relation(attribute);
    const positions = new Map<string | null, number>();
    for (const target of targets) {
      const [documentId, locale] = typeof target === 'string' ? [target, null] : target;
      const position = (positions.get(locale) ?? 0) + 1;
      positions.set(locale, position);
      let query = db().selectFrom(link.table).select((eb) => eb.fn.max(L.entityOrder).as('last')).where(L.target, '=', documentId);
      if (locale !== null) query = query.where(L.targetLocale, '=', locale);
      const last = (await query.executeTakeFirst())?.last;
      await insertRow(link.table, {
        [L.entity]: rowId,
        [L.target]: documentId,
        [L.targetOrder]: link.ownerMany ? position : null,
        [L.entityOrder]: link.inverseMany ? Number(last ?? 0) + 1 : null,
        ...(locale !== null ? { [L.targetLocale]: locale } : {}),
      });
    }
  }

  async function seedOwned(owner: StoredModel, rowId: number, spec: RowSpec): Promise<void> {
    for (const [name, targets] of Object.entries(spec.links ?? {})) await seedLinks(owner, name, rowId, targets);
    for (const [field, items] of Object.entries(spec.items ?? {})) {
      for (const [index, item] of items.entries()) {
        const kind = model(item.kind);
        const id = await insertRow(kind.collectionName, { [OWNER.parentId]: rowId, [OWNER.parentType]: owner.uid, [OWNER.field]: field, [OWNER.order]: index + 1, ...encodeValues(kind, item.values) });
        await seedOwned(kind, id, item);
      }
    }
  }

  /** A new doc row (a draft unless `published`), with its links and component tree. */
  async function seedDoc(spec: RowSpec, options: { documentId?: string; published?: boolean } = {}): Promise<number> {
    const documentId = options.documentId ?? `doc-${(nextDocument += 1)}`;
    const stamp = t.app.database.dialect.encode('datetime', '2024-05-01T10:00:00.000Z');
    const id = await insertRow('docs', { document_id: documentId, created_at: stamp, updated_at: stamp, published_at: options.published ? stamp : null, ...encodeValues(doc, spec.values) });
    await seedOwned(doc, id, spec);
    return id;
  }

  async function readTree(owner: StoredModel, rowId: number): Promise<Tree> {
    const row = await db()
      .selectFrom(owner.collectionName)
      .select('id')
      .select(selectColumns(t.app.database.dialect, userColumns(owner)))
      .where('id', '=', rowId)
      .executeTakeFirstOrThrow();
    const { id: _id, ...values } = row;
    const links: Record<string, LinkRow[]> = {};
    for (const link of t.app.registry.links) {
      if (link.owner.uid !== owner.uid) continue;
      const rows = await db()
        .selectFrom(link.table)
        .select([L.id, L.target, L.targetOrder, L.entityOrder, ...(link.targetLocalized ? [L.targetLocale] : [])])
        .where(L.entity, '=', rowId)
        .execute();
      links[link.ownerAttribute.name] = rows
        .map((stored) => ({
          id: Number(stored[L.id]),
          target: String(stored[L.target]),
          locale: link.targetLocalized ? String(stored[L.targetLocale]) : null,
          targetOrd: stored[L.targetOrder] === null ? null : Number(stored[L.targetOrder]),
          entityOrd: stored[L.entityOrder] === null ? null : Number(stored[L.entityOrder]),
        }))
        .sort((a, b) => (a.locale ?? '').localeCompare(b.locale ?? '') || (a.targetOrd ?? 0) - (b.targetOrd ?? 0) || a.id - b.id);
    }
    const items: Record<string, Tree[]> = {};
    for (const attribute of owner.linkedAttributes) {
      if (attribute.kind === 'relation') continue;
      const kinds = attribute.kind === 'component' ? [attribute.component] : attribute.components;
      const found: { order: number; tree: Tree }[] = [];
      for (const uid of kinds) {
        const kind = model(uid);
        const rows = await db().selectFrom(kind.collectionName).select(['id', OWNER.order]).where(OWNER.parentType, '=', owner.uid).where(OWNER.field, '=', attribute.name).where(OWNER.parentId, '=', rowId).execute();
        for (const item of rows) found.push({ order: Number(item[OWNER.order]), tree: await readTree(kind, Number(item.id)) });
      }
      items[attribute.name] = found.sort((a, b) => a.order - b.order).map((entry) => entry.tree);
    }
    return { id: rowId, kind: owner.uid, values, links, items };
  }

  /** What a copy must reproduce: everything but ids and inverse orders. */
  function shape(tree: Tree): unknown {
    return {
      kind: tree.kind,
      values: tree.values,
      links: Object.fromEntries(Object.entries(tree.links).map(([name, links]) => [name, links.map((link) => [link.target, link.locale, link.targetOrd])])),
      items: Object.fromEntries(Object.entries(tree.items).map(([field, items]) => [field, items.map(shape)])),
    };
  }

  async function copy(from: number, to: number): Promise<string[]> {
    const recorder = new WriteRecorder();
    await t.app.database.transaction((trx: DbTransaction) => copyVersion(trx.withPlugin(recorder), doc, from, to, context));
    return recorder.writes;
  }

  async function assertCopied(from: number, to: number): Promise<Tree> {
    const [source, target] = [await readTree(doc, from), await readTree(doc, to)];
    assert.deepEqual(shape(target), shape(source));
    return target;
  }

  const linkIds = (links: readonly LinkRow[]) => links.map((link) => link.id);

  it('copies every scalar column and leaves system columns alone', async () => {
    const values = {
      title: 'Draft title',
      body: '# Heading\n\nbody',
      count: 42,
      big: '9007199254740993',
      ratio: 0.1,
      price: '12.345',
      flag: true,
      data: { list: [1, 2, { deep: 'é' }], ok: null },
      day: '2024-02-29',
      at: '13:45:30.123',
      stamp: '2024-01-02T03:04:05.678Z',
    };
    const draft = await seedDoc({ values }, { documentId: 'scalars' });
    const published = await seedDoc({ values: { title: 'Old', count: 1, flag: false, data: [1] } }, { documentId: 'scalars', published: true });
    const before = await db().selectFrom('docs').select(['document_id', 'published_at', 'created_at']).where('id', '=', published).executeTakeFirstOrThrow();
    await copy(draft, published);
    const target = await assertCopied(draft, published);
    assert.equal(target.values.title, 'Draft title');
    assert.equal(Number(target.values.count), 42);
    assert.equal(String(target.values.big), '9007199254740993');
    assert.deepEqual(JSON.parse(String(target.values.data)), values.data);
    const afterCopy = await db().selectFrom('docs').select(['document_id', 'published_at', 'created_at']).where('id', '=', published).executeTakeFirstOrThrow();
    assert.deepEqual(afterCopy, before);
    // Nulls are copied too.
    const empty = await seedDoc({}, { documentId: 'scalars-empty' });
    await copy(empty, published);
    assert.equal((await readTree(doc, published)).values.title, null);
  });

  it('copies relation lists in order, keeps the ids of links in both, and renumbers after a reorder', async () => {
    const draft = await seedDoc({ links: { tags: ['tag-1', 'tag-2', 'tag-3'], main: ['tag-4'] } }, { documentId: 'rel' });
    const published = await seedDoc({ links: { tags: ['tag-3', 'tag-5'] } }, { documentId: 'rel', published: true });
    const other = await seedDoc({ links: { tags: ['tag-1', 'tag-2'], main: ['tag-3'] } });
    const otherBefore = await readTree(doc, other);
    const kept = (await readTree(doc, published)).links.tags?.find((link) => link.target === 'tag-3');
    assert.ok(kept);

    await copy(draft, published);
    const first = await assertCopied(draft, published);
    assert.deepEqual(
      first.links.tags?.map((link) => [link.target, link.targetOrd]),
      [
        ['tag-1', 1],
        ['tag-2', 2],
        ['tag-3', 3],
      ],
    );
    assert.equal(first.links.tags?.find((link) => link.target === 'tag-3')?.id, kept.id, 'the link in both keeps its id');
    assert.deepEqual(first.links.main?.map((link) => [link.target, link.targetOrd]), [['tag-4', null]]);
    // A new link goes to the end of its target's inverse list; other rows' links are untouched.
    const tag1 = await db().selectFrom('docs_tags_lnk').select(['entity_id', 'entity_ord']).where('target_document_id', '=', 'tag-1').execute();
    const last = Math.max(...tag1.filter((row) => Number(row.entity_id) !== published).map((row) => Number(row.entity_ord)));
    assert.equal(first.links.tags?.[0]?.entityOrd, last + 1);
    assert.deepEqual(await readTree(doc, other), otherBefore);

    // The source is reordered: the target follows with the same link ids.
    const order = new Map([
      ['tag-3', 1],
      ['tag-1', 2],
      ['tag-2', 3],
    ]);
    for (const link of (await readTree(doc, draft)).links.tags ?? []) await db().updateTable('docs_tags_lnk').set({ target_ord: order.get(link.target) }).where('id', '=', link.id).execute();
    await copy(draft, published);
    const second = await assertCopied(draft, published);
    assert.deepEqual(
      second.links.tags?.map((link) => link.target),
      ['tag-3', 'tag-1', 'tag-2'],
    );
    assert.deepEqual([...linkIds(second.links.tags ?? [])].sort(), [...linkIds(first.links.tags ?? [])].sort());
    assert.deepEqual(second.links.main, first.links.main);
    assert.deepEqual(
      second.links.tags?.map((link) => link.entityOrd),
      [first.links.tags?.[2]?.entityOrd, first.links.tags?.[0]?.entityOrd, first.links.tags?.[1]?.entityOrd],
      'inverse orders are kept',
    );

    // Nothing changed since: no write at all.
    assert.deepEqual(await copy(draft, published), []);
    assert.deepEqual(await readTree(doc, published), second);
    assert.deepEqual(await readTree(doc, other), otherBefore);
  });

  it('keeps per-locale lists of links to a localized type', async () => {
    const draft = await seedDoc({ links: { pages: [['page-1', 'en'], ['page-2', 'en'], ['page-3', 'fr'], ['page-1', 'fr']] } }, { documentId: 'locales' });
    const published = await seedDoc({ links: { pages: [['page-2', 'en'], ['page-1', 'fr'], ['page-3', 'fr'], ['page-2', 'fr']] } }, { documentId: 'locales', published: true });
    const before = (await readTree(doc, published)).links.pages ?? [];
    const idOf = (links: readonly LinkRow[], target: string, locale: string) => links.find((link) => link.target === target && link.locale === locale)?.id;

    await copy(draft, published);
    const after = (await assertCopied(draft, published)).links.pages ?? [];
    assert.deepEqual(
      after.map((link) => [link.locale, link.target, link.targetOrd]),
      [
        ['en', 'page-1', 1],
        ['en', 'page-2', 2],
        ['fr', 'page-3', 1],
        ['fr', 'page-1', 2],
      ],
    );
    for (const [target, locale] of [
      ['page-2', 'en'],
      ['page-1', 'fr'],
      ['page-3', 'fr'],
    ] as const) {
      assert.ok(idOf(before, target, locale) !== undefined);
      assert.equal(idOf(after, target, locale), idOf(before, target, locale), `${target} ${locale} keeps its id`);
    }
    // The new en link to page-1 ends page-1's en inverse list (the fr one is another list).
    const enList = await db().selectFrom('docs_pages_lnk').select(['entity_id', 'entity_ord']).where('target_document_id', '=', 'page-1').where('target_locale', '=', 'en').execute();
    const others = enList.filter((row) => Number(row.entity_id) !== published).map((row) => Number(row.entity_ord));
    assert.equal(after.find((link) => link.target === 'page-1' && link.locale === 'en')?.entityOrd, Math.max(...others) + 1);
    assert.deepEqual(await copy(draft, published), []);
  });

  it('matches components by position: kept items keep their ids, extra ones go with what they own, new ones are inserted', async () => {
    const section = (title: string, notes: readonly [string, string][], tags: readonly string[] = []): ItemSpec => ({
      kind: 'parts.section',
      values: { title, rank: title.length },
      links: { tags },
      items: { notes: notes.map(([text, tag]) => ({ kind: 'parts.note', values: { text }, links: { tag: [tag] } })) },
    });
    const draftSpec = {
      items: {
        sections: [
          section('a1', [['x', 'tag-1']], ['tag-1', 'tag-2']),
          section('a2', []),
          section('a3', [
            ['y', 'tag-2'],
            ['z', 'tag-3'],
          ]),
        ],
      },
    };
    const draft = await seedDoc(draftSpec, { documentId: 'components' });
    const published = await seedDoc(
      {
        items: {
          sections: [
            section(
              'b1',
              [
                ['p', 'tag-4'],
                ['q', 'tag-5'],
              ],
              ['tag-2'],
            ),
            section('b2', [['r0', 'tag-1']]),
            section('b3', [['r', 'tag-1']]),
            section('b4', [['s', 'tag-2']], ['tag-3']),
          ],
        },
      },
      { documentId: 'components', published: true },
    );
    const before = await readTree(doc, published);
    const sections = before.items.sections ?? [];
    const [b1, b2, b3, b4] = sections;
    assert.ok(b1 && b2 && b3 && b4);

    await copy(draft, published);
    const after = await assertCopied(draft, published);
    const [c1, c2, c3] = after.items.sections ?? [];
    assert.ok(c1 && c2 && c3);
    assert.deepEqual([c1.id, c2.id, c3.id], [b1.id, b2.id, b3.id], 'sections matched by position keep their ids');
    assert.equal(c1.items.notes?.[0]?.id, b1.items.notes?.[0]?.id, 'nested items matched by position keep their ids');
    assert.equal(c1.links.tags?.find((link) => link.target === 'tag-2')?.id, b1.links.tags?.[0]?.id, "a kept item's kept link keeps its id");
    assert.equal(c3.items.notes?.[0]?.id, b3.items.notes?.[0]?.id);
    assert.ok(c3.items.notes?.[1] && !b3.items.notes?.some((note) => note.id === c3.items.notes?.[1]?.id), 'a new nested item');

    // The extra section, its notes, the notes' links and its own links are gone.
    const gone = async (table: string, column: string, ids: readonly number[]) => (await db().selectFrom(table).select('id').where(column, 'in', [...ids]).execute()).length;
    const removedNotes = [...(b4.items.notes ?? []), ...(b1.items.notes?.slice(1) ?? []), ...(b2.items.notes ?? [])].map((note) => note.id);
    assert.equal(await gone('components_parts_sections', 'id', [b4.id]), 0);
    assert.equal(await gone('components_parts_notes', 'id', removedNotes), 0);
    assert.equal(await gone('components_parts_notes_tag_lnk', 'entity_id', removedNotes), 0);
    assert.equal(await gone('components_parts_sections_tags_lnk', 'entity_id', [b4.id]), 0);

    // A section added to the source is inserted with its whole tree; the others stay.
    await seedOwned(doc, draft, {
      items: {
        sections: [
          section(
            'a4',
            [
              ['n1', 'tag-5'],
              ['n2', 'tag-4'],
            ],
            ['tag-5'],
          ),
        ],
      },
    });
    await db().updateTable('components_parts_sections').set({ parent_ord: 4 }).where('title', '=', 'a4').where('parent_id', '=', draft).execute();
    await copy(draft, published);
    const grown = await assertCopied(draft, published);
    assert.deepEqual(
      grown.items.sections?.slice(0, 3).map((item) => item.id),
      [b1.id, b2.id, b3.id],
    );
    assert.equal(grown.items.sections?.[3]?.items.notes?.length, 2);
    assert.deepEqual(await copy(draft, published), []);
  });

  it('replaces a dynamic-zone item whose component kind differs at its position', async () => {
    const draft = await seedDoc(
      {
        items: {
          blocks: [
            { kind: 'parts.quote', values: { text: 'q1' } },
            { kind: 'parts.gallery', values: { caption: 'g1' }, links: { pages: [['page-1', 'en'], ['page-2', 'fr']] } },
            { kind: 'parts.section', values: { title: 's1' }, items: { notes: [{ kind: 'parts.note', values: { text: 'n' }, links: { tag: ['tag-1'] } }] } },
            { kind: 'parts.quote', values: { text: 'q2' } },
          ],
        },
      },
      { documentId: 'zone' },
    );
    const published = await seedDoc(
      {
        items: {
          blocks: [
            { kind: 'parts.quote', values: { text: 'q0' } },
            { kind: 'parts.section', values: { title: 'x' }, items: { notes: [{ kind: 'parts.note', values: { text: 'old' }, links: { tag: ['tag-2'] } }] } },
            { kind: 'parts.gallery', values: { caption: 'old' }, links: { pages: [['page-3', 'fr']] } },
          ],
        },
      },
      { documentId: 'zone', published: true },
    );
    const [quote, oldSection, oldGallery] = (await readTree(doc, published)).items.blocks ?? [];
    assert.ok(quote && oldSection && oldGallery);

    await copy(draft, published);
    const after = await assertCopied(draft, published);
    const blocks = after.items.blocks ?? [];
    assert.deepEqual(
      blocks.map((block) => block.kind),
      ['parts.quote', 'parts.gallery', 'parts.section', 'parts.quote'],
    );
    assert.equal(blocks[0]?.id, quote.id, 'same kind at the same position: kept');
    assert.notEqual(blocks[1]?.id, oldGallery.id);
    assert.notEqual(blocks[2]?.id, oldSection.id);
    const count = async (table: string, column: string, value: number) => (await db().selectFrom(table).select('id').where(column, '=', value).execute()).length;
    assert.equal(await count('components_parts_sections', 'id', oldSection.id), 0);
    assert.equal(await count('components_parts_galleries', 'id', oldGallery.id), 0);
    assert.equal(await count('components_parts_galleries_pages_lnk', 'entity_id', oldGallery.id), 0);
    const oldNote = oldSection.items.notes?.[0];
    assert.ok(oldNote);
    assert.equal(await count('components_parts_notes', 'id', oldNote.id), 0);
    assert.equal(await count('components_parts_notes_tag_lnk', 'entity_id', oldNote.id), 0);
    assert.deepEqual(await copy(draft, published), []);
  });

  it('runs as many statements for many items and links as for few', async () => {
    /** A doc of `sections` sections of `notes` notes, `tags` links per list; `old` shifts values, orders and zone kinds. */
    const spec = (sections: number, notes: number, tags: number, old = false): RowSpec => {
      const tagList = old ? TAGS.slice(0, tags).reverse() : TAGS.slice(0, tags);
      return {
        values: { title: `${old ? 'old' : 'new'} ${sections}` },
        links: { tags: tagList, pages: (old ? ['page-2', 'page-3'] : ['page-1', 'page-2']).map((page) => [page, 'en'] as const) },
        items: {
          sections: Array.from({ length: sections }, (_, index) => ({
            kind: 'parts.section',
            values: { title: `${old ? 'old' : 'new'} s${index}` },
            links: { tags: tagList },
            items: { notes: Array.from({ length: notes }, (_, note) => ({ kind: 'parts.note', values: { text: `n${note}` }, links: { tag: [TAGS[(note + (old ? 1 : 0)) % TAGS.length] ?? 'tag-1'] } })) },
          })),
          blocks: Array.from({ length: sections }, (_, index): ItemSpec => ((index + (old ? 1 : 0)) % 2 === 0 ? { kind: 'parts.quote', values: { text: `q${index}` } } : { kind: 'parts.gallery', links: { pages: [['page-1', 'fr']] } })),
        },
      };
    };
    const statements = async (source: RowSpec, target: RowSpec): Promise<number> => {
      const from = await seedDoc(source);
      const to = await seedDoc(target);
      const { statements: count } = await t.app.database.counter.measure(() => t.app.database.transaction((trx) => copyVersion(trx, doc, from, to, context)));
      await assertCopied(from, to);
      return count;
    };
    // Onto an empty row: everything is inserted.
    assert.equal(await statements(spec(6, 3, 3), {}), await statements(spec(2, 1, 2), {}));
    // Onto a row with other items and lists: updates, deletes (with nested rows) and inserts at every level.
    assert.equal(await statements(spec(6, 3, 3), spec(7, 2, 4, true)), await statements(spec(2, 2, 2), spec(3, 1, 3, true)));
  });

  it('clones a version into a new row of the same document', async () => {
    const draft = await seedDoc(
      {
        values: { title: 'clone me', count: 7 },
        links: { tags: ['tag-2', 'tag-1'], pages: [['page-1', 'fr']] },
        items: {
          sections: [{ kind: 'parts.section', values: { title: 's' }, items: { notes: [{ kind: 'parts.note', values: { text: 'n' }, links: { tag: ['tag-3'] } }] } }],
          blocks: [{ kind: 'parts.gallery', values: { caption: 'c' }, links: { pages: [['page-2', 'en']] } }],
        },
      },
      { documentId: 'clone' },
    );
    const publishedAt = t.app.database.dialect.encode('datetime', '2024-06-01T00:00:00.000Z');
    const clone = await t.app.database.transaction((trx) => cloneVersion(trx, doc, draft, { published_at: publishedAt }, context));
    assert.notEqual(clone, draft);
    await assertCopied(draft, clone);
    const system = async (id: number) => db().selectFrom('docs').select(['document_id', 'created_at', 'updated_at', 'published_at']).where('id', '=', id).executeTakeFirstOrThrow();
    const [source, cloned] = [await system(draft), await system(clone)];
    assert.equal(cloned.document_id, 'clone');
    assert.deepEqual([cloned.created_at, cloned.updated_at], [source.created_at, source.updated_at]);
    assert.equal(source.published_at, null);
    assert.notEqual(cloned.published_at, null);
    assert.deepEqual(await copy(draft, clone), []);
  });
});

import assert from 'node:assert/strict';

/**
 * A pure in-memory model of Draft & Publish with i18n (docs/versions.md), for the property
 * test of versions. It knows two localized Draft & Publish types of the versions-property-app
 * fixture: `article` (localized `title`, shared `views`, a `tags` list owned by the article,
 * repeatable `items`, and the shared repeatable `notes`) and `tag` (localized `name`, the
 * inverse `articles`). It follows the
 * contract with plain maps and arrays, independently of the code under test, and learns the
 * numeric ids the server gives so that it can insist they never change afterwards.
 */

export type TypeName = 'article' | 'tag';
export type Status = 'draft' | 'published';
export const LOCALES = ['en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
export const STATUSES: readonly Status[] = ['draft', 'published'];

export type ConnectPosition = { start: true } | { end: true } | { before: string } | { after: string };
export type ConnectItem = { documentId: string; position?: ConnectPosition };
export type TagsWrite = { set: string[] } | { connect: ConnectItem[]; disconnect: string[] };

/** What a create or update sends, in model terms (`text` is the article's title or the tag's name). */
export interface WriteData {
  readonly text?: string | null;
  readonly views?: number | null;
  readonly items?: readonly string[];
  /** The shared component: one list of labels per document and status. */
  readonly notes?: readonly string[];
  readonly tags?: TagsWrite;
}

/** What a read of one version must show (ids aside: see `observe`). */
export interface ExpectedVersion {
  readonly documentId: string;
  readonly locale: Locale;
  readonly published: boolean;
  readonly text: string | null;
  /** Articles only. */
  readonly views?: number | null;
  /** Articles only: the visible tags, in the stored order. */
  readonly tags?: readonly { documentId: string; name: string | null; locale: Locale; published: boolean }[];
  /** Articles only: the labels of the items, in order. */
  readonly items?: readonly (string | null)[];
  /** Articles only: the labels of the shared notes, in order (equal in every locale of a status). */
  readonly notes?: readonly (string | null)[];
  /** Tags only: the articles whose version of the read links the tag, by documentId (order not part of the contract). */
  readonly articles?: readonly { documentId: string; locale: Locale; published: boolean }[];
}

interface Item {
  readonly label: string | null;
  /** The component row's id, once seen. */
  id?: number;
}

interface Version {
  /** The row's id, once seen; it must not change while the version exists. */
  id?: number;
  text: string | null;
  tags: string[];
  items: Item[];
  /**
   * The shared notes as this version's own component rows: every version of a status holds
   * the same labels, and each keeps its item ids by position when another locale changes them.
   */
  notes: Item[];
}

interface LocaleVersions {
  draft: Version;
  published?: Version;
}

interface DocumentState {
  readonly type: TypeName;
  readonly locales: Map<Locale, LocaleVersions>;
  /** The shared attribute (`views`): one value per document and status. */
  readonly views: { draft: number | null; published: number | null };
}

/** The status code a request must get. */
export type Outcome = 200 | 201 | 204 | 400 | 404;

const copyItems = (from: readonly Item[], keep: readonly Item[]): Item[] =>
  // Items are matched by position, so the rows at positions both lists have keep their ids.
  from.map((item, n) => ({ label: item.label, ...(keep[n]?.id === undefined ? {} : { id: keep[n]!.id }) }));

const copyVersion = (from: Version, into: Version | undefined): Version => ({
  ...(into?.id === undefined ? {} : { id: into.id }),
  text: from.text,
  tags: [...from.tags],
  items: copyItems(from.items, into?.items ?? []),
  notes: copyItems(from.notes, into?.notes ?? []),
});

const emptyVersion = (): Version => ({ text: null, tags: [], items: [], notes: [] });

/** New component rows with these labels (ids unknown until read). */
const newItems = (from: readonly Item[]): Item[] => from.map((item) => ({ label: item.label }));

export class VersionModel {
  private readonly documents = new Map<string, DocumentState>();

  /** Whether the document has a version in some locale (a document whose every locale was deleted is gone). */
  exists(documentId: string): boolean {
    return (this.documents.get(documentId)?.locales.size ?? 0) > 0;
  }

  hasLocale(documentId: string, locale: Locale): boolean {
    return this.documents.get(documentId)?.locales.has(locale) ?? false;
  }

  /** The locales the document has no version in. */
  missingLocales(documentId: string): Locale[] {
    return LOCALES.filter((locale) => !this.hasLocale(documentId, locale));
  }

  /** The tags the article's draft links in a locale, in order (empty when there is no such version). */
  draftTags(documentId: string, locale: Locale): string[] {
    return [...(this.documents.get(documentId)?.locales.get(locale)?.draft.tags ?? [])];
  }

  /**
   * The article's new tag list after a write in `locale`, or 'error' (400) when the write
   * names a tag without a version in that locale, repeats a tag, or anchors an item to a tag
   * the list does not hold.
   */
  private nextTags(current: readonly string[], locale: Locale, write: TagsWrite): string[] | 'error' {
    const resolvable = (id: string): boolean => this.documents.get(id)?.type === 'tag' && this.hasLocale(id, locale);
    if ('set' in write) {
      if (!write.set.every(resolvable) || new Set(write.set).size !== write.set.length) return 'error';
      return [...write.set];
    }
    const named = [...write.connect.map((item) => item.documentId), ...write.disconnect];
    if (!named.every(resolvable) || new Set(write.connect.map((item) => item.documentId)).size !== write.connect.length) return 'error';
    const list = current.filter((id) => !write.disconnect.includes(id));
    for (const { documentId, position } of write.connect) {
      const existing = list.indexOf(documentId);
      if (existing >= 0) list.splice(existing, 1);
      if (position && 'start' in position) list.unshift(documentId);
      else if (!position || 'end' in position) list.push(documentId);
      else {
        const anchor = 'before' in position ? position.before : position.after;
        const at = list.indexOf(anchor);
        if (at < 0) return 'error';
        list.splice(at + ('after' in position ? 1 : 0), 0, documentId);
      }
    }
    return list;
  }

  /** The draft after `data`, or 'error'. */
  private written(draft: Version, locale: Locale, data: WriteData): Version | 'error' {
    const tags = data.tags === undefined ? draft.tags : this.nextTags(draft.tags, locale, data.tags);
    if (tags === 'error') return 'error';
    return {
      ...(draft.id === undefined ? {} : { id: draft.id }),
      text: data.text === undefined ? draft.text : data.text,
      tags: [...tags],
      // Items sent without ids replace the stored ones: new rows, ids unknown until read.
      items: data.items === undefined ? draft.items : data.items.map((label) => ({ label })),
      notes: data.notes === undefined ? draft.notes : data.notes.map((label) => ({ label })),
    };
  }

  /**
   * Shared values are one per document and status: the other locales' versions of `status`
   * take `from`'s notes, their rows updated by position (ids kept where both have an item).
   */
  private shareNotes(document: DocumentState, except: Locale, status: Status, from: Version): void {
    for (const [code, versions] of document.locales) {
      const version = status === 'draft' ? versions.draft : versions.published;
      if (code !== except && version) version.notes = copyItems(from.notes, version.notes);
    }
  }

  /** `POST /api/:plural?locale=…[&status=draft]`: 201, or 400 (and nothing written). */
  createOutcome(locale: Locale, data: WriteData): Outcome {
    return this.written(emptyVersion(), locale, data) === 'error' ? 400 : 201;
  }

  /** Records a successful create; `createOutcome` said 201. */
  create(type: TypeName, documentId: string, locale: Locale, status: Status, data: WriteData): void {
    const draft = this.written(emptyVersion(), locale, data);
    assert.ok(draft !== 'error', 'create: the model said this create fails');
    const document: DocumentState = { type, locales: new Map([[locale, { draft }]]), views: { draft: data.views ?? null, published: null } };
    this.documents.set(documentId, document);
    if (status === 'published') this.publish(documentId, locale);
  }

  /**
   * `PUT /api/:plural/:id?locale=…[&status=draft]`: updates the locale's draft (creating the
   * localization when the document exists only in other locales), then publishes it unless
   * `status` is draft. 404 for a document without any version; 400 for an invalid relation.
   */
  update(documentId: string, locale: Locale, status: Status, data: WriteData): Outcome {
    const document = this.documents.get(documentId);
    if (!document || document.locales.size === 0) return 404;
    const versions = document.locales.get(locale);
    // A new localization starts empty, but for the shared attributes, which come with the
    // document: its notes are copied from the drafts as new rows of its own.
    const source = [...document.locales.values()][0]?.draft;
    const draft = this.written(versions?.draft ?? { ...emptyVersion(), notes: newItems(source?.notes ?? []) }, locale, data);
    if (draft === 'error') return 400;
    if (versions) versions.draft = draft;
    else document.locales.set(locale, { draft });
    if (data.views !== undefined) document.views.draft = data.views;
    if (data.notes !== undefined) this.shareNotes(document, locale, 'draft', draft);
    if (status === 'published') this.publish(documentId, locale);
    return 200;
  }

  /** `POST …/actions/publish`: the published version becomes a copy of the draft, in place. */
  publish(documentId: string, locale: Locale): Outcome {
    const document = this.documents.get(documentId);
    const versions = document?.locales.get(locale);
    if (!document || !versions) return 404;
    versions.published = copyVersion(versions.draft, versions.published);
    document.views.published = document.views.draft;
    this.shareNotes(document, locale, 'published', versions.published);
    return 200;
  }

  /** `POST …/actions/unpublish`: removes the published version; 400 when there is none. */
  unpublish(documentId: string, locale: Locale): Outcome {
    const versions = this.documents.get(documentId)?.locales.get(locale);
    if (!versions) return 404;
    if (!versions.published) return 400;
    delete versions.published;
    return 200;
  }

  /** `POST …/actions/discard-draft`: the draft becomes a copy of the published version, in place. */
  discard(documentId: string, locale: Locale): Outcome {
    const document = this.documents.get(documentId);
    const versions = document?.locales.get(locale);
    if (!document || !versions) return 404;
    if (!versions.published) return 400;
    versions.draft = copyVersion(versions.published, versions.draft);
    // The draft is written, so the shared value of every draft follows (one value per status).
    document.views.draft = document.views.published;
    this.shareNotes(document, locale, 'draft', versions.draft);
    return 200;
  }

  /**
   * `DELETE /api/:plural/:id?locale=…`: removes both versions of the locale; 404 when there is
   * none. A deleted tag version leaves the lists of that locale's article versions (links are
   * not kept for a version that no longer exists, so a later localization starts unlinked).
   */
  remove(documentId: string, locale: Locale): Outcome {
    const document = this.documents.get(documentId);
    if (!document?.locales.has(locale)) return 404;
    document.locales.delete(locale);
    if (document.type === 'tag') {
      for (const other of this.documents.values()) {
        const versions = other.locales.get(locale);
        if (!versions) continue;
        for (const version of [versions.draft, versions.published]) {
          if (version) version.tags = version.tags.filter((id) => id !== documentId);
        }
      }
    }
    return 204;
  }

  private version(documentId: string, locale: Locale, status: Status): Version | undefined {
    const versions = this.documents.get(documentId)?.locales.get(locale);
    return status === 'draft' ? versions?.draft : versions?.published;
  }

  /** What a read with this status and locale shows of the document, or null (absent / 404). */
  expected(documentId: string, locale: Locale, status: Status): ExpectedVersion | null {
    const document = this.documents.get(documentId);
    const version = this.version(documentId, locale, status);
    if (!document || !version) return null;
    const published = status === 'published';
    const base = { documentId, locale, published, text: version.text };
    if (document.type === 'tag') {
      const articles = [...this.documents.entries()]
        .filter(([, other]) => other.type === 'article')
        .filter(([id]) => this.version(id, locale, status)?.tags.includes(documentId))
        .map(([id]) => ({ documentId: id, locale, published }))
        .sort((a, b) => a.documentId.localeCompare(b.documentId));
      return { ...base, articles };
    }
    // Linked tags show in the read's status and locale, and only when they have that version.
    const tags = version.tags.flatMap((id) => {
      const tag = this.version(id, locale, status);
      return tag ? [{ documentId: id, name: tag.text, locale, published }] : [];
    });
    return { ...base, views: document.views[status], tags, items: version.items.map((item) => item.label), notes: version.notes.map((item) => item.label) };
  }

  /**
   * Checks the ids a response or read shows for a version against the ones seen before, and
   * learns those not seen yet: a version's row id, and its items' ids by position, never change
   * while the version exists (publish and discard-draft update in place).
   */
  observe(documentId: string, locale: Locale, status: Status, seen: { id: number; items?: readonly number[]; notes?: readonly number[] }, where: string): void {
    const version = this.version(documentId, locale, status);
    assert.ok(version, `${where}: observed a version the model does not have`);
    if (version.id === undefined) version.id = seen.id;
    else assert.equal(seen.id, version.id, `${where}: the ${status} ${locale} row id changed (was ${version.id}, now ${seen.id})`);
    const learn = (kind: 'items' | 'notes', ids: readonly number[] | undefined): void => {
      version[kind].forEach((item, n) => {
        const id = ids?.[n];
        if (id === undefined) return;
        if (item.id === undefined) item.id = id;
        else assert.equal(id, item.id, `${where}: the id of ${status} ${locale} ${kind === 'items' ? 'item' : 'note'} ${n} changed (was ${item.id}, now ${id})`);
      });
    };
    learn('items', seen.items);
    learn('notes', seen.notes);
  }
}

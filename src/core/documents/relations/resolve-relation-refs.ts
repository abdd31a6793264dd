import type { Executor } from '../../db/database.js';
import type { Model } from '../../schema/content-type.js';
import { ValidationError } from '../../shared/errors.js';
import type { RelationRef } from './relation-write.js';

/** A document a body names (links name documents; the version a read shows follows the read). */
export interface ResolvedDocument {
  readonly documentId: string;
  /** The columns asked for with `select`, as read (a file's mime for media checks, say). */
  readonly columns?: Readonly<Record<string, unknown>>;
}

interface VersionRow {
  readonly id: number;
  readonly documentId: string;
  readonly columns: Readonly<Record<string, unknown>>;
}

function isLocalized(model: Model): boolean {
  return model.modelType === 'contentType' && model.localized;
}

/** The reference's message for a documentId with no version in the write's locale. */
export function notFoundMessage(ref: RelationRef, model: Model, locale: string): string {
  if ('documentId' in ref) return `Document with id "${ref.documentId}", locale "${isLocalized(model) ? locale : 'null'}" not found`;
  return `1 relation(s) of type ${model.uid} associated with this entity do not exist (id ${ref.rowId})`;
}

/**
 * Finds the documents that relation values name: collect every reference first, then one
 * query per model (never one per id). Row ids, which the reference accepts, are resolved to
 * their documents here (a row id of any version names its document), so later checks compare
 * documents however they were named.
 */
export class RefResolver {
  private readonly wanted = new Map<Model, { documentIds: Set<string>; rowIds: Set<number> }>();
  private readonly byDocument = new Map<Model, Map<string, ResolvedDocument>>();
  private readonly byRow = new Map<Model, Map<number, ResolvedDocument>>();
  private readonly extraColumns = new Map<Model, Set<string>>();

  /** `locale`: the write's; documents of localized models must have a version in it. */
  constructor(readonly locale: string) {}

  want(model: Model, ref: RelationRef): void {
    let wanted = this.wanted.get(model);
    if (!wanted) this.wanted.set(model, (wanted = { documentIds: new Set(), rowIds: new Set() }));
    if ('documentId' in ref) wanted.documentIds.add(ref.documentId);
    else wanted.rowIds.add(ref.rowId);
  }

  /** Reads `columns` of `model`'s documents too, in the same query, for checks on what was named. */
  select(model: Model, columns: readonly string[]): void {
    let extra = this.extraColumns.get(model);
    if (!extra) this.extraColumns.set(model, (extra = new Set()));
    for (const column of columns) extra.add(column);
  }

  /** Looks every wanted reference up; on localized models a document counts only if it has a version in `locale`. */
  async resolve(executor: Executor): Promise<void> {
    const { locale } = this;
    for (const [model, { documentIds, rowIds }] of this.wanted) {
      const extra = [...(this.extraColumns.get(model) ?? [])];
      // Only the inverse side of a relation owned by a component could name one: components have no documents.
      if (!model.attributes.has('documentId')) throw new ValidationError(`Relations to ${model.uid} cannot be written: it has no documents`);
      let select = executor
        .selectFrom(model.collectionName)
        .select(['id', 'document_id', ...extra])
        .where((eb) => eb.or([...(documentIds.size > 0 ? [eb('document_id', 'in', [...documentIds])] : []), ...(rowIds.size > 0 ? [eb('id', 'in', [...rowIds])] : [])]));
      if (isLocalized(model)) select = select.where('locale', '=', locale);
      const versions: VersionRow[] = (await select.execute()).map((row) => ({ id: Number(row.id), documentId: String(row.document_id), columns: Object.fromEntries(extra.map((column) => [column, row[column]])) }));
      const documents = new Map<string, ResolvedDocument>();
      for (const row of versions) if (!documents.has(row.documentId)) documents.set(row.documentId, extra.length > 0 ? { documentId: row.documentId, columns: row.columns } : { documentId: row.documentId });
      const byRow = new Map<number, ResolvedDocument>();
      for (const row of versions) {
        const document = documents.get(row.documentId);
        if (document && rowIds.has(row.id)) byRow.set(row.id, document);
      }
      this.byDocument.set(model, documents);
      this.byRow.set(model, byRow);
    }
  }

  /** The document a reference names, or null when there is none. */
  lookup(model: Model, ref: RelationRef): ResolvedDocument | null {
    if ('documentId' in ref) return this.byDocument.get(model)?.get(ref.documentId) ?? null;
    return this.byRow.get(model)?.get(ref.rowId) ?? null;
  }
}

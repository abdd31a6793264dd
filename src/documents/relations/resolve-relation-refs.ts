import type { Executor } from '../../db/database.js';
import type { Model } from '../../schema/content-type.js';
import { ValidationError } from '../../shared/errors.js';
import type { RelationRef } from './relation-write.js';

/** A document a body names, and the row of it that links are made from or to. */
export interface ResolvedDocument {
  readonly documentId: string;
  readonly rowId: number;
}

interface VersionRow {
  readonly id: number;
  readonly documentId: string;
}

/**
 * The row that stands for each document in links: the one place that chooses a version.
 * Without Draft & Publish and i18n there is one row per document; issue 6 restricts this to
 * the write's status and locale.
 */
export function chooseVersions(rows: readonly VersionRow[]): Map<string, number> {
  const chosen = new Map<string, number>();
  for (const row of [...rows].sort((a, b) => a.id - b.id)) if (!chosen.has(row.documentId)) chosen.set(row.documentId, row.id);
  return chosen;
}

export function notFoundMessage(ref: RelationRef, model: Model): string {
  return 'documentId' in ref ? `Document with id "${ref.documentId}", locale "null" not found` : `1 relation(s) of type ${model.uid} associated with this entity do not exist (id ${ref.rowId})`;
}

/**
 * Finds the documents that relation values name: collect every reference first, then one
 * query per model (never one per id). Row ids, which the reference accepts, are resolved to
 * their documents here, so later checks compare documents however they were named.
 */
export class RefResolver {
  private readonly wanted = new Map<Model, { documentIds: Set<string>; rowIds: Set<number> }>();
  private readonly byDocument = new Map<Model, Map<string, ResolvedDocument>>();
  private readonly byRow = new Map<Model, Map<number, ResolvedDocument>>();

  want(model: Model, ref: RelationRef): void {
    let wanted = this.wanted.get(model);
    if (!wanted) this.wanted.set(model, (wanted = { documentIds: new Set(), rowIds: new Set() }));
    if ('documentId' in ref) wanted.documentIds.add(ref.documentId);
    else wanted.rowIds.add(ref.rowId);
  }

  async resolve(executor: Executor): Promise<void> {
    for (const [model, { documentIds, rowIds }] of this.wanted) {
      // Only the inverse side of a relation owned by a component could name one: components have no documents.
      if (!model.attributes.has('documentId')) throw new ValidationError(`Relations to ${model.uid} cannot be written: it has no documents`);
      const rows = await executor
        .selectFrom(model.collectionName)
        .select(['id', 'document_id'])
        .where((eb) => eb.or([...(documentIds.size > 0 ? [eb('document_id', 'in', [...documentIds])] : []), ...(rowIds.size > 0 ? [eb('id', 'in', [...rowIds])] : [])]))
        .execute();
      const versions = rows.map((row) => ({ id: Number(row.id), documentId: String(row.document_id) }));
      const chosen = chooseVersions(versions);
      const documents = new Map<string, ResolvedDocument>();
      for (const [documentId, rowId] of chosen) documents.set(documentId, { documentId, rowId });
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

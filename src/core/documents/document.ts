/** A document as the service returns it: id, documentId, then attribute values by name. */
export type Document = Readonly<Record<string, unknown>> & { readonly id: number; readonly documentId: string };

/** A page of documents and the numbers needed to describe it. */
export interface DocumentPage {
  readonly documents: readonly Document[];
  /** null when the query asked not to count. */
  readonly total: number | null;
}

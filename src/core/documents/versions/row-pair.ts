/** A row copied onto another of the same model: a document's version, or a component item. */
export interface RowPair {
  readonly from: number;
  readonly to: number;
  /** `to` was inserted by this copy: it owns no links or components yet, so none are read. */
  readonly fresh: boolean;
}

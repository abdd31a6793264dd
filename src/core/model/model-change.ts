import type { ComponentDefinition, ContentTypeDefinition, SourcedComponentDefinition, SourcedDefinition } from '../schema/definition.js';

/** The project's own definitions (built-in types excluded): what the builder changes and writes back to files. */
export interface ModelSource {
  readonly types: readonly SourcedDefinition[];
  readonly components: readonly SourcedComponentDefinition[];
}

/** One change the content-type builder asks for. `put…` creates or replaces a whole definition. */
export type ModelChange =
  | { readonly kind: 'putType'; readonly uid: string; readonly definition: ContentTypeDefinition }
  | { readonly kind: 'deleteType'; readonly uid: string }
  | { readonly kind: 'putComponent'; readonly uid: string; readonly definition: ComponentDefinition }
  | { readonly kind: 'deleteComponent'; readonly uid: string }
  /** Keeps an attribute's data under a new name (applied with the `putType`/`putComponent` of the same model). */
  | { readonly kind: 'renameAttribute'; readonly uid: string; readonly from: string; readonly to: string };

/** What a change would do to stored data; changes with any are refused unless confirmed. */
export interface DataImpact {
  /** uid of the content-type or component. */
  readonly model: string;
  /** null: the whole model. */
  readonly attribute: string | null;
  readonly change: 'delete-model' | 'delete-attribute' | 'change-type' | 'rename-attribute' | 'disable-draft-and-publish' | 'disable-i18n';
  /** Rows (versions, items or links) holding data that the change removes or converts. */
  readonly rows: number;
  /** A sentence for the admin: what is lost or converted. */
  readonly message: string;
}

export interface ApplyOptions {
  /** The caller has seen the impacts and confirms them (otherwise a change with impacts is refused with them as details). */
  readonly confirm: boolean;
}

export interface ApplyResult {
  /** The model version now served (the store's `model.version`). */
  readonly version: number;
  readonly impacts: readonly DataImpact[];
  /** Files written or removed, relative to the project folder. */
  readonly files: readonly string[];
}

/**
 * Run-time changes of the content model: checked as at start, applied to the database (additive
 * at once, destructive only when confirmed), written to the project's files, recorded in the
 * database for the other instances, and served from the next request on, with no restart.
 */
export interface ModelRuntime {
  /** The project's definitions as currently served. */
  source(): ModelSource;
  /** The impacts the changes would have, without applying anything (400 for an invalid model). */
  plan(changes: readonly ModelChange[]): Promise<readonly DataImpact[]>;
  apply(changes: readonly ModelChange[], options: ApplyOptions): Promise<ApplyResult>;
  /**
   * Resolves once the storage removals scheduled so far are done (tests: move the clock past
   * the grace period first). A removal left at close stays recorded for the next start.
   */
  settled(): Promise<void>;
  /** Stops the scheduled removals (they stay recorded) and waits for the change under way. */
  close(): Promise<void>;
}

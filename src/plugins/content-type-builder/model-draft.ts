import type { ModelChange, ModelSource } from '../../core/model/model-change.js';
import type { CustomFieldTypes } from '../../core/schema/custom-fields.js';
import type { ComponentDefinition, ContentTypeDefinition, SourcedComponentDefinition, SourcedDefinition } from '../../core/schema/definition.js';
import { buildRegistry } from '../../core/schema/registry.js';
import { checkRouteNames } from '../../core/schema/route-names.js';
import type { ReservedStorage } from '../../core/schema/storage-names.js';
import { toTableModels } from '../../core/schema/to-table-model.js';
import { DefinitionError } from '../../core/shared/errors.js';
import { definitionProblem, type ProblemRoot } from './builder-errors.js';

/** The definitions the builder does not edit but checks against (the plugins' own types), and the routes its types' names may not take. */
export interface BuiltInModels {
  readonly types: readonly SourcedDefinition[];
  readonly components: readonly SourcedComponentDefinition[];
  /** Storage names of Tessera's own, which no type may take. */
  readonly reserved: ReservedStorage;
  /** Fixed first segments of the routes served under the REST prefix (`upload`, `auth`, `users`, …). */
  readonly routeNames: ReadonlySet<string>;
  readonly restPrefix: string;
  /** The custom fields the app knows, as the start resolves them. */
  readonly customFields: CustomFieldTypes;
}

/**
 * The project's definitions with the changes of one request applied in memory. Checked with
 * the very registry build the start runs, so a definition the builder accepts also starts.
 */
export interface ModelDraft {
  type(uid: string): ContentTypeDefinition | undefined;
  component(uid: string): ComponentDefinition | undefined;
  typeUids(): string[];
  componentUids(): string[];
  /** Records a change (in request order) and applies it to the draft. */
  change(change: ModelChange): void;
  readonly changes: readonly ModelChange[];
}

const TYPE_UID = /^api::([^.]+)\.([^.]+)$/;

function sourcedType(uid: string, definition: ContentTypeDefinition): SourcedDefinition {
  const [, apiName = uid, modelName = uid] = TYPE_UID.exec(uid) ?? [];
  // The file is the uid: a start-time check then names the model the way the request does.
  return { uid, apiName, modelName, file: uid, definition };
}

function sourcedComponent(uid: string, definition: ComponentDefinition): SourcedComponentDefinition {
  const [category = uid, name = uid] = uid.split('.');
  return { uid, category, name, file: uid, definition };
}

export function createModelDraft(source: ModelSource): ModelDraft {
  const types = new Map(source.types.map((type) => [type.uid, type.definition]));
  const components = new Map(source.components.map((component) => [component.uid, component.definition]));
  const changes: ModelChange[] = [];
  return {
    type: (uid) => types.get(uid),
    component: (uid) => components.get(uid),
    typeUids: () => [...types.keys()],
    componentUids: () => [...components.keys()],
    changes,
    change(change) {
      changes.push(change);
      if (change.kind === 'putType') types.set(change.uid, change.definition);
      else if (change.kind === 'deleteType') types.delete(change.uid);
      else if (change.kind === 'putComponent') components.set(change.uid, change.definition);
      else if (change.kind === 'deleteComponent') components.delete(change.uid);
    },
  };
}

/** Runs the start's checks on the draft; a refused definition → 400 pointing into the request body. */
export function checkDraft(draft: ModelDraft, builtIns: BuiltInModels, root: ProblemRoot): void {
  const types = draft.typeUids().map((uid) => sourcedType(uid, draft.type(uid) ?? {}));
  const components = draft.componentUids().map((uid) => sourcedComponent(uid, draft.component(uid) ?? {}));
  try {
    const registry = buildRegistry([...builtIns.types, ...types], [...builtIns.components, ...components], { customFields: builtIns.customFields });
    // Tables too: a name taken by another model or by Tessera's own storage points into the body.
    toTableModels(registry, builtIns.reserved);
    checkRouteNames(registry.contentTypes, builtIns.routeNames, builtIns.restPrefix);
  } catch (error) {
    if (error instanceof DefinitionError) throw definitionProblem(error, root);
    throw error;
  }
}

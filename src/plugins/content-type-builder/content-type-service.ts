import type { DataImpact, ModelRuntime } from '../../core/model/model-change.js';
import type { AttributeDefinition, ContentTypeDefinition } from '../../core/schema/definition.js';
import { toSnakeCase } from '../../core/schema/names.js';
import { NotFoundError } from '../../core/shared/errors.js';
import { readContentTypeBody, type BuilderFlags, type ContentTypeInput } from './builder-bodies.js';
import { invalidAt } from './builder-errors.js';
import { checkCreatedNames, type NamedModel } from './check-created-names.js';
import { contentTypeView, modelNameOf, type ContentTypeView } from './builder-views.js';
import { checkDraft, createModelDraft, type BuiltInModels, type ModelDraft } from './model-draft.js';
import { removeRelationsTo } from './model-references.js';
import { pairRelations, translateTargetAttributes } from './relation-pairs.js';
import { submitChanges, type Submitted } from './submit-changes.js';

export interface BuilderContext {
  readonly runtime: ModelRuntime;
  /** The built-in (plugin) types and components served now: listed, checked against, never edited. */
  readonly builtIns: () => BuiltInModels;
}

export interface TypeOutcome {
  readonly uid: string;
  readonly result: Submitted;
}

const AT = ['contentType'];
const ATTRIBUTES_AT = ['contentType', 'attributes'];

/** The schema.json a hand-written project would hold; what the request leaves out keeps its current value. */
function typeDefinition(input: ContentTypeInput, attributes: Record<string, AttributeDefinition>, previous: ContentTypeDefinition | undefined): ContentTypeDefinition {
  const draftAndPublish = input.draftAndPublish ?? previous?.options?.draftAndPublish ?? false;
  // Keys the builder does not edit (Strapi's and other tools' own) stay as the file has them.
  return {
    ...previous,
    kind: input.kind ?? previous?.kind ?? 'collectionType',
    collectionName: input.collectionName ?? previous?.collectionName ?? toSnakeCase(input.pluralName),
    info: { ...previous?.info, singularName: input.singularName, pluralName: input.pluralName, displayName: input.displayName, description: input.description ?? previous?.info?.description ?? '' },
    options: { ...previous?.options, draftAndPublish },
    pluginOptions: input.pluginOptions ?? previous?.pluginOptions ?? {},
    attributes,
  };
}

function flagsOf(flags: BuilderFlags, bodyConfirm: boolean | undefined): { dryRun: boolean; confirm: boolean } {
  return { dryRun: flags.dryRun, confirm: bodyConfirm ?? flags.confirm ?? false };
}

/** A content-type's definition as the builder's name rule sees it. */
function named(definition: ContentTypeDefinition): NamedModel {
  return { ...(definition.attributes ? { attributes: definition.attributes } : {}), draftAndPublish: definition.options?.draftAndPublish === true };
}

/** Puts the type and the other sides of its relations into the draft. */
function putWithRelations(draft: ModelDraft, uid: string, input: ContentTypeInput, previous: ContentTypeDefinition | undefined): void {
  const attributes = translateTargetAttributes(input.attributes, ATTRIBUTES_AT);
  const others = pairRelations(uid, previous, attributes, draft, ATTRIBUTES_AT);
  const definition = typeDefinition(input, attributes, previous);
  checkCreatedNames(named(definition), previous && named(previous), { path: AT });
  draft.change({ kind: 'putType', uid, definition });
  for (const [other, otherAttributes] of others) {
    const before = draft.type(other);
    if (before && JSON.stringify(before.attributes ?? {}) !== JSON.stringify(otherAttributes)) {
      const changed = { ...before, attributes: otherAttributes };
      checkCreatedNames(named(changed), named(before), { uid: other });
      draft.change({ kind: 'putType', uid: other, definition: changed });
    }
  }
}

function checkRenames(renames: ReadonlyMap<string, string>, previous: ContentTypeDefinition, input: ContentTypeInput): void {
  const before = previous.attributes ?? {};
  for (const [from, to] of renames) {
    const path = ['renames', from];
    if (!(from in before)) throw invalidAt(path, `"${from}" is not an attribute of the content-type`, from);
    if (from in input.attributes) throw invalidAt(path, `"${from}" is renamed but still in attributes`, from);
    if (!(to in input.attributes)) throw invalidAt(path, `the new name "${to}" is not in attributes`, to);
    if (to in before) throw invalidAt(path, `"${to}" is already an attribute of the content-type`, to);
  }
}

/** Content-types: list, read, create, replace and delete (with the relations that point at them). */
export function createContentTypeService({ runtime, builtIns }: BuilderContext) {
  const existing = (uid: string): { draft: ModelDraft; previous: ContentTypeDefinition } => {
    const draft = createModelDraft(runtime.source());
    const previous = draft.type(uid);
    if (previous) return { draft, previous };
    if (builtIns().types.some((type) => type.uid === uid)) throw invalidAt([], `${uid} is defined by Tessera and cannot be changed`, uid);
    throw new NotFoundError('Content-type not found');
  };

  const create = async (body: unknown, flags: BuilderFlags): Promise<TypeOutcome> => {
    const request = readContentTypeBody(body, false);
    const input = request.contentType;
    const uid = `api::${input.singularName}.${input.singularName}`;
    const draft = createModelDraft(runtime.source());
    if (draft.type(uid) || builtIns().types.some((type) => type.uid === uid)) {
      throw invalidAt([...AT, 'singularName'], `A content-type ${uid} already exists`, input.singularName);
    }
    putWithRelations(draft, uid, input, undefined);
    checkDraft(draft, builtIns(), { uid, key: 'contentType' });
    return { uid, result: await submitChanges(runtime, draft.changes, flagsOf(flags, request.confirm)) };
  };

  const update = async (uid: string, body: unknown, flags: BuilderFlags): Promise<TypeOutcome> => {
    const { draft, previous } = existing(uid);
    const request = readContentTypeBody(body, true);
    const input = request.contentType;
    const singularName = previous.info?.singularName ?? modelNameOf(uid);
    if (input.singularName !== singularName) throw invalidAt([...AT, 'singularName'], `singularName cannot change (the uid ${uid} is made from it)`, input.singularName);
    checkRenames(request.renames, previous, input);
    putWithRelations(draft, uid, input, previous);
    for (const [from, to] of request.renames) draft.change({ kind: 'renameAttribute', uid, from, to });
    checkDraft(draft, builtIns(), { uid, key: 'contentType' });
    return { uid, result: await submitChanges(runtime, draft.changes, flagsOf(flags, request.confirm)) };
  };

  return {
    list(): ContentTypeView[] {
      return [
        ...builtIns().types.map((type) => contentTypeView(type.uid, type.definition, false)),
        ...runtime.source().types.map((type) => contentTypeView(type.uid, type.definition, true)),
      ];
    },
    read(uid: string): ContentTypeView {
      const view = this.list().find((type) => type.uid === uid);
      if (!view) throw new NotFoundError('Content-type not found');
      return view;
    },
    create,
    update,
    /** The impacts of the PUT (or, for a uid not there yet, the POST) this body would be. */
    async plan(uid: string, body: unknown): Promise<readonly DataImpact[]> {
      const exists = runtime.source().types.some((type) => type.uid === uid);
      const outcome = exists ? await update(uid, body, { dryRun: true }) : await create(body, { dryRun: true });
      if (!exists && outcome.uid !== uid) throw invalidAt([...AT, 'singularName'], `The body describes ${outcome.uid}, not ${uid}`, uid);
      return outcome.result.impacts;
    },
    async delete(uid: string, flags: BuilderFlags): Promise<TypeOutcome> {
      const { draft } = existing(uid);
      draft.change({ kind: 'deleteType', uid });
      removeRelationsTo(draft, uid);
      checkDraft(draft, builtIns(), { uid, key: 'contentType' });
      return { uid, result: await submitChanges(runtime, draft.changes, flagsOf(flags, undefined)) };
    },
  };
}

export type ContentTypeService = ReturnType<typeof createContentTypeService>;

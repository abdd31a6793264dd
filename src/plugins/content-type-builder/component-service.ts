import type { ModelSource } from '../../core/model/model-change.js';
import type { ComponentDefinition } from '../../core/schema/definition.js';
import { isValidApiName, toSnakeCase } from '../../core/schema/names.js';
import { NotFoundError } from '../../core/shared/errors.js';
import { readCategoryBody, readComponentBody, type BuilderFlags, type ComponentInput } from './builder-bodies.js';
import { invalidAt } from './builder-errors.js';
import { checkCreatedNames } from './check-created-names.js';
import { componentView, type ComponentView } from './builder-views.js';
import type { BuilderContext } from './content-type-service.js';
import { checkDraft, createModelDraft, type ModelDraft } from './model-draft.js';
import { replaceComponents } from './model-references.js';
import { translateTargetAttributes } from './relation-pairs.js';
import { submitChanges, type Submitted } from './submit-changes.js';

export interface ComponentOutcome {
  readonly uid: string;
  readonly result: Submitted;
}

const AT = ['component'];

/** "Hero Section" → `hero-section`: the file name, and the uid's second half. */
export function kebabCase(displayName: string): string {
  return displayName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function defaultCollectionName(category: string, name: string): string {
  return `components_${toSnakeCase(category)}_${toSnakeCase(name)}`;
}

function componentDefinition(input: ComponentInput, uid: string, previous: ComponentDefinition | undefined): ComponentDefinition {
  const [category = '', name = ''] = uid.split('.');
  const icon = input.icon ?? previous?.info?.icon;
  const description = input.description ?? previous?.info?.description;
  // Keys the builder does not edit (Strapi's and other tools' own) stay as the file has them.
  return {
    ...previous,
    collectionName: input.collectionName ?? previous?.collectionName ?? defaultCollectionName(category, name),
    info: { ...previous?.info, displayName: input.displayName, ...(icon === undefined ? {} : { icon }), ...(description === undefined ? {} : { description }) },
    options: previous?.options ?? {},
    attributes: translateTargetAttributes(input.attributes, [...AT, 'attributes']),
  };
}

const confirmOf = (flags: BuilderFlags, body?: boolean): { dryRun: boolean; confirm: boolean } => ({ dryRun: flags.dryRun, confirm: body ?? flags.confirm ?? false });

/** Components and their categories; deleting or moving one rewrites every attribute that uses it, in the same apply. */
/** Whether any attribute of the model uses the component (as a component or in a dynamic zone). */
function isUsed(source: ModelSource, uid: string): boolean {
  const attributes = [...source.types, ...source.components].flatMap((model) => Object.values(model.definition.attributes ?? {}));
  return attributes.some((attribute) => attribute.component === uid || (Array.isArray(attribute.components) && attribute.components.includes(uid)));
}

export function createComponentService({ runtime, builtIns }: BuilderContext) {
  const existing = (uid: string): { draft: ModelDraft; previous: ComponentDefinition } => {
    const draft = createModelDraft(runtime.source());
    const previous = draft.component(uid);
    if (previous) return { draft, previous };
    if (builtIns().components.some((component) => component.uid === uid)) throw invalidAt([], `${uid} is defined by Tessera and cannot be changed`, uid);
    throw new NotFoundError('Component not found');
  };
  const categoryComponents = (draft: ModelDraft, category: string): string[] => draft.componentUids().filter((uid) => uid.startsWith(`${category}.`));
  const list = (): ComponentView[] => [
    ...builtIns().components.map((component) => componentView(component.uid, component.definition, false)),
    ...runtime.source().components.map((component) => componentView(component.uid, component.definition, true)),
  ];
  const deleteAll = async (draft: ModelDraft, uids: readonly string[], root: string, flags: BuilderFlags): Promise<Submitted> => {
    for (const uid of uids) draft.change({ kind: 'deleteComponent', uid });
    replaceComponents(draft, new Map(uids.map((uid) => [uid, null])));
    checkDraft(draft, builtIns(), { uid: root, key: 'component' });
    return submitChanges(runtime, draft.changes, confirmOf(flags));
  };

  return {
    list,
    read(uid: string): ComponentView {
      const view = list().find((component) => component.uid === uid);
      if (!view) throw new NotFoundError('Component not found');
      return view;
    },
    async create(body: unknown, flags: BuilderFlags): Promise<ComponentOutcome> {
      const request = readComponentBody(body, false);
      const input = request.component;
      if (!isValidApiName(input.category)) throw invalidAt([...AT, 'category'], 'category must be kebab-case (lowercase letters, digits and dashes, starting with a letter)', input.category);
      const name = kebabCase(input.displayName);
      if (!isValidApiName(name)) throw invalidAt([...AT, 'displayName'], 'displayName must start with a letter (its kebab-case form names the component file)', input.displayName);
      const uid = `${input.category}.${name}`;
      const draft = createModelDraft(runtime.source());
      if (draft.component(uid) || builtIns().components.some((component) => component.uid === uid)) {
        throw invalidAt([...AT, 'displayName'], `A component ${uid} already exists`, input.displayName);
      }
      const definition = componentDefinition(input, uid, undefined);
      checkCreatedNames({ ...definition, draftAndPublish: false }, undefined, { path: AT });
      draft.change({ kind: 'putComponent', uid, definition });
      checkDraft(draft, builtIns(), { uid, key: 'component' });
      return { uid, result: await submitChanges(runtime, draft.changes, confirmOf(flags, request.confirm)) };
    },
    async update(uid: string, body: unknown, flags: BuilderFlags): Promise<ComponentOutcome> {
      const { draft, previous } = existing(uid);
      const request = readComponentBody(body, true);
      const input = request.component;
      const category = uid.slice(0, uid.indexOf('.'));
      if (input.category !== category) throw invalidAt([...AT, 'category'], `category cannot change here (rename the category with PUT /content-type-builder/component-categories/${category})`, input.category);
      const before = previous.attributes ?? {};
      for (const [from, to] of request.renames) {
        if (!(from in before) || from in input.attributes || !(to in input.attributes) || to in before) {
          throw invalidAt(['renames', from], `"${from}" must be an attribute of the component, and "${to}" its new name in attributes`, to);
        }
      }
      const definition = componentDefinition(input, uid, previous);
      checkCreatedNames({ ...definition, draftAndPublish: false }, { ...previous, draftAndPublish: false }, { path: AT });
      draft.change({ kind: 'putComponent', uid, definition });
      for (const [from, to] of request.renames) draft.change({ kind: 'renameAttribute', uid, from, to });
      checkDraft(draft, builtIns(), { uid, key: 'component' });
      return { uid, result: await submitChanges(runtime, draft.changes, confirmOf(flags, request.confirm)) };
    },
    async delete(uid: string, flags: BuilderFlags): Promise<ComponentOutcome> {
      const { draft } = existing(uid);
      return { uid, result: await deleteAll(draft, [uid], uid, flags) };
    },
    categories(): string[] {
      return [...new Set(list().map((component) => component.category))].sort();
    },
    /**
     * Moves every component of `category` to the new name: new uids and files, the same tables
     * (their collectionName is kept), and every attribute that uses them follows.
     */
    async renameCategory(category: string, body: unknown, flags: BuilderFlags): Promise<{ readonly name: string; readonly uids: Readonly<Record<string, string>>; readonly result: Submitted }> {
      const request = readCategoryBody(body);
      const draft = createModelDraft(runtime.source());
      const uids = categoryComponents(draft, category);
      if (uids.length === 0) throw new NotFoundError('Component category not found');
      if (!isValidApiName(request.name)) throw invalidAt(['name'], 'a category name must be kebab-case (lowercase letters, digits and dashes, starting with a letter)', request.name);
      if (request.name === category) throw invalidAt(['name'], 'the category already has this name', request.name);
      const moves = new Map<string, string>();
      for (const uid of uids) {
        const name = uid.slice(uid.indexOf('.') + 1);
        const next = `${request.name}.${name}`;
        if (draft.component(next) || builtIns().components.some((component) => component.uid === next)) throw invalidAt(['name'], `A component ${next} already exists`, request.name);
        moves.set(uid, next);
      }
      // Stored items name their component by uid (zone items, nested components' owners): moving
      // components that attributes use would need those rows rewritten, which is not built yet.
      const used = [...moves.keys()].filter((uid) => isUsed(runtime.source(), uid));
      if (used.length > 0) {
        throw invalidAt(['name'], `The components ${used.join(', ')} are used by attributes: a category whose components are in use cannot be renamed yet (create the components in the new category and move the attributes)`, request.name);
      }
      for (const [from, to] of moves) {
        const definition = draft.component(from) ?? {};
        const name = from.slice(from.indexOf('.') + 1);
        draft.change({ kind: 'deleteComponent', uid: from });
        draft.change({ kind: 'putComponent', uid: to, definition: { ...definition, collectionName: definition.collectionName ?? defaultCollectionName(category, name) } });
      }
      replaceComponents(draft, moves);
      checkDraft(draft, builtIns(), { uid: [...moves.values()][0] ?? category, key: 'component' });
      return { name: request.name, uids: Object.fromEntries(moves), result: await submitChanges(runtime, draft.changes, confirmOf(flags, request.confirm)) };
    },
    async deleteCategory(category: string, flags: BuilderFlags): Promise<{ readonly uids: readonly string[]; readonly result: Submitted }> {
      const draft = createModelDraft(runtime.source());
      const uids = categoryComponents(draft, category);
      if (uids.length === 0) throw new NotFoundError('Component category not found');
      return { uids, result: await deleteAll(draft, uids, category, flags) };
    },
  };
}

export type ComponentService = ReturnType<typeof createComponentService>;

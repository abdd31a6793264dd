import { contentPermission, type ContentAction, type PermissionName } from './permission-names.js';
import { isPluginType, type ContentType } from '../schema/content-type.js';
import type { SchemaRegistry } from '../schema/registry.js';

/** The content API actions of one content-type (publishing actions only where drafts exist). */
export function contentTypeActions(uid: string, kind: 'collectionType' | 'singleType', draftAndPublish: boolean): PermissionName[] {
  const base: ContentAction[] = kind === 'collectionType' ? ['find', 'findOne', 'create', 'update', 'delete'] : ['find', 'update', 'delete'];
  const publishing: ContentAction[] = draftAndPublish ? ['publish', 'unpublish', 'discardDraft'] : [];
  return [...base, ...publishing].map((action) => contentPermission(uid, action));
}

/**
 * Every action name a permission may hold in this project: its content-types' and the plugins'
 * (`plugin::<plugin>.<controller>.<action>`, as the reference names them; each plugin lists its own).
 */
export function knownActions(registry: Pick<SchemaRegistry, 'contentTypes'>, pluginActions: readonly string[]): ReadonlySet<string> {
  return actionsOf(registry.contentTypes, pluginActions);
}

function actionsOf(types: readonly ContentType[], pluginActions: readonly string[]): ReadonlySet<string> {
  const actions = new Set<string>(pluginActions);
  for (const type of types) {
    if (isPluginType(type)) continue;
    for (const action of contentTypeActions(type.uid, type.kind, type.draftAndPublish)) actions.add(action);
  }
  return actions;
}

/** Every known action on the live registry, the content-types' first: the set is made again only when the model's list of types changes (it is a new array then). */
export function createKnownActionList(registry: Pick<SchemaRegistry, 'contentTypes'>, pluginActions: readonly string[]): () => readonly string[] {
  let types: readonly ContentType[] | undefined;
  let actions: readonly string[] = [];
  return () => {
    const current = registry.contentTypes;
    if (current !== types) {
      types = current;
      const content = [...actionsOf(current, [])];
      actions = [...content, ...pluginActions.filter((action) => !content.includes(action))];
    }
    return actions;
  };
}

/**
 * Whether a permission may name this action, following the served model: on the live registry
 * (which the content-type builder swaps), a type created at run time can be granted at once.
 */
export function createKnownActionCheck(registry: Pick<SchemaRegistry, 'contentTypes'>, pluginActions: readonly string[]): (action: string) => boolean {
  const list = createKnownActionList(registry, pluginActions);
  let seen: readonly string[] | undefined;
  let actions: ReadonlySet<string> = new Set();
  return (action) => {
    const current = list();
    if (current !== seen) {
      seen = current;
      actions = new Set(current);
    }
    return actions.has(action);
  };
}

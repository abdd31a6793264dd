import type { AttributeDefinition } from '../../core/schema/definition.js';
import type { ModelDraft } from './model-draft.js';

/** An attribute rewritten: a new definition, null to remove it, or undefined to keep it as it is. */
export type AttributeRewrite = (owner: string, name: string, attribute: AttributeDefinition) => AttributeDefinition | null | undefined;

function rewriteAll(attributes: Readonly<Record<string, AttributeDefinition>> | undefined, owner: string, rewrite: AttributeRewrite): Record<string, AttributeDefinition> | null {
  let changed = false;
  const next: Record<string, AttributeDefinition> = {};
  for (const [name, attribute] of Object.entries(attributes ?? {})) {
    const result = rewrite(owner, name, attribute);
    if (result === undefined) next[name] = attribute;
    else {
      changed = true;
      if (result !== null) next[name] = result;
    }
  }
  return changed ? next : null;
}

/**
 * Rewrites the attributes of every content-type and component of the draft but `skip`, adding
 * one put change per model that changed: the references follow in the same apply.
 */
export function rewriteReferences(draft: ModelDraft, rewrite: AttributeRewrite, skip: ReadonlySet<string> = new Set()): void {
  for (const uid of draft.typeUids()) {
    const definition = draft.type(uid);
    if (skip.has(uid) || !definition) continue;
    const attributes = rewriteAll(definition.attributes, uid, rewrite);
    if (attributes) draft.change({ kind: 'putType', uid, definition: { ...definition, attributes } });
  }
  for (const uid of draft.componentUids()) {
    const definition = draft.component(uid);
    if (skip.has(uid) || !definition) continue;
    const attributes = rewriteAll(definition.attributes, uid, rewrite);
    if (attributes) draft.change({ kind: 'putComponent', uid, definition: { ...definition, attributes } });
  }
}

/** Relations of other models that target `uid` go with it. */
export function removeRelationsTo(draft: ModelDraft, uid: string): void {
  rewriteReferences(draft, (_owner, _name, attribute) => (attribute.type === 'relation' && attribute.target === uid ? null : undefined), new Set([uid]));
}

/**
 * Component and dynamic-zone attributes follow renamed components (`to` a uid) or lose them
 * (`to` null): a dynamic zone left with no component is removed.
 */
export function replaceComponents(draft: ModelDraft, moves: ReadonlyMap<string, string | null>, skip: ReadonlySet<string> = new Set()): void {
  rewriteReferences(
    draft,
    (_owner, _name, attribute) => {
      if (attribute.type === 'component' && typeof attribute.component === 'string' && moves.has(attribute.component)) {
        const to = moves.get(attribute.component);
        return to ? { ...attribute, component: to } : null;
      }
      if (attribute.type === 'dynamiczone' && Array.isArray(attribute.components) && attribute.components.some((uid) => moves.has(uid as string))) {
        const components = (attribute.components as unknown[]).flatMap((uid) => {
          const to = moves.get(uid as string);
          return to === undefined ? [uid] : to === null ? [] : [to];
        });
        return components.length === 0 ? null : { ...attribute, components };
      }
      return undefined;
    },
    skip,
  );
}

import type { StoredModel } from '../schema/model.js';
import type { SchemaRegistry } from '../schema/registry.js';
import type { ModelWrite } from './model-write.js';

/** Link tables owned by a model's rows and by the components nested in it, to any depth. */
function ownedLinkTables(model: StoredModel, registry: SchemaRegistry, into: Set<string>, seen = new Set<string>()): Set<string> {
  if (seen.has(model.uid)) return into;
  seen.add(model.uid);
  for (const attribute of model.linkedAttributes) {
    if (attribute.kind === 'relation') into.add(registry.relation(attribute).link.table);
    const nested = attribute.kind === 'component' ? [attribute.component] : attribute.kind === 'dynamiczone' ? attribute.components : [];
    for (const uid of nested) {
      const component = registry.component(uid);
      if (component) ownedLinkTables(component, registry, into, seen);
    }
  }
  return into;
}

/**
 * The link tables a write may change, sorted (locks are taken in this order): those of the
 * relations it writes, and every one owned by the components it replaces, whose removed
 * items lose their links.
 */
export function linkTablesOf(write: ModelWrite, registry: SchemaRegistry): string[] {
  const tables = new Set<string>();
  const visit = (rowWrite: ModelWrite): void => {
    for (const attribute of rowWrite.relations.keys()) tables.add(registry.relation(attribute).link.table);
    for (const value of rowWrite.components.values()) {
      const uids = value.attribute.kind === 'component' ? [value.attribute.component] : value.attribute.components;
      for (const uid of uids) {
        const component = registry.component(uid);
        if (component) ownedLinkTables(component, registry, tables);
      }
      value.items.forEach(visit);
    }
  };
  visit(write);
  return [...tables].sort();
}

/** The link tables a delete of the model's documents changes: links they own, links to them, links of their components. */
export function linkTablesAround(model: StoredModel, registry: SchemaRegistry): string[] {
  const tables = ownedLinkTables(model, registry, new Set());
  for (const link of registry.links) if (link.target.uid === model.uid) tables.add(link.table);
  return [...tables].sort();
}

/** Whether deleting the model's rows must touch anything besides its own table. */
export function hasLinks(model: StoredModel, registry: SchemaRegistry): boolean {
  return model.linkedAttributes.length > 0 || registry.links.some((link) => link.target.uid === model.uid);
}

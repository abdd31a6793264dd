import type { Model } from '../../../core/schema/content-type.js';
import type { SchemaRegistry } from '../../../core/schema/registry.js';

type Data = Readonly<Record<string, unknown>>;

const isRecord = (value: unknown): value is Data => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a relation target of a version names: its documentId, and its locale on localized targets. */
interface RelationRef {
  readonly documentId: string;
  readonly locale?: string;
}

/** The documentIds each relation target type of a version's data links, to find which still exist. */
export function linkedDocumentIds(model: Model, data: Data, registry: SchemaRegistry, into = new Map<string, Set<string>>()): Map<string, Set<string>> {
  for (const attribute of model.attributes.values()) {
    const value = data[attribute.name];
    if (value === undefined || value === null) continue;
    if (attribute.kind === 'relation' && !attribute.media) {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (isRecord(item) && typeof item.documentId === 'string') {
          const set = into.get(attribute.target) ?? new Set<string>();
          set.add(item.documentId);
          into.set(attribute.target, set);
        }
      }
    } else if (attribute.kind === 'component') {
      const component = registry.component(attribute.component);
      if (component) for (const item of Array.isArray(value) ? value : [value]) if (isRecord(item)) linkedDocumentIds(component, item, registry, into);
    } else if (attribute.kind === 'dynamiczone' && Array.isArray(value)) {
      for (const item of value) {
        const component = isRecord(item) && typeof item.__component === 'string' ? registry.component(item.__component) : undefined;
        if (component && isRecord(item)) linkedDocumentIds(component, item, registry, into);
      }
    }
  }
  return into;
}

/**
 * A version's data as a write body of the model as it is now: writable attributes only
 * (attributes removed since are left out, added ones keep their value), component and zone
 * items as new items, relations set to the targets that still exist (`exists`), media by id.
 */
export function restoreBody(model: Model, data: Data, registry: SchemaRegistry, exists: (target: string, documentId: string) => boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const attribute of model.attributes.values()) {
    if (!attribute.writable || !(attribute.name in data)) continue;
    const value = data[attribute.name];
    switch (attribute.kind) {
      case 'scalar':
        if (attribute.type !== 'password') body[attribute.name] = value ?? null;
        break;
      case 'relation': {
        const items = value === null || value === undefined ? [] : Array.isArray(value) ? value : [value];
        if (attribute.media) {
          const ids = items.flatMap((item) => (isRecord(item) && typeof item.id === 'number' ? [item.id] : []));
          body[attribute.name] = attribute.many ? ids : (ids[0] ?? null);
          break;
        }
        const refs: RelationRef[] = items.flatMap((item) =>
          isRecord(item) && typeof item.documentId === 'string' && exists(attribute.target, item.documentId)
            ? [{ documentId: item.documentId, ...(typeof item.locale === 'string' ? { locale: item.locale } : {}) }]
            : [],
        );
        body[attribute.name] = { set: refs };
        break;
      }
      case 'component': {
        const component = registry.component(attribute.component);
        if (!component) break;
        const item = (entry: unknown) => (isRecord(entry) ? restoreBody(component, entry, registry, exists) : null);
        body[attribute.name] = attribute.repeatable ? (Array.isArray(value) ? value.map(item).filter((entry) => entry !== null) : []) : item(value);
        break;
      }
      case 'dynamiczone':
        body[attribute.name] = Array.isArray(value)
          ? value.flatMap((entry) => {
              const component = isRecord(entry) && typeof entry.__component === 'string' && attribute.components.includes(entry.__component) ? registry.component(entry.__component) : undefined;
              return component && isRecord(entry) ? [{ __component: component.uid, ...restoreBody(component, entry, registry, exists) }] : [];
            })
          : [];
        break;
    }
  }
  return body;
}

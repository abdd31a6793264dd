import { DefinitionError } from '../shared/errors.js';
import type { RelationAttribute, RelationKind } from './attribute.js';
import type { ComponentModel } from './component-model.js';
import type { ContentType, Model } from './content-type.js';
import { NO_CUSTOM_FIELDS, type CustomFieldTypes } from './custom-fields.js';
import type { SourcedComponentDefinition, SourcedDefinition } from './definition.js';
import { normalizeComponent } from './normalize-component.js';
import { normalizeContentType } from './normalize-content-type.js';
import { createRelationLink, type RelationLink, type RelationSide } from './relation-link.js';

/** The content model: every content-type and component, normalized and frozen. Immutable once built. */
export interface SchemaRegistry {
  readonly contentTypes: readonly ContentType[];
  readonly components: readonly ComponentModel[];
  /** Every link table, one per owning relation attribute. */
  readonly links: readonly RelationLink[];
  get(uid: string): ContentType | undefined;
  component(uid: string): ComponentModel | undefined;
  /** A content-type or component by uid. */
  model(uid: string): Model | undefined;
  /** The link table behind a relation attribute of this registry, and the side the attribute is on. */
  relation(attribute: RelationAttribute): RelationSide;
}

/** The kind the other side of a bidirectional relation must have. */
const INVERSE_KIND: Partial<Record<RelationKind, RelationKind>> = {
  oneToOne: 'oneToOne',
  manyToOne: 'oneToMany',
  oneToMany: 'manyToOne',
  manyToMany: 'manyToMany',
};

function fail(model: Model, attribute: string, problem: string): never {
  throw new DefinitionError(model.source, `attribute "${attribute}": ${problem}`);
}

/** The other side of a relation, checked: it must name this attribute back, with the matching kind. */
function otherSide(model: Model, attribute: RelationAttribute, target: ContentType): RelationAttribute | null {
  const name = attribute.inversedBy ?? attribute.mappedBy;
  if (name === undefined) return null;
  const key = attribute.inversedBy !== undefined ? 'inversedBy' : 'mappedBy';
  const back = attribute.inversedBy !== undefined ? 'mappedBy' : 'inversedBy';
  const other = target.attributes.get(name);
  if (!other || other.kind !== 'relation' || other.target !== model.uid || other[back] !== attribute.name) {
    fail(model, attribute.name, `${key} "${name}" must name a relation of ${target.uid} with target "${model.uid}" and ${back} "${attribute.name}"`);
  }
  const owner = attribute.inversedBy !== undefined ? attribute : other;
  const inverse = owner === attribute ? other : attribute;
  if (INVERSE_KIND[owner.relation] !== inverse.relation) {
    fail(model, attribute.name, `a ${owner.relation} relation pairs with a ${INVERSE_KIND[owner.relation] ?? 'one-sided'} relation, not ${inverse.relation} ("${name}" of ${target.uid})`);
  }
  return other;
}

/** Components may nest, but never inside themselves: such a value could not be written or read. */
function checkNesting(components: ReadonlyMap<string, ComponentModel>): void {
  const done = new Set<string>();
  const visit = (component: ComponentModel, path: readonly string[]): void => {
    if (path.includes(component.uid)) throw new DefinitionError(component.source, `components nest in a cycle: ${[...path, component.uid].join(' → ')}`);
    if (done.has(component.uid)) return;
    for (const attribute of component.linkedAttributes) {
      const nested = attribute.kind === 'component' ? components.get(attribute.component) : undefined;
      if (nested) visit(nested, [...path, component.uid]);
    }
    done.add(component.uid);
  };
  for (const component of components.values()) visit(component, []);
}

/**
 * Normalized models by the definition object they came from. Normalizing depends on the
 * definition alone (and the custom fields known, one set per app), so a definition used again
 * (the built-in types, in every registry the content-type builder makes) gives the very same
 * frozen model: code that kept a built-in ContentType or attribute from an earlier registry
 * (the users-permissions and upload plugins) can still use it with the current one. A memo of
 * a pure function, keyed weakly.
 */
const normalizedTypes = new WeakMap<CustomFieldTypes, WeakMap<SourcedDefinition, ContentType>>();
const normalizedComponents = new WeakMap<CustomFieldTypes, WeakMap<SourcedComponentDefinition, ComponentModel>>();

function memoized<D extends object, M>(caches: WeakMap<CustomFieldTypes, WeakMap<D, M>>, customFields: CustomFieldTypes, normalize: (definition: D, customFields: CustomFieldTypes) => M): (definition: D) => M {
  let cache = caches.get(customFields);
  if (!cache) caches.set(customFields, (cache = new WeakMap()));
  const models = cache;
  return (definition) => {
    let model = models.get(definition);
    if (!model) models.set(definition, (model = normalize(definition, customFields)));
    return model;
  };
}

export interface RegistryOptions {
  /** The custom fields known to this app (uid → stored type). */
  readonly customFields?: CustomFieldTypes;
}

/** Normalizes every definition and checks what spans several of them (names, tables, routes, targets). */
export function buildRegistry(definitions: readonly SourcedDefinition[], componentDefinitions: readonly SourcedComponentDefinition[] = [], options: RegistryOptions = {}): SchemaRegistry {
  const customFields = options.customFields ?? NO_CUSTOM_FIELDS;
  const contentTypes = definitions.map(memoized(normalizedTypes, customFields, normalizeContentType));
  const components = componentDefinitions.map(memoized(normalizedComponents, customFields, normalizeComponent));
  const byUid = new Map<string, ContentType>();
  const componentsByUid = new Map<string, ComponentModel>();
  const routeNames = new Map<string, Model>();
  const tables = new Map<string, Model>();
  const claim = <T extends Model>(names: Map<string, T | Model>, key: string, model: T, what: string): void => {
    const other = names.get(key);
    if (other) throw new DefinitionError(model.source, `${what} "${key}" is already used by ${other.uid} (${other.source})`);
    names.set(key, model);
  };
  for (const type of contentTypes) {
    claim(byUid, type.uid, type, 'uid');
    claim(tables, type.collectionName.toLowerCase(), type, 'collectionName');
    // Singular and plural names share one namespace: both become /api/<name> routes and GraphQL fields.
    claim(routeNames, type.singularName, type, 'singularName');
    claim(routeNames, type.pluralName, type, 'pluralName');
  }
  for (const component of components) {
    claim(componentsByUid, component.uid, component, 'uid');
    claim(tables, component.collectionName.toLowerCase(), component, 'collectionName');
  }

  const links: RelationLink[] = [];
  const sides = new Map<RelationAttribute, RelationSide>();
  const models: readonly Model[] = [...contentTypes, ...components];
  for (const model of models) {
    for (const attribute of model.linkedAttributes) {
      if (attribute.kind === 'component' && !componentsByUid.has(attribute.component)) {
        fail(model, attribute.name, `component "${attribute.component}" does not exist (expected src/components/${attribute.component.replace('.', '/')}.json)`);
      }
      if (attribute.kind === 'dynamiczone') {
        const missing = attribute.components.find((uid) => !componentsByUid.has(uid));
        if (missing !== undefined) fail(model, attribute.name, `component "${missing}" does not exist (expected src/components/${missing.replace('.', '/')}.json)`);
      }
      if (attribute.kind !== 'relation') continue;
      const target = byUid.get(attribute.target);
      if (!target) fail(model, attribute.name, `target "${attribute.target}" is not a content-type of this project`);
      const other = otherSide(model, attribute, target);
      if (attribute.mappedBy !== undefined) continue; // the owning side creates the link
      const link = createRelationLink(model, attribute, target, other);
      links.push(link);
      sides.set(attribute, Object.freeze({ link, side: 'owner', other: target }));
      if (other) sides.set(other, Object.freeze({ link, side: 'inverse', other: model }));
    }
  }
  checkNesting(componentsByUid);

  return Object.freeze({
    contentTypes: Object.freeze(contentTypes),
    components: Object.freeze(components),
    links: Object.freeze(links),
    get: (uid: string) => byUid.get(uid),
    component: (uid: string) => componentsByUid.get(uid),
    model: (uid: string) => byUid.get(uid) ?? componentsByUid.get(uid),
    relation(attribute: RelationAttribute): RelationSide {
      const side = sides.get(attribute);
      if (!side) throw new Error(`The relation "${attribute.name}" is not part of this registry`);
      return side;
    },
  });
}

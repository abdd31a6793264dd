import {
  GraphQLID,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
  GraphQLUnionType,
  type GraphQLFieldConfig,
  type GraphQLFieldConfigMap,
  type GraphQLOutputType,
} from 'graphql';
import { isPublicAttribute, type Attribute, type DynamicZoneAttribute } from '../../../core/schema/attribute.js';
import type { ContentType, Model } from '../../../core/schema/content-type.js';
import { DateTimeScalar, scalarOf } from '../scalars.js';
import {
  entityCollectionNameOf,
  entityNameOf,
  entityResponseNameOf,
  relationCollectionNameOf,
  typeNameOf,
  zoneNameOf,
} from '../type-names.js';
import type { SchemaTypes } from './schema-types.js';
import { listArgs, PaginationArgType, resolveList, resolveZone, type GraphqlList, type ListLimits } from '../resolve/list-window.js';

/**
 * Output types. Resolvers here only read what the root resolver already loaded: the root
 * plans the whole selection into one DocumentQuery (resolve/plan-selection.ts), so nested
 * fields never query (no N+1). Runtime values: a document is the document object itself; an
 * entity (`{ id, attributes }`) is the document too; lists are `GraphqlList`s.
 */

export interface OutputTypes {
  objectOf(model: Model): GraphQLObjectType;
  /** Entity shape: `<Type>EntityResponse`; flat shape: the type itself. */
  oneOf(model: ContentType): GraphQLObjectType;
  /** `<Type>EntityResponseCollection` (entity: `data`, `meta`; flat: `nodes`, `pageInfo`). */
  collectionOf(model: ContentType): GraphQLObjectType;
  /** `<Type>RelationResponseCollection` (entity: `data`; flat: `nodes`). */
  relationCollectionOf(model: ContentType): GraphQLObjectType;
  /** Whether the name is an object type of a model (the planner walks through every other type). */
  modelOfType(name: string): Model | undefined;
  readonly deleteResponse: GraphQLObjectType;
}

export const PaginationType = new GraphQLObjectType({
  name: 'Pagination',
  fields: {
    total: { type: new GraphQLNonNull(GraphQLInt) },
    page: { type: new GraphQLNonNull(GraphQLInt) },
    pageSize: { type: new GraphQLNonNull(GraphQLInt) },
    pageCount: { type: new GraphQLNonNull(GraphQLInt) },
  },
});

const ResponseCollectionMetaType = new GraphQLObjectType({
  name: 'ResponseCollectionMeta',
  fields: { pagination: { type: new GraphQLNonNull(PaginationType) } },
});

/** The member of every dynamic-zone union that stands for an item the schema cannot show. */
const ErrorType = new GraphQLObjectType({
  name: 'Error',
  fields: { code: { type: new GraphQLNonNull(GraphQLString) }, message: { type: GraphQLString } },
});

const nonNullList = (type: GraphQLOutputType) => new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(type)));

export function createOutputTypes(types: SchemaTypes, amount: ListLimits): OutputTypes {
  const objects = new Map<string, GraphQLObjectType>();
  const byName = new Map<string, Model>();
  const named = new Map<string, GraphQLObjectType | GraphQLUnionType>();

  function memo<T extends GraphQLObjectType | GraphQLUnionType>(name: string, make: () => T): T {
    const existing = named.get(name);
    if (existing) return existing as T;
    const made = make();
    named.set(name, made);
    return made;
  }

  const deleteResponse = new GraphQLObjectType({ name: 'DeleteMutationResponse', fields: { documentId: { type: new GraphQLNonNull(GraphQLID) } } });

  function entityOf(model: ContentType): GraphQLObjectType {
    return memo(entityNameOf(model), () => new GraphQLObjectType<Record<string, unknown>>({
      name: entityNameOf(model),
      fields: () => ({
        id: { type: GraphQLID, resolve: (document) => document.documentId },
        attributes: { type: objectOf(model), resolve: (document) => document },
      }),
    }));
  }

  function oneOf(model: ContentType): GraphQLObjectType {
    if (types.shape === 'flat') return objectOf(model);
    return memo(entityResponseNameOf(model), () => new GraphQLObjectType({
      name: entityResponseNameOf(model),
      fields: () => ({ data: { type: entityOf(model), resolve: (value: { data: unknown }) => value.data } }),
    }));
  }

  function collectionOf(model: ContentType): GraphQLObjectType {
    return memo(entityCollectionNameOf(model), () => new GraphQLObjectType<GraphqlList>({
      name: entityCollectionNameOf(model),
      fields: (): GraphQLFieldConfigMap<GraphqlList, unknown> =>
        types.shape === 'flat'
          ? {
              nodes: { type: nonNullList(objectOf(model)), resolve: (list: GraphqlList) => list.documents },
              pageInfo: { type: new GraphQLNonNull(PaginationType), resolve: (list: GraphqlList) => list.pagination() },
            }
          : {
              data: { type: nonNullList(entityOf(model)), resolve: (list: GraphqlList) => list.documents },
              meta: { type: new GraphQLNonNull(ResponseCollectionMetaType), resolve: (list: GraphqlList) => ({ pagination: list.pagination() }) },
            },
    }));
  }

  function relationCollectionOf(model: ContentType): GraphQLObjectType {
    return memo(relationCollectionNameOf(model), () => new GraphQLObjectType<GraphqlList>({
      name: relationCollectionNameOf(model),
      fields: (): GraphQLFieldConfigMap<GraphqlList, unknown> =>
        types.shape === 'flat'
          ? { nodes: { type: nonNullList(objectOf(model)), resolve: (list: GraphqlList) => list.documents } }
          : { data: { type: nonNullList(entityOf(model)), resolve: (list: GraphqlList) => list.documents } },
    }));
  }

  function zoneOf(model: Model, attribute: DynamicZoneAttribute): GraphQLUnionType {
    const name = zoneNameOf(model, attribute.name);
    return memo(name, () => {
      const members = attribute.components.flatMap((uid) => {
        const component = types.registry.component(uid);
        return component ? [component] : [];
      });
      return new GraphQLUnionType({
        name,
        types: () => [...members.map((component) => objectOf(component)), ErrorType],
        resolveType: (item: Record<string, unknown>) => {
          const component = members.find((member) => member.uid === item.__component);
          return component ? typeNameOf(component) : ErrorType.name;
        },
      });
    });
  }

  function relationField(name: string, many: boolean, target: ContentType): Record<string, GraphQLFieldConfig<Record<string, unknown>, unknown>> {
    if (!many) {
      if (types.shape === 'flat') return { [name]: { type: objectOf(target), resolve: (parent) => parent[name] ?? null } };
      return { [name]: { type: oneOf(target), resolve: (parent) => ({ data: parent[name] ?? null }) } };
    }
    const args = listArgs(types.filtersOf(target));
    const list = (parent: Record<string, unknown>, given: Readonly<Record<string, unknown>>) => resolveList(parent[name], given, amount);
    if (types.shape === 'flat') {
      return {
        [name]: { type: new GraphQLNonNull(new GraphQLList(objectOf(target))), args, resolve: (parent, given) => list(parent, given).documents },
        [`${name}_connection`]: { type: relationCollectionOf(target), args, resolve: (parent, given) => list(parent, given) },
      };
    }
    return { [name]: { type: relationCollectionOf(target), args, resolve: (parent, given) => list(parent, given) } };
  }

  function attributeFields(model: Model, attribute: Attribute): GraphQLFieldConfigMap<Record<string, unknown>, unknown> {
    if (!isPublicAttribute(attribute) || !types.shadow.hasOutput(model.uid, attribute.name)) return {};
    switch (attribute.kind) {
      case 'scalar':
        return { [attribute.name]: { type: attribute.type === 'enumeration' ? types.enumOf(model, attribute) : scalarOf(attribute) } };
      case 'relation': {
        const target = types.registry.get(attribute.target);
        return target && types.isExposed(target) ? relationField(attribute.name, attribute.many, target) : {};
      }
      case 'component': {
        const component = types.registry.component(attribute.component);
        if (!component) return {};
        const name = attribute.name;
        if (!attribute.repeatable) return { [name]: { type: objectOf(component) } };
        return {
          [name]: {
            type: new GraphQLList(objectOf(component)),
            args: { pagination: { type: PaginationArgType, defaultValue: {} } },
            resolve: (parent, given) => resolveList(parent[name], given, amount).documents,
          },
        };
      }
      case 'dynamiczone': {
        const name = attribute.name;
        return { [name]: { type: new GraphQLList(zoneOf(model, attribute)), resolve: (parent) => resolveZone(parent[name]) } };
      }
    }
  }

  function fieldsOf(model: Model): GraphQLFieldConfigMap<Record<string, unknown>, unknown> {
    const fields: GraphQLFieldConfigMap<Record<string, unknown>, unknown> = {};
    if (model.modelType === 'component') fields.id = { type: new GraphQLNonNull(GraphQLID) };
    else fields.documentId = { type: new GraphQLNonNull(GraphQLID) };
    for (const attribute of model.scalarAttributes) Object.assign(fields, attributeFields(model, attribute));
    for (const attribute of model.linkedAttributes) Object.assign(fields, attributeFields(model, attribute));
    if (model.modelType === 'contentType') {
      for (const name of ['createdAt', 'updatedAt', 'publishedAt']) fields[name] = { type: DateTimeScalar };
      if (model.localized) {
        fields.locale = { type: GraphQLString };
        Object.assign(fields, relationField('localizations', true, model));
      }
    }
    return fields;
  }

  function objectOf(model: Model): GraphQLObjectType {
    const existing = objects.get(model.uid);
    if (existing) return existing;
    const name = typeNameOf(model);
    const object = new GraphQLObjectType({ name, fields: () => fieldsOf(model) });
    objects.set(model.uid, object);
    byName.set(name, model);
    return object;
  }

  return { objectOf, oneOf, collectionOf, relationCollectionOf, modelOfType: (name) => byName.get(name), deleteResponse };
}

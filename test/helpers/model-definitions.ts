import type { ShadowCrudView } from '../../src/transports/graphql/extension/extension-types.js';
import type { SourcedComponentDefinition, SourcedDefinition } from '../../src/core/schema/definition.js';

/** An `api::<name>.<name>` content-type as the loader would source it, with `info` filled in. */
export function typeDefinition(name: string, definition: SourcedDefinition['definition']): SourcedDefinition {
  return { uid: `api::${name}.${name}`, apiName: name, modelName: name, file: `${name}/schema.json`, definition: { info: { singularName: name, pluralName: `${name}s` }, ...definition } };
}

/** A component `<category>.<name>` as the loader would source it. */
export function componentDefinition(uid: string, attributes: NonNullable<SourcedComponentDefinition['definition']['attributes']>): SourcedComponentDefinition {
  const [category = '', name = ''] = uid.split('.');
  return { uid, category, name, file: `${uid}.json`, definition: { attributes } };
}

/** A GraphQL shadow CRUD view with every type, action and field enabled, but for `overrides`. */
export function shadowView(overrides: Partial<ShadowCrudView> = {}): ShadowCrudView {
  return {
    isTypeEnabled: () => true,
    isActionEnabled: () => true,
    hasOutput: () => true,
    hasInput: () => true,
    hasFilters: () => true,
    ...overrides,
  };
}

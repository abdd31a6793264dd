import type { AttributeDefinition } from '../../core/schema/definition.js';
import { isReservedInBuilder } from '../../core/schema/reserved-names.js';
import { invalidAt } from './builder-errors.js';

/** What the rule looks at in a model's definition: its attribute names and whether it has Draft & Publish (never a component). */
export interface NamedModel {
  readonly attributes?: Readonly<Record<string, AttributeDefinition>>;
  readonly draftAndPublish: boolean;
}

/** Where a refused name is reported: the model the request is about (a path into its body), or another it changes. */
export type NamesAt = { readonly path: readonly string[] } | { readonly uid: string };

function refuse(at: NamesAt, key: readonly string[], message: string, value: unknown): never {
  if ('path' in at) throw invalidAt([...at.path, ...key], message, value);
  throw invalidAt([], `${at.uid}: ${message}`, value);
}

/** `status`: a name the builder refuses on Draft & Publish types only. */
function reservedWithDraftAndPublish(name: string): boolean {
  return isReservedInBuilder(name, { draftAndPublish: true }) && !isReservedInBuilder(name, { draftAndPublish: false });
}

/**
 * The builder's own rule on names, stricter than loading files (as in Strapi): an attribute the
 * request creates may not take a name of Strapi's builder list (`status` only on Draft & Publish
 * types), and Draft & Publish cannot be turned on while a `status` attribute exists. Attributes
 * the model has already (from its files) keep their names and can be changed.
 * `previous`: the model before the request, undefined when the request creates it.
 */
export function checkCreatedNames(next: NamedModel, previous: NamedModel | undefined, at: NamesAt): void {
  const before = previous?.attributes ?? {};
  const names = Object.keys(next.attributes ?? {});
  for (const name of names) {
    if (Object.hasOwn(before, name) || !isReservedInBuilder(name, { draftAndPublish: next.draftAndPublish })) continue;
    const reason = reservedWithDraftAndPublish(name)
      ? 'reserved on Draft & Publish types, where the status parameter chooses between draft and published versions'
      : 'one the content-type builder does not give a new attribute (the names Strapi reserves, see docs/content-type-builder.md)';
    refuse(at, ['attributes', name], `attribute "${name}": the name is ${reason}`, name);
  }
  const status = names.find(reservedWithDraftAndPublish);
  if (previous !== undefined && next.draftAndPublish && !previous.draftAndPublish && status !== undefined) {
    refuse(at, ['draftAndPublish'], `draftAndPublish cannot be turned on while the content-type has an attribute "${status}" (the name is reserved on Draft & Publish types); rename the attribute first`, true);
  }
}

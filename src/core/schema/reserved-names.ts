import type { ContentType } from './content-type.js';

/**
 * Attribute names that are refused, by the two rules Strapi 5 has: loading a project's files
 * refuses only the names of the two identifiers every document has; the content-type builder
 * also refuses a longer list for the attributes it creates. Both compare the snake_case form
 * of a name, so `documentId`, `document_id` and `DocumentID` are one name.
 */

/**
 * The words of a name in snake_case, as Strapi compares names: split at underscores, at a
 * lower-to-upper case change, before the last capital of a run followed by lower case
 * (`HTMLParser` → html_parser) and around digits.
 */
export function snakeCaseName(name: string): string {
  const words = name.match(/[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+/g) ?? [];
  return words.map((word) => word.toLowerCase()).join('_');
}

/** Refused when a project's files are loaded: the row id and the documentId. */
const LOAD_RESERVED: ReadonlySet<string> = new Set(['id', 'document_id']);

export function isReservedAtLoad(name: string): boolean {
  return LOAD_RESERVED.has(snakeCaseName(name));
}

/**
 * Refused by the content-type builder for an attribute it creates (Strapi's builder list,
 * snake_case; a trailing `*` is a prefix). `__component` and `__contentType` never match a
 * name an attribute can have here (names start with a letter); they are listed as Strapi lists them.
 */
export const BUILDER_RESERVED_NAMES: readonly string[] = Object.freeze([
  'id',
  'document_id',
  'created_at',
  'updated_at',
  'published_at',
  'created_by_id',
  'updated_by_id',
  'created_by',
  'updated_by',
  'entry_id',
  'localizations',
  'meta',
  'locale',
  '__component',
  '__contentType',
  'strapi*',
  '_strapi*',
  '__strapi*',
]);

/** Refused by the builder on Draft & Publish types only: `status` is the parameter that chooses the version. */
export const BUILDER_RESERVED_NAMES_DRAFT_AND_PUBLISH: readonly string[] = Object.freeze(['status']);

function matches(snake: string, reserved: string): boolean {
  return reserved.endsWith('*') ? snake.startsWith(reserved.slice(0, -1)) : snake === reserved;
}

export function isReservedInBuilder(name: string, options: { readonly draftAndPublish: boolean }): boolean {
  const snake = snakeCaseName(name);
  const reserved = options.draftAndPublish ? [...BUILDER_RESERVED_NAMES, ...BUILDER_RESERVED_NAMES_DRAFT_AND_PUBLISH] : BUILDER_RESERVED_NAMES;
  return reserved.some((entry) => matches(snake, entry));
}

/**
 * What the start reports about names the builder would refuse but the files may have (Strapi
 * warns about the same): a `status` attribute on a Draft & Publish type works, but the `status`
 * parameter of a request chooses the version, never filters the attribute.
 */
export function reservedNameWarnings(types: readonly ContentType[]): string[] {
  return types.flatMap((type) =>
    type.draftAndPublish
      ? [...type.scalarAttributes, ...type.linkedAttributes]
          .filter((attribute) => isReservedInBuilder(attribute.name, { draftAndPublish: true }) && !isReservedInBuilder(attribute.name, { draftAndPublish: false }))
          .map((attribute) => `${type.source}: attribute "${attribute.name}" of a Draft & Publish type: the "status" parameter of requests chooses between draft and published versions; filter on the attribute with filters[${attribute.name}]`)
      : [],
  );
}

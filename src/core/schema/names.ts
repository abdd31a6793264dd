import { createHash } from 'node:crypto';

/** Naming rules shared by definitions, tables and routes. */

const ATTRIBUTE_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;
const API_NAME = /^[a-z][a-z0-9-]*$/;

export function isValidAttributeName(name: string): boolean {
  return ATTRIBUTE_NAME.test(name) && name.length <= 60;
}

export function isValidApiName(name: string): boolean {
  return API_NAME.test(name) && name.length <= 60;
}

/** `publishedAt` → `published_at`, `myHTMLField` → `my_html_field`. */
export function toSnakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/-/g, '_')
    .toLowerCase();
}

/** The shortest identifier limit of the supported databases (PostgreSQL keeps 63 bytes). */
export const MAX_IDENTIFIER_LENGTH = 63;

/**
 * A table, column or index name that fits every database: longer names keep their start and
 * end with a hash of the whole name, so the result is deterministic and distinct names stay
 * distinct. (Names are ASCII here: attribute and table names allow only letters, digits, `_`.)
 */
export function shortenIdentifier(name: string): string {
  if (name.length <= MAX_IDENTIFIER_LENGTH) return name;
  const hash = createHash('sha256').update(name).digest('hex').slice(0, 8);
  return `${name.slice(0, MAX_IDENTIFIER_LENGTH - hash.length - 1)}_${hash}`;
}

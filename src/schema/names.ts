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

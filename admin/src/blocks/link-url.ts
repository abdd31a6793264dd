/**
 * Strapi's rule for a link's `url` (entity-validator/blocks-validator.ts): it parses as a URL
 * (a path starting with `/` against a base) whose protocol is `http:`, `https:`, `ftp:`,
 * `mailto:` or `tel:`. Anything else Strapi refuses with "Please specify a valid link.", so the
 * editor refuses it before saving.
 */
const PROTOCOLS = new Set(['http:', 'https:', 'ftp:', 'mailto:', 'tel:']);

export function isValidLinkUrl(url: string): boolean {
  try {
    return PROTOCOLS.has(new URL(url, url.startsWith('/') ? 'https://strapi.io' : undefined).protocol);
  } catch {
    return false;
  }
}

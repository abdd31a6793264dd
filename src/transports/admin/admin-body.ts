import type { BodyDialect } from '../../core/shared/body-checker.js';

/**
 * How the admin API (and the CLI's equivalent input) reads bodies: the first problem is the
 * 400, an unknown key is `Invalid key <key>`, strings are trimmed and fit a 255-character
 * column, and text that cannot be stored is never shown (it may be a password).
 */
export const ADMIN_BODY: BodyDialect = {
  strings: { trim: true, max: 255 },
  lists: { max: 255, wording: 'must be a list of action names' },
};

import { BodyChecker, type BodyDialect } from '../../core/shared/body-checker.js';

/**
 * How Strapi 5's own admin routes (session, users, roles) read bodies: an unknown key is
 * `this field has unspecified keys: <keys>`, the first problem is the 400, strings fit a
 * 255-character column. Tessera's older routes (/admin/admin-users, login) keep ADMIN_BODY.
 */
export const STRAPI_ADMIN_BODY: BodyDialect = {
  unknownKeys: BodyChecker.unspecifiedKeys,
  strings: { trim: true, max: 255 },
};

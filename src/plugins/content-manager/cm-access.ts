import type { FastifyRequest } from 'fastify';
import type { AdminAbility, ContentGrant } from '../../transports/admin/admin-ability.js';
import { CONTENT_MANAGER_ACTIONS, IS_CREATOR_CONDITION } from '../../transports/admin/admin-ability.js';
import type { Database } from '../../core/db/database.js';
import type { ContentType } from '../../core/schema/content-type.js';
import { versionsOf } from './cm-versions.js';
import { ForbiddenError } from '../../core/shared/errors.js';
import { PolicyError } from '../../transports/admin/admin-errors.js';

export { PolicyError } from '../../transports/admin/admin-errors.js';

/** The ability of the request's admin user (401 without a valid admin token): what every route here asks. */
export type AbilityOf = (request: FastifyRequest) => Promise<AdminAbility>;

/** The grant of a content-manager action on a type, or Strapi's controller 403 (`ForbiddenError`). */
export function requireGrant(ability: AdminAbility, action: keyof typeof CONTENT_MANAGER_ACTIONS, uid: string): ContentGrant {
  const grant = ability.grant(CONTENT_MANAGER_ACTIONS[action], uid);
  if (!grant) throw new ForbiddenError();
  return grant;
}

/** Whether a grant reaches an attribute (a null field list reaches all). */
export function grantsField(grant: ContentGrant | null, field: string): boolean {
  return grant !== null && (grant.fields === null || grant.fields.has(field) || [...grant.fields].some((name) => name.startsWith(`${field}.`)));
}

/** Whether a grant reaches a locale (a null locale list reaches all; no locale: a type without i18n). */
export function grantsLocale(grant: ContentGrant, locale: string | null): boolean {
  return locale === null || grant.locales === null || grant.locales.has(locale);
}

/** The route policy of the content-manager's document routes: the action on the type, or 403 `PolicyError`. */
export function requirePolicy(ability: AdminAbility, action: keyof typeof CONTENT_MANAGER_ACTIONS, uid: string): ContentGrant {
  const grant = ability.grant(CONTENT_MANAGER_ACTIONS[action], uid);
  if (!grant) throw new PolicyError();
  return grant;
}

/**
 * The documents of `documentIds` a grant reaches: all without a condition; with Strapi's
 * `admin::is-creator`, those whose version in the locale (any, on a type without i18n) the user
 * created. One read whatever their number.
 */
export async function documentsReached(database: Database, grant: ContentGrant, userId: number, contentType: ContentType, documentIds: readonly string[], locale: string | null): Promise<Set<string>> {
  if (grant.conditions.length === 0) return new Set(documentIds);
  if (!grant.conditions.includes(IS_CREATOR_CONDITION) || documentIds.length === 0) return new Set();
  const versions = await versionsOf(database, contentType, documentIds);
  return new Set(versions.filter((version) => version.createdBy === userId && (locale === null || version.locale === null || version.locale === locale)).map((version) => version.documentId));
}

/** The controller's 403 (`ForbiddenError`) unless the grant reaches the document. */
export async function requireDocument(database: Database, grant: ContentGrant, userId: number, contentType: ContentType, documentId: string, locale: string | null): Promise<void> {
  if (grant.conditions.length === 0) return;
  if (!(await documentsReached(database, grant, userId, contentType, [documentId], locale)).has(documentId)) throw new ForbiddenError();
}

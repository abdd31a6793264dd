import type { ApiTokenType } from '../../core/auth/principal.js';
import { BodyChecker, type Json } from '../../core/shared/body-checker.js';
import { ValidationError } from '../../core/shared/errors.js';
import { ADMIN_BODY } from '../../transports/admin/admin-body.js';

export const API_TOKEN_TYPES: readonly ApiTokenType[] = ['read-only', 'full-access', 'custom'];

/** The only lifespans a token may have, in ms (7, 30 and 90 days); null is unlimited. */
export const API_TOKEN_LIFESPANS: readonly number[] = [7, 30, 90].map((days) => days * 86_400_000);

export interface ApiTokenCreateInput {
  readonly name: string;
  readonly description: string | null;
  readonly type: ApiTokenType;
  readonly permissions: readonly string[];
  readonly lifespan: number | null;
}

export interface ApiTokenUpdateInput {
  readonly name?: string;
  readonly description?: string | null;
  readonly type?: ApiTokenType;
  readonly permissions?: readonly string[];
}

function typeField(body: Json, required: boolean): ApiTokenType | undefined {
  const value = body.type;
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'string' || !(API_TOKEN_TYPES as readonly string[]).includes(value)) {
    throw ValidationError.atField('type', `type must be one of: ${API_TOKEN_TYPES.join(', ')}`, value);
  }
  return value as ApiTokenType;
}

function lifespanField(body: Json): number | null {
  const value = body.lifespan;
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !API_TOKEN_LIFESPANS.includes(value)) {
    throw ValidationError.atField('lifespan', `lifespan must be one of: null, ${API_TOKEN_LIFESPANS.join(', ')}`, value);
  }
  return value;
}

/**
 * A custom token's actions must all be known; the other types take none (their reach comes
 * from the type).
 */
export function checkTokenPermissions(type: ApiTokenType, permissions: readonly string[] | undefined, isKnownAction: (action: string) => boolean): readonly string[] {
  if (type !== 'custom') {
    if (permissions !== undefined && permissions.length > 0) throw ValidationError.atField('permissions', 'Non-custom tokens should not reference permissions', permissions);
    return [];
  }
  if (permissions === undefined) throw ValidationError.atField('permissions', 'Missing permissions attribute for custom token', undefined);
  const unknown = permissions.filter((action) => !isKnownAction(action));
  if (unknown.length > 0) throw new ValidationError(`Unknown permissions provided: ${unknown.join(', ')}`, { unknownPermissions: unknown });
  return permissions;
}

export function parseApiTokenCreate(raw: unknown, isKnownAction: (action: string) => boolean): ApiTokenCreateInput {
  const check = BodyChecker.of(raw, ADMIN_BODY);
  check.onlyKeys(['name', 'description', 'type', 'permissions', 'lifespan']);
  const name = check.string('name', { required: true });
  const description = check.string('description', { nullable: true }) ?? null;
  const type = typeField(check.body, true) as ApiTokenType;
  const permissions = checkTokenPermissions(type, check.stringList('permissions'), isKnownAction);
  return { name, description, type, permissions, lifespan: lifespanField(check.body) };
}

/** What an update changes; type and permissions are checked against the stored type by the service. */
export function parseApiTokenUpdate(raw: unknown): ApiTokenUpdateInput {
  const check = BodyChecker.of(raw, ADMIN_BODY);
  check.onlyKeys(['name', 'description', 'type', 'permissions']);
  const name = check.string('name', { min: 1 });
  const description = check.string('description', { nullable: true });
  const type = typeField(check.body, false);
  const permissions = check.stringList('permissions');
  return {
    ...(typeof name === 'string' ? { name } : {}),
    ...(description !== undefined ? { description } : {}),
    ...(type !== undefined ? { type } : {}),
    ...(permissions !== undefined ? { permissions } : {}),
  };
}

import type { FastifyInstance } from 'fastify';
import type { Database } from '../../core/db/database.js';
import { isTaken } from '../../core/documents/check-unique.js';
import { firstFreeUid, uidSlug } from '../../core/documents/uid-values.js';
import type { UniqueContext } from '../../core/documents/unique-context.js';
import type { LocaleCatalog } from '../../core/query/locale-catalog.js';
import type { ScalarAttribute } from '../../core/schema/attribute.js';
import type { ContentType } from '../../core/schema/content-type.js';
import type { SchemaRegistry } from '../../core/schema/registry.js';
import { ValidationError } from '../../core/shared/errors.js';
import type { AbilityOf } from './cm-access.js';

export interface UidRoutesOptions {
  readonly database: Database;
  readonly registry: SchemaRegistry;
  readonly locales: LocaleCatalog;
  readonly ability: AbilityOf;
}

/** Strapi's default rule for a uid value without its own `regex`. */
const DEFAULT_UID_PATTERN = /^[A-Za-z0-9-_.~]*$/;

const fieldError = (path: string, message: string): ValidationError => ValidationError.fromFieldErrors([{ path: [path], message, name: 'ValidationError' }]);

function record(raw: unknown): Readonly<Record<string, unknown>> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new ValidationError('Invalid input: expected object, received ' + (Array.isArray(raw) ? 'array' : raw === null ? 'null' : typeof raw));
  return raw as Record<string, unknown>;
}

function stringAt(body: Readonly<Record<string, unknown>>, key: string): string {
  const value = body[key];
  if (typeof value !== 'string') throw fieldError(key, `Invalid input: expected string, received ${value === undefined ? 'undefined' : value === null ? 'null' : typeof value}`);
  return value;
}

/** The type and uid attribute a body names, with Strapi's messages. */
function uidAttributeOf(registry: SchemaRegistry, body: Readonly<Record<string, unknown>>): { contentType: ContentType; attribute: ScalarAttribute } {
  const uid = stringAt(body, 'contentTypeUID');
  const field = stringAt(body, 'field');
  const contentType = registry.get(uid);
  if (!contentType) throw new ValidationError(`${uid} must be a valid content-type`);
  const attribute = contentType.attributes.get(field);
  if (!attribute || attribute.kind !== 'scalar' || attribute.type !== 'uid') throw new ValidationError(`${field} must be a valid \`uid\` attribute`);
  return { contentType, attribute };
}

/**
 * POST /content-manager/uid/generate and /uid/check-availability: the slug of the content
 * API's generated uids (uid-values.ts: `@sindresorhus/slugify` with the attribute's options),
 * made free with `-1`, `-2`… within the locale, as Strapi's content-manager does.
 */
export async function uidRoutes(fastify: FastifyInstance, { database, registry, locales, ability }: UidRoutesOptions): Promise<void> {
  const uniqueContext = (contentType: ContentType, raw: unknown): UniqueContext => {
    let locale: string | null = null;
    if (contentType.localized) {
      locale = typeof raw === 'string' && raw !== '' ? raw : locales.defaultLocale();
      if (!locales.has(locale)) throw new ValidationError("This locale doesn't exist");
    }
    return { executor: database.db, dialect: database.dialect, documentId: null, locale };
  };

  fastify.post('/uid/generate', async (request) => {
    await ability(request);
    const body = record(request.body);
    const { contentType, attribute } = uidAttributeOf(registry, body);
    const data = body.data === undefined ? {} : record(body.data);
    const context = uniqueContext(contentType, (request.query as Record<string, unknown>).locale);
    const source = attribute.targetField !== undefined ? data[attribute.targetField] : undefined;
    // Strapi: without a source value the type's name is the base (`article`, `article-1`…).
    const base = uidSlug(typeof source === 'string' && source !== '' ? source : contentType.singularName, attribute);
    return { data: await firstFreeUid(context, contentType.collectionName, attribute, base) };
  });

  fastify.post('/uid/check-availability', async (request) => {
    await ability(request);
    const body = record(request.body);
    const { contentType, attribute } = uidAttributeOf(registry, body);
    const value = stringAt(body, 'value');
    const matches = attribute.regex ? attribute.regex.test(value) : DEFAULT_UID_PATTERN.test(value);
    if (!matches) throw fieldError('value', `Must match the custom regex or the default one "${attribute.regex ? attribute.regex.toString() : String(DEFAULT_UID_PATTERN)}"`);
    const context = uniqueContext(contentType, (request.query as Record<string, unknown>).locale);
    const taken = value !== '' && (await isTaken(context, contentType.collectionName, attribute, value));
    if (!taken) return { isAvailable: true, suggestion: null };
    return { isAvailable: false, suggestion: await firstFreeUid(context, contentType.collectionName, attribute, uidSlug(value, attribute)) };
  });
}

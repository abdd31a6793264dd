import type { Document } from '../../core/documents/document.js';
import type { ContentType } from '../../core/schema/content-type.js';
import type { ContentGrant } from '../../transports/admin/admin-ability.js';
import type { AdminUserRef } from './cm-admin-users.js';
import { reaches } from './cm-query.js';
import { statusOf, type VersionInfo } from './cm-versions.js';

/**
 * A document as the content manager answers it: the version read by the document service, with
 * `locale` (null without i18n), `createdBy`/`updatedBy`, `localizations` (the other locales'
 * versions of the same status, in short) and `status`; fields the grant does not reach removed.
 */

/** Keys every answer keeps whatever the grant's `fields` say. */
const ALWAYS: ReadonlySet<string> = new Set(['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'locale', 'createdBy', 'updatedBy', 'localizations', 'status']);

export interface ShapeContext {
  readonly contentType: ContentType;
  readonly versions: readonly VersionInfo[];
  readonly users: ReadonlyMap<number, AdminUserRef>;
  readonly grant: ContentGrant;
  /** The locales listed first in `localizations` / `availableLocales`: the default one, then the others in code order. */
  readonly defaultLocale: string;
}

/** A value with only the sub-fields the grant reaches (components: `seo.metaTitle`). */
function pickValue(value: unknown, path: string, grant: ContentGrant): unknown {
  if (grant.fields === null || grant.fields.has(path)) return value;
  if (Array.isArray(value)) return value.map((item) => pickValue(item, path, grant));
  if (value === null || typeof value !== 'object') return value;
  const picked: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (key === 'id' || key === '__component' || reaches(grant, `${path}.${key}`)) picked[key] = pickValue(item, `${path}.${key}`, grant);
  }
  return picked;
}

/** The document with only what the grant reaches. */
export function pickGranted(document: Readonly<Record<string, unknown>>, grant: ContentGrant): Record<string, unknown> {
  if (grant.fields === null) return { ...document };
  const picked: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(document)) {
    if (ALWAYS.has(key)) picked[key] = value;
    else if (reaches(grant, key)) picked[key] = pickValue(value, key, grant);
  }
  return picked;
}

function byLocale(defaultLocale: string) {
  return (a: VersionInfo, b: VersionInfo): number => (a.locale === defaultLocale ? -1 : b.locale === defaultLocale ? 1 : String(a.locale).localeCompare(String(b.locale)));
}

/** `status`, on Draft & Publish types only (Strapi leaves it out on the others). */
function statusField(contentType: ContentType, versions: readonly VersionInfo[], documentId: string, locale: string | null): { status?: string } {
  return contentType.draftAndPublish ? { status: statusOf(contentType, versions, documentId, locale) } : {};
}

const userOf = (users: ReadonlyMap<number, AdminUserRef>, id: number | null): AdminUserRef | null => (id === null ? null : (users.get(id) ?? null));

/** A version of the document in short (`meta.availableStatus`, `availableLocales` with `status`). */
function summary(version: VersionInfo, context: ShapeContext, withStatus: boolean): Record<string, unknown> {
  return {
    id: version.id,
    documentId: version.documentId,
    locale: version.locale,
    updatedAt: version.updatedAt,
    createdAt: version.createdAt,
    publishedAt: version.publishedAt,
    createdBy: userOf(context.users, version.createdBy),
    updatedBy: userOf(context.users, version.updatedBy),
    ...(withStatus ? statusField(context.contentType, context.versions, version.documentId, version.locale) : {}),
  };
}

/** The document as answered (data of findOne, an item of a list). */
export function shapeDocument(document: Document, context: ShapeContext): Record<string, unknown> {
  const { contentType, versions, users, grant } = context;
  const locale = contentType.localized ? (typeof document.locale === 'string' ? document.locale : null) : null;
  const own = versions.find((version) => version.id === document.id);
  const status = own?.status ?? (contentType.draftAndPublish && document.publishedAt === null ? 'draft' : 'published');
  const localizations = contentType.localized
    ? versions
        .filter((version) => version.documentId === document.documentId && version.locale !== locale && version.status === status)
        .sort(byLocale(context.defaultLocale))
        .map((version) => ({ id: version.id, documentId: version.documentId, locale: version.locale, publishedAt: version.publishedAt, updatedAt: version.updatedAt, ...statusField(contentType, versions, version.documentId, version.locale) }))
    : [];
  const shaped = pickGranted(document, grant);
  for (const attribute of contentType.linkedAttributes) {
    // A linked document of a type without i18n shows `locale: null`, as every document does in Strapi.
    const value = shaped[attribute.name];
    if (attribute.kind === 'relation' && !attribute.media && value !== null && typeof value === 'object' && !Array.isArray(value) && 'documentId' in value && !('locale' in value)) {
      shaped[attribute.name] = { ...value, locale: null };
    }
  }
  return {
    ...shaped,
    locale,
    createdBy: userOf(users, own?.createdBy ?? null),
    updatedBy: userOf(users, own?.updatedBy ?? null),
    localizations,
    ...statusField(contentType, versions, document.documentId, locale),
  };
}

/** `meta` of a one-document answer: the other locales (one version each, drafts first) and the other status of this locale. */
export function documentMeta(documentId: string, locale: string | null, status: 'draft' | 'published', context: ShapeContext): { availableLocales: unknown[]; availableStatus: unknown[] } {
  const { contentType, versions } = context;
  const ofDocument = versions.filter((version) => version.documentId === documentId);
  const otherLocales = new Map<string, VersionInfo>();
  if (contentType.localized) {
    for (const version of ofDocument) {
      if (version.locale === locale || version.locale === null) continue;
      const seen = otherLocales.get(version.locale);
      // The draft stands for its locale when there is one (what the edit view opens).
      if (!seen || (seen.status === 'published' && version.status === 'draft')) otherLocales.set(version.locale, version);
    }
  }
  const availableStatus = contentType.draftAndPublish ? ofDocument.filter((version) => version.locale === locale && version.status !== status).map((version) => summary(version, context, false)) : [];
  return {
    availableLocales: [...otherLocales.values()].sort(byLocale(context.defaultLocale)).map((version) => summary(version, context, true)),
    availableStatus,
  };
}

import type { AdminClient } from '../api/admin-client';
import type { ConfigurationAnswer, DocumentAnswer, HistoryVersion, Locale, MediaFile, Paged, RelationTarget, SchemaInit } from './edit-types';

/** Which document the edit view shows: a collection type's (documentId null: a new one) or a single type. */
export interface DocumentRef {
  readonly kind: 'collection-types' | 'single-types';
  readonly uid: string;
  readonly documentId: string | null;
  readonly locale: string | null;
}

export type DocumentAction = 'publish' | 'unpublish' | 'discard';

/** The content-manager, upload, i18n and history routes the edit view calls (Strapi 5's paths). */
export interface ContentApi {
  schemas(): Promise<SchemaInit>;
  configuration(uid: string): Promise<ConfigurationAnswer>;
  locales(): Promise<readonly Locale[]>;
  /** null: a single type never created (Strapi answers 404; its screen is an empty form). */
  findOne(ref: DocumentRef): Promise<DocumentAnswer | null>;
  /** Creates (collection type without documentId) or updates; the saved draft. */
  save(ref: DocumentRef, data: Record<string, unknown>): Promise<DocumentAnswer>;
  action(ref: DocumentRef, action: DocumentAction, data?: Record<string, unknown>): Promise<DocumentAnswer>;
  remove(ref: DocumentRef): Promise<void>;
  clone(ref: DocumentRef, data: Record<string, unknown>): Promise<DocumentAnswer>;
  relationCandidates(model: string, field: string, query: { readonly q: string; readonly locale: string | null; readonly id: string | number | null; readonly omit: readonly number[] }): Promise<Paged<RelationTarget>>;
  /** The current links, in stored order (the route lists the newest first). */
  relationLinks(model: string, id: string | number, field: string, locale: string | null): Promise<readonly RelationTarget[]>;
  generateUid(uid: string, field: string, data: Record<string, unknown>, locale: string | null): Promise<string>;
  checkUid(uid: string, field: string, value: string, locale: string | null): Promise<{ readonly isAvailable: boolean; readonly suggestion: string | null }>;
  files(query: { readonly q: string; readonly page: number }): Promise<Paged<MediaFile>>;
  upload(files: readonly File[]): Promise<readonly MediaFile[]>;
  fillFromLocale(ref: DocumentRef, sourceLocale: string): Promise<Record<string, unknown>>;
  history(ref: DocumentRef): Promise<readonly HistoryVersion[]>;
  restore(uid: string, versionId: number): Promise<void>;
}

function query(params: Readonly<Record<string, string | number | null | undefined>>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== null && value !== undefined) search.append(key, String(value));
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

export function createContentApi(client: AdminClient): ContentApi {
  const base = (ref: DocumentRef): string => `/content-manager/${ref.kind}/${ref.uid}`;
  const documentPath = (ref: DocumentRef): string => (ref.kind === 'single-types' || ref.documentId === null ? base(ref) : `${base(ref)}/${ref.documentId}`);
  const locale = (ref: DocumentRef): string => query({ locale: ref.locale });
  return {
    schemas: async () => (await client.request<{ data: SchemaInit }>('GET', '/content-manager/init')).data,
    configuration: async (uid) => (await client.request<{ data: ConfigurationAnswer }>('GET', `/content-manager/content-types/${uid}/configuration`)).data,
    locales: async () => {
      try {
        return await client.request<readonly Locale[]>('GET', '/i18n/locales');
      } catch {
        return []; // no i18n plugin: no locale switch
      }
    },
    async findOne(ref) {
      try {
        return await client.request<DocumentAnswer>('GET', `${documentPath(ref)}${locale(ref)}`);
      } catch (error) {
        if (ref.kind === 'single-types' && (error as { status?: number }).status === 404) return null;
        throw error;
      }
    },
    save: (ref, data) => client.request<DocumentAnswer>(ref.kind === 'collection-types' && ref.documentId === null ? 'POST' : 'PUT', `${documentPath(ref)}${locale(ref)}`, { body: data }),
    action: (ref, action, data) =>
      client.request<DocumentAnswer>('POST', `${ref.documentId === null || ref.kind === 'single-types' ? base(ref) : documentPath(ref)}/actions/${action}${locale(ref)}`, { body: data ?? {} }),
    remove: async (ref) => {
      await client.request<unknown>('DELETE', `${documentPath(ref)}${locale(ref)}`);
    },
    clone: (ref, data) => client.request<DocumentAnswer>('POST', `${base(ref)}/clone/${ref.documentId ?? ''}${locale(ref)}`, { body: data }),
    relationCandidates: (model, field, { q, locale: targetLocale, id, omit }) => {
      const omitted = omit.map((value, index) => `&idsToOmit[${index}]=${value}`).join('');
      return client.request<Paged<RelationTarget>>('GET', `/content-manager/relations/${model}/${field}${query({ _q: q, pageSize: 10, locale: targetLocale, id })}${omitted}`);
    },
    async relationLinks(model, id, field, targetLocale) {
      const all: RelationTarget[] = [];
      for (let page = 1; ; page += 1) {
        const answer = await client.request<Paged<RelationTarget>>('GET', `/content-manager/relations/${model}/${id}/${field}${query({ page, pageSize: 100, locale: targetLocale })}`);
        all.push(...answer.results);
        if (page >= answer.pagination.pageCount) break;
      }
      return all.reverse();
    },
    generateUid: async (uid, field, data, targetLocale) =>
      (await client.request<{ data: string }>('POST', `/content-manager/uid/generate${query({ locale: targetLocale })}`, { body: { contentTypeUID: uid, field, data } })).data,
    checkUid: (uid, field, value, targetLocale) =>
      client.request<{ isAvailable: boolean; suggestion: string | null }>('POST', `/content-manager/uid/check-availability${query({ locale: targetLocale })}`, { body: { contentTypeUID: uid, field, value } }),
    files: ({ q, page }) => client.request<Paged<MediaFile>>('GET', `/upload/files${query({ page, pageSize: 24, sort: 'createdAt:DESC', _q: q === '' ? null : q })}`),
    upload: (files) => {
      const form = new FormData();
      for (const file of files) {
        form.append('files', file);
        form.append('fileInfo', JSON.stringify({ name: file.name, folder: null }));
      }
      return client.request<readonly MediaFile[]>('POST', '/upload', { body: form });
    },
    fillFromLocale: async (ref, sourceLocale) =>
      (
        await client.request<{ data: Record<string, unknown> }>(
          'GET',
          `/i18n/content-manager/get-fill-from-locale/${ref.uid}${query({ documentId: ref.documentId, sourceLocale, targetLocale: ref.locale, collectionType: ref.kind })}`,
        )
      ).data,
    history: async (ref) =>
      (await client.request<{ data: readonly HistoryVersion[] }>('GET', `/content-manager/history-versions${query({ contentType: ref.uid, documentId: ref.documentId, locale: ref.locale, page: 1, pageSize: 50 })}`)).data,
    restore: async (uid, versionId) => {
      await client.request<unknown>('PUT', `/content-manager/history-versions/${versionId}/restore`, { body: { contentType: uid } });
    },
  };
}

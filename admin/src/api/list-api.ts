import type { AdminClient } from './admin-client';
import type { DataEnvelope } from './admin-types';
import type { ContentTypeConfiguration, ListAnswer, LocaleDto } from './content-manager-types';

export type BulkAction = 'bulkDelete' | 'bulkPublish' | 'bulkUnpublish';

/** The content manager's routes the list view uses, with Strapi 5's paths and envelopes. */
export interface ListApi {
  configuration(uid: string): Promise<ContentTypeConfiguration>;
  saveConfiguration(configuration: ContentTypeConfiguration): Promise<ContentTypeConfiguration>;
  /** One page of documents; `query` is list-query.ts's listRequestQuery. */
  list(uid: string, query: string, signal?: AbortSignal): Promise<ListAnswer>;
  /** A bulk action on documents of one locale: how many were acted on. */
  bulk(uid: string, action: BulkAction, documentIds: readonly string[], locale: string | null): Promise<number>;
  locales(): Promise<readonly LocaleDto[]>;
}

const model = (uid: string): string => encodeURIComponent(uid).replace(/%3A/g, ':');

export function createListApi(client: AdminClient): ListApi {
  return {
    configuration: async (uid) => (await client.request<DataEnvelope<{ readonly contentType: ContentTypeConfiguration }>>('GET', `/content-manager/content-types/${model(uid)}/configuration`)).data.contentType,
    saveConfiguration: async ({ uid, settings, metadatas, layouts }) =>
      (await client.request<DataEnvelope<{ readonly contentType: ContentTypeConfiguration }>>('PUT', `/content-manager/content-types/${model(uid)}/configuration`, { body: { settings, metadatas, layouts } })).data.contentType,
    list: (uid, query, signal) => client.request<ListAnswer>('GET', `/content-manager/collection-types/${model(uid)}${query}`, signal === undefined ? {} : { signal }),
    bulk: async (uid, action, documentIds, locale) => {
      const query = locale === null ? '' : `?locale=${encodeURIComponent(locale)}`;
      // Strapi answers a bare {count}; its contracts say {data:{count}}: both are read.
      const answer = await client.request<{ readonly count?: number; readonly data?: { readonly count?: number } }>('POST', `/content-manager/collection-types/${model(uid)}/actions/${action}${query}`, { body: { documentIds } });
      return answer.count ?? answer.data?.count ?? 0;
    },
    locales: () => client.request<readonly LocaleDto[]>('GET', '/i18n/locales'),
  };
}

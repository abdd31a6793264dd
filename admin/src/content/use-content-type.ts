import type { ContentTypeSchema } from '../api/content-manager-types';
import { useAppState } from '../app-context';
import type { NavigationEntry } from './content-navigation';

/** What the navigation knows of a content type: still loading, failed, absent (or unreadable), or its entry. */
export type ContentTypeLookup =
  | { readonly kind: 'loading' }
  | { readonly kind: 'failed' }
  | { readonly kind: 'unknown' }
  | { readonly kind: 'ready'; readonly entry: NavigationEntry; readonly collection: boolean; readonly schema: ContentTypeSchema | null };

/** The navigation's entry of a content type, by uid (the screens under /admin/content-manager/…). */
export function useContentType(uid: string): ContentTypeLookup {
  const navigation = useAppState().navigation.value;
  if (navigation.kind !== 'ready') return navigation;
  const collection = navigation.value.collectionTypes.find((entry) => entry.uid === uid);
  const schema = navigation.schemas.find((candidate) => candidate.uid === uid) ?? null;
  if (collection) return { kind: 'ready', entry: collection, collection: true, schema };
  const single = navigation.value.singleTypes.find((entry) => entry.uid === uid);
  if (single) return { kind: 'ready', entry: single, collection: false, schema };
  return { kind: 'unknown' };
}

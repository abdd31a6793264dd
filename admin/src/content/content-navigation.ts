import type { AdminPermission, ContentTypeDto } from '../api/admin-types';

const READ = 'plugin::content-manager.explorer.read';

export interface NavigationEntry {
  readonly uid: string;
  readonly label: string;
  readonly href: string;
}

export interface ContentNavigation {
  readonly collectionTypes: readonly NavigationEntry[];
  readonly singleTypes: readonly NavigationEntry[];
}

/**
 * The content manager's navigation as Strapi's shows it: the types it displays (`isDisplayed`)
 * that the admin may read (`explorer.read` on the type), collection types and single types
 * apart, each sorted by display name. Links are Strapi's admin URLs.
 */
export function contentNavigation(contentTypes: readonly ContentTypeDto[], permissions: readonly AdminPermission[]): ContentNavigation {
  const readable = new Set(permissions.filter((permission) => permission.action === READ && permission.subject !== null).map((permission) => permission.subject));
  const entries = (kind: ContentTypeDto['kind'], segment: string): NavigationEntry[] =>
    contentTypes
      .filter((type) => type.kind === kind && type.isDisplayed && readable.has(type.uid))
      .map((type) => ({ uid: type.uid, label: type.info.displayName, href: `/admin/content-manager/${segment}/${type.uid}` }))
      .sort((a, b) => a.label.localeCompare(b.label, 'en', { sensitivity: 'base' }));
  return { collectionTypes: entries('collectionType', 'collection-types'), singleTypes: entries('singleType', 'single-types') };
}

import { useLocation } from 'preact-iso';
import { EditView } from '../edit/edit-view';
import { ContentTypeGate } from './content-type-gate';

/**
 * The edit view's route (routes.tsx): a document of a collection type (`…/:uid/:documentId`,
 * `…/:uid/create`) or a single type (`…/single-types/:uid`). The address keeps the locale as
 * Strapi's admin writes it (`?plugins[i18n][locale]=fr`); a create or a locale switch replaces
 * it, a delete or a clone moves to another screen, without a page load.
 */
export function EditViewScreen({ uid, documentId }: { readonly uid: string; readonly documentId?: string }) {
  const { url, route } = useLocation();
  const search = url.includes('?') ? url.slice(url.indexOf('?')) : '';
  return (
    <ContentTypeGate uid={uid}>
      {(entry) => {
        const collection = entry.href.includes('/collection-types/');
        return (
          <EditView
            key={uid}
            kind={collection ? 'collection-types' : 'single-types'}
            uid={uid}
            documentId={collection && documentId !== undefined && documentId !== 'create' ? documentId : null}
            search={search}
            replaceUrl={(next) => route(next, true)}
            goTo={(next) => route(next)}
          />
        );
      }}
    </ContentTypeGate>
  );
}

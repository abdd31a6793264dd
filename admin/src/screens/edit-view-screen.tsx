import { t } from '../i18n/translate';
import { ContentTypeGate } from './content-type-gate';

/**
 * Placeholder of the edit view (a document of a collection type, or a single type): built on
 * its own branch, which replaces this file and keeps its export and props (routes.tsx).
 */
export function EditViewScreen({ uid }: { readonly uid: string; readonly documentId?: string }) {
  return (
    <ContentTypeGate uid={uid}>
      {(entry) => (
        <>
          <h1>{entry.label}</h1>
          <p class="page__note">{t('shell.page.notBuilt')}</p>
        </>
      )}
    </ContentTypeGate>
  );
}

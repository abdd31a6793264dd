import { t } from '../i18n/translate';
import { useDocumentTitle } from '../ui/use-document-title';

/** Placeholder of the media library (issue 21, item 4). */
export function MediaLibraryScreen() {
  useDocumentTitle(t('shell.nav.mediaLibrary'));
  return (
    <>
      <h1>{t('shell.nav.mediaLibrary')}</h1>
      <p class="page__note">{t('shell.page.notBuilt')}</p>
    </>
  );
}

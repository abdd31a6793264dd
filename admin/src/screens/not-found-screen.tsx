import { t } from '../i18n/translate';
import { useDocumentTitle } from '../ui/use-document-title';

/** An address under /admin that no screen answers. */
export function NotFoundScreen() {
  useDocumentTitle(t('shell.page.notFound'));
  return (
    <>
      <h1>{t('shell.page.notFound')}</h1>
      <p class="page__note">
        <a href="/admin">{t('shell.page.backHome')}</a>
      </p>
    </>
  );
}

import { useEffect } from 'preact/hooks';
import { t } from '../i18n/translate';

/** The tab's title for the screen shown ("Log in | Tessera"): each screen names itself, for screen readers and tab lists. */
export function useDocumentTitle(page: string): void {
  useEffect(() => {
    document.title = t('app.title', { page });
  }, [page]);
}

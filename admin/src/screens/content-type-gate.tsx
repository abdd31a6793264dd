import type { ContentTypeSchema } from '../api/content-manager-types';
import type { ComponentChildren } from 'preact';
import type { NavigationEntry } from '../content/content-navigation';
import { useContentType } from '../content/use-content-type';
import { t } from '../i18n/translate';
import { useDocumentTitle } from '../ui/use-document-title';

/**
 * The screens of one content type wait for the navigation (it says which types exist and may be
 * read) and say so when the type is not there; then they render with its entry.
 */
export function ContentTypeGate({ uid, children }: { readonly uid: string; readonly children: (entry: NavigationEntry, schema: ContentTypeSchema | null) => ComponentChildren }) {
  const lookup = useContentType(uid);
  const title = lookup.kind === 'ready' ? lookup.entry.label : lookup.kind === 'loading' ? t('app.loading') : t('shell.nav.contentManager');
  useDocumentTitle(title);
  switch (lookup.kind) {
    case 'loading':
      return <p class="page__note" role="status">{t('app.loading')}</p>;
    case 'failed':
      return (
        <p class="page__note" role="alert">
          {t('shell.nav.loadError')}
        </p>
      );
    case 'unknown':
      return <p class="page__note">{t('shell.page.unknownType')}</p>;
    case 'ready':
      return <>{children(lookup.entry, lookup.schema)}</>;
  }
}

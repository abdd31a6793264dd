import { t } from '../../i18n/translate';
import { ContentTypeGate } from '../content-type-gate';

/** The list view of a collection type. */
export function ListViewScreen({ uid }: { readonly uid: string }) {
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

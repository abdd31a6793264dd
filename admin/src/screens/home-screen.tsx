import { useAppState } from '../app-context';
import { t, tPlural } from '../i18n/translate';
import { useDocumentTitle } from '../ui/use-document-title';
import { displayName } from './user-menu';

/** /admin: a greeting and what the content manager holds. */
export function HomeScreen() {
  const app = useAppState();
  const navigation = app.navigation.value;
  const user = app.session.user.value;
  useDocumentTitle(t('title.home'));
  return (
    <>
      <h1>{t('shell.home.greeting', { name: user === null ? '' : displayName(user) })}</h1>
      {navigation.kind === 'ready' && (
        <p class="page__lead">
          {t('shell.home.summary', {
            collections: tPlural('shell.home.collectionTypes', navigation.value.collectionTypes.length),
            singles: tPlural('shell.home.singleTypes', navigation.value.singleTypes.length),
          })}
        </p>
      )}
      <p class="page__note">{t('shell.home.pick')}</p>
    </>
  );
}

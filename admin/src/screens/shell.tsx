import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { useAppState } from '../app-context';
import type { NavigationState } from '../app-state';
import type { NavigationEntry } from '../content/content-navigation';
import { t } from '../i18n/translate';
import { AppRoutes } from '../routes';
import { BrandMark } from '../ui/brand-mark';
import { ThemeToggle } from '../ui/theme-toggle';
import { UserMenu } from './user-menu';

type Navigation = NavigationState;

const MEDIA_LIBRARY = '/admin/plugins/upload';

/**
 * The signed-in frame: a header (navigation toggle on small screens, theme, account), the
 * content manager's navigation (loaded by the app state when the session started) and the screen
 * of the current address (routes.tsx). Loaded as its own chunk, after the login.
 */
export function Shell() {
  const app = useAppState();
  const { path } = useLocation();
  const navigation = app.navigation;
  const drawerOpen = useSignal(false);
  const user = app.session.user.value;

  // A link followed in the drawer (small screens) shows its screen: the drawer closes.
  useEffect(() => {
    drawerOpen.value = false;
  }, [path]);

  useEffect(() => {
    if (!drawerOpen.value) return undefined;
    const onKey = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape') return;
      drawerOpen.value = false;
      document.getElementById('nav-toggle')?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawerOpen.value]);

  if (user === null) return null;
  const menuLabel = t(drawerOpen.value ? 'shell.menu.close' : 'shell.menu.open');
  return (
    <div class="shell" data-drawer={drawerOpen.value ? 'open' : 'closed'}>
      <a class="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header class="topbar">
        <button
          id="nav-toggle"
          type="button"
          class="icon-button topbar__menu"
          aria-expanded={drawerOpen.value}
          aria-controls="main-nav"
          aria-label={menuLabel}
          title={menuLabel}
          onClick={() => {
            drawerOpen.value = !drawerOpen.value;
          }}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path fill="currentColor" d="M3 6h18v2H3V6Zm0 5h18v2H3v-2Zm0 5h18v2H3v-2Z" />
          </svg>
        </button>
        <a class="topbar__brand" href="/admin">
          <BrandMark />
          <span>{t('app.name')}</span>
        </a>
        <div class="topbar__tools">
          <ThemeToggle />
          <UserMenu user={user} onLogout={() => void app.logout()} />
        </div>
      </header>
      {/* On small screens, a click beside the open drawer closes it (Escape and the toggle do too). */}
      <div
        class="drawer-backdrop"
        aria-hidden="true"
        onClick={() => {
          drawerOpen.value = false;
        }}
      />
      <nav class="sidebar" id="main-nav" aria-label={t('shell.nav.label')}>
        <NavigationList navigation={navigation.value} path={path} />
      </nav>
      <main class="page" id="main" tabIndex={-1}>
        <AppRoutes />
      </main>
    </div>
  );
}

function NavigationList({ navigation, path }: { readonly navigation: Navigation; readonly path: string }) {
  return (
    <>
      <h2 class="sidebar__title">{t('shell.nav.contentManager')}</h2>
      {navigation.kind === 'loading' && <p class="sidebar__note">{t('app.loading')}</p>}
      {navigation.kind === 'failed' && (
        <p class="sidebar__note" role="alert">
          {t('shell.nav.loadError')}
        </p>
      )}
      {navigation.kind === 'ready' && (
        <>
          <NavigationGroup id="nav-collection-types" title={t('shell.nav.collectionTypes')} entries={navigation.value.collectionTypes} path={path} />
          <NavigationGroup id="nav-single-types" title={t('shell.nav.singleTypes')} entries={navigation.value.singleTypes} path={path} />
        </>
      )}
      <ul class="sidebar__list sidebar__list--plugins">
        <li>
          <a href={MEDIA_LIBRARY} aria-current={path === MEDIA_LIBRARY ? 'page' : undefined}>
            {t('shell.nav.mediaLibrary')}
          </a>
        </li>
      </ul>
    </>
  );
}

function NavigationGroup({ id, title, entries, path }: { readonly id: string; readonly title: string; readonly entries: readonly NavigationEntry[]; readonly path: string }) {
  return (
    <section class="sidebar__group" aria-labelledby={id}>
      <h3 class="sidebar__heading" id={id}>
        {title}
      </h3>
      {entries.length === 0 ? (
        <p class="sidebar__note">{t('shell.nav.noTypes')}</p>
      ) : (
        <ul class="sidebar__list">
          {entries.map((entry) => (
            <li key={entry.uid}>
              <a href={entry.href} aria-current={isCurrent(entry, path) ? 'page' : undefined}>
                {entry.label}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The entry's list view and any page under it (a document of the type). */
function isCurrent(entry: NavigationEntry, path: string): boolean {
  return path === entry.href || path.startsWith(`${entry.href}/`);
}

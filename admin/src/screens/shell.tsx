import { useSignal } from '@preact/signals';
import type { ComponentChildren } from 'preact';
import { useEffect } from 'preact/hooks';
import { useAppState } from '../app-context';
import type { NavigationState } from '../app-state';
import type { NavigationEntry } from '../content/content-navigation';
import { t, tPlural } from '../i18n/translate';
import { BrandMark } from '../ui/brand-mark';
import { ThemeToggle } from '../ui/theme-toggle';
import { useDocumentTitle } from '../ui/use-document-title';
import { displayName, UserMenu } from './user-menu';
import { editRoute, type EditRouteMatch } from './edit-route';

type Navigation = NavigationState;

const MEDIA_LIBRARY = '/admin/plugins/upload';

/**
 * The signed-in frame: a header (navigation toggle on small screens, theme, account), the
 * content manager's navigation (loaded by the app state when the session started) and the page
 * of the current address. Loaded as its own chunk, after the login.
 */
export function Shell({ path, search = '' }: { readonly path: string; readonly search?: string }) {
  const app = useAppState();
  const navigation = app.navigation;
  const drawerOpen = useSignal(false);
  const user = app.session.user.value;

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
        <Page navigation={navigation.value} path={path} search={search} name={displayName(user)} />
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

function Page({ navigation, path, search, name }: { readonly navigation: Navigation; readonly path: string; readonly search: string; readonly name: string }) {
  const route = editRoute(path);
  if (route !== null) return <EditRoute route={route} search={search} />;
  return <StaticPage navigation={navigation} path={path} name={name} />;
}

function StaticPage({ navigation, path, name }: { readonly navigation: Navigation; readonly path: string; readonly name: string }) {
  const content = pageContent(navigation, path, name);
  useDocumentTitle(content.title);
  return content.body;
}

type EditViewModule = typeof import('../edit/edit-view');

/** The edit view, a chunk of its own fetched when an edit address is opened. */
function EditRoute({ route, search }: { readonly route: EditRouteMatch; readonly search: string }) {
  const loaded = useSignal<EditViewModule | null>(null);
  const failed = useSignal<string | null>(null);
  useEffect(() => {
    import('../edit/edit-view').then(
      (module) => {
        loaded.value = module;
      },
      (error: unknown) => {
        failed.value = String(error instanceof Error ? error.message : error);
      },
    );
  }, []);
  if (failed.value !== null) return <p role="alert">{failed.value}</p>;
  const module = loaded.value;
  if (module === null) return <p class="page__note">{t('app.loading')}</p>;
  return (
    <module.EditView
      key={`${route.uid}/${route.documentId ?? ''}`}
      kind={route.kind}
      uid={route.uid}
      documentId={route.documentId}
      search={search}
      replaceUrl={(url) => history.replaceState(null, '', url)}
      goTo={(url) => location.assign(url)}
    />
  );
}

/** The page of an address: its title (for the tab) and what it shows. */
function pageContent(navigation: Navigation, path: string, name: string): { readonly title: string; readonly body: ComponentChildren } {
  if (path === MEDIA_LIBRARY) {
    return {
      title: t('shell.nav.mediaLibrary'),
      body: (
        <>
          <h1>{t('shell.nav.mediaLibrary')}</h1>
          <p class="page__note">{t('shell.page.notBuilt')}</p>
        </>
      ),
    };
  }
  if (path.startsWith('/admin/content-manager/')) {
    if (navigation.kind === 'loading') return { title: t('app.loading'), body: <p class="page__note">{t('app.loading')}</p> };
    if (navigation.kind === 'failed') {
      return {
        title: t('shell.nav.contentManager'),
        body: (
          <p class="page__note" role="alert">
            {t('shell.nav.loadError')}
          </p>
        ),
      };
    }
    const all = [...navigation.value.collectionTypes, ...navigation.value.singleTypes];
    const entry = all.find((candidate) => isCurrent(candidate, path));
    if (!entry) return { title: t('shell.nav.contentManager'), body: <p class="page__note">{t('shell.page.unknownType')}</p> };
    return {
      title: entry.label,
      body: (
        <>
          <h1>{entry.label}</h1>
          <p class="page__note">{t('shell.page.notBuilt')}</p>
        </>
      ),
    };
  }
  return {
    title: t('title.home'),
    body: (
      <>
        <h1>{t('shell.home.greeting', { name })}</h1>
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
    ),
  };
}

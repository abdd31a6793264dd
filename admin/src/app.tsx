import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import type { FunctionComponent } from 'preact';
import { useAppState } from './app-context';
import { t } from './i18n/translate';
import { LoginScreen } from './screens/login-screen';
import { RegisterScreen } from './screens/register-screen';

type ShellComponent = FunctionComponent<{ readonly path: string; readonly search: string }>;

/**
 * The screen of the app's phase. The login and first-admin screens are in the first chunk (what
 * loads before the login page); the shell is fetched when a session starts.
 *
 * Addresses: Strapi's admin URLs (/admin/content-manager/collection-types/<uid>, …) are followed
 * with ordinary links, each a page load that the server answers with this app. Client-side
 * routing waits for a router package (preact-iso): see admin/README.md.
 */
export function App({ path, search = '' }: { readonly path: string; readonly search?: string }) {
  const app = useAppState();
  const shell = useSignal<ShellComponent | null>(null);
  const phase = app.phase.value;

  useEffect(() => {
    void app.start();
  }, []);

  // The shell's chunk: fetched once a session exists — at start already when this tab has a
  // token (beside the session check), else after the login.
  const wantShell = phase.kind === 'shell' || (phase.kind === 'loading' && app.session.token.value !== null);
  useEffect(() => {
    if (!wantShell || shell.value !== null) return;
    void import('./screens/shell').then(
      (module) => {
        shell.value = module.Shell;
      },
      (error: unknown) => {
        app.phase.value = { kind: 'error', message: String(error instanceof Error ? error.message : error) };
      },
    );
  }, [wantShell]);

  switch (phase.kind) {
    case 'loading':
      return <Loading />;
    case 'error':
      return (
        <main class="auth" id="main">
          <div class="auth__card" role="alert">
            <h1 class="auth__title">{t('app.error.title')}</h1>
            <p class="auth__subtitle">{phase.message}</p>
            <button type="button" class="button button--primary" onClick={() => void app.start()}>
              {t('app.error.retry')}
            </button>
          </div>
        </main>
      );
    case 'login':
      return <LoginScreen />;
    case 'register':
      return <RegisterScreen />;
    case 'shell': {
      const Shell = shell.value;
      return Shell === null ? <Loading /> : <Shell path={path} search={search} />;
    }
  }
}

function Loading() {
  return (
    <div class="loading" role="status">
      {t('app.loading')}
    </div>
  );
}

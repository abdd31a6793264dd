import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import type { FunctionComponent } from 'preact';
import { useAppState } from './app-context';
import { t } from './i18n/translate';
import { LoginScreen } from './screens/login-screen';
import { RegisterScreen } from './screens/register-screen';

type ShellComponent = FunctionComponent;

/**
 * The screen of the app's phase. The login and first-admin screens are in the first chunk (what
 * loads before the login page); the shell is fetched when a session starts.
 *
 * Addresses: Strapi's admin URLs (/admin/content-manager/collection-types/<uid>, …), routed in
 * the browser (routes.tsx, inside the shell); the address survives the login screen.
 */
export function App() {
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
      return Shell === null ? <Loading /> : <Shell />;
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

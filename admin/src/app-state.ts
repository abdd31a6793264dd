import { signal, type Signal } from '@preact/signals';
import { createAdminApi, type AdminApi } from './api/admin-api';
import { createAdminClient, type AdminClient } from './api/admin-client';
import type { AdminSession } from './api/admin-types';
import { ApiError } from './api/api-error';
import type { SessionStore } from './api/session-store';
import { t } from './i18n/translate';
import type { ThemeStore } from './theme/theme-store';

/** Which screen the app shows. */
export type Phase =
  | { readonly kind: 'loading' }
  | { readonly kind: 'error'; readonly message: string }
  | { readonly kind: 'login' }
  | { readonly kind: 'register' }
  | { readonly kind: 'shell' };

/** The app's state and its transitions, made once at start and handed down by AppContext. */
export interface AppState {
  readonly phase: Signal<Phase>;
  readonly session: SessionStore;
  readonly client: AdminClient;
  readonly api: AdminApi;
  readonly theme: ThemeStore;
  /** Finds out who is there: the first-admin form, the login form or the shell. */
  start(): Promise<void>;
  /** After a login or a registration: the session is the answer's. */
  signIn(answer: AdminSession): void;
  logout(): Promise<void>;
}

export function createAppState(session: SessionStore, theme: ThemeStore): AppState {
  const phase = signal<Phase>({ kind: 'loading' });
  const client = createAdminClient({
    session,
    onSessionLost: () => {
      phase.value = { kind: 'login' };
    },
  });
  const api = createAdminApi(client);

  async function enterShell(): Promise<void> {
    session.user.value = await api.me();
    phase.value = { kind: 'shell' };
  }

  return {
    phase,
    session,
    client,
    api,
    theme,
    async start() {
      phase.value = { kind: 'loading' };
      try {
        const init = await api.init();
        if (!init.hasAdmin) {
          session.clear();
          phase.value = { kind: 'register' };
          return;
        }
        // A token of this tab (the client refreshes it once if it expired), else the refresh
        // cookie of a "remember me" login, else the login form.
        if (session.token.value !== null || (await client.refresh())) await enterShell();
        else phase.value = { kind: 'login' };
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          phase.value = { kind: 'login' };
          return;
        }
        phase.value = { kind: 'error', message: error instanceof ApiError && error.status === 0 ? t('app.error.network') : String(error instanceof Error ? error.message : error) };
      }
    },
    signIn(answer) {
      session.setToken(answer.accessToken ?? answer.token);
      session.user.value = answer.user;
      phase.value = { kind: 'shell' };
    },
    async logout() {
      try {
        await api.logout(session.deviceId);
      } catch {
        // Already ended on the server (expired, logged out elsewhere): this tab forgets it all the same.
      }
      session.clear();
      phase.value = { kind: 'login' };
    },
  };
}

import { signal, type Signal } from '@preact/signals';
import { createAdminApi, type AdminApi } from './api/admin-api';
import { createAdminClient, type AdminClient } from './api/admin-client';
import type { AdminSession } from './api/admin-types';
import type { ContentTypeSchema } from './api/content-manager-types';
import { ApiError } from './api/api-error';
import type { SessionStore } from './api/session-store';
import { contentNavigation, type ContentNavigation } from './content/content-navigation';
import { t } from './i18n/translate';
import type { ThemeStore } from './theme/theme-store';

/** Which screen the app shows. */
export type Phase =
  | { readonly kind: 'loading' }
  | { readonly kind: 'error'; readonly message: string }
  | { readonly kind: 'login' }
  | { readonly kind: 'register' }
  | { readonly kind: 'shell' };

/** The content manager's navigation, loaded when a session starts. */
export type NavigationState =
  | { readonly kind: 'loading' }
  | { readonly kind: 'failed' }
  /** `schemas`: the init's content types, whose attributes the list view reads (no second request). */
  | { readonly kind: 'ready'; readonly value: ContentNavigation; readonly schemas: readonly ContentTypeSchema[] };

/** The app's state and its transitions, made once at start and handed down by AppContext. */
export interface AppState {
  readonly phase: Signal<Phase>;
  readonly navigation: Signal<NavigationState>;
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
  const navigation = signal<NavigationState>({ kind: 'loading' });

  /**
   * The shell's data, asked for as soon as a session exists and beside the user's own request,
   * not after the shell's chunk arrived: the answers come in one round trip instead of three.
   * Requests refused together for an expired token share one refresh (admin-client.ts).
   */
  function loadNavigation(): void {
    navigation.value = { kind: 'loading' };
    Promise.all([api.contentManagerInit(), api.permissions()]).then(
      ([init, permissions]) => {
        navigation.value = { kind: 'ready', value: contentNavigation(init.contentTypes, permissions), schemas: init.contentTypes };
      },
      () => {
        navigation.value = { kind: 'failed' };
      },
    );
  }

  async function enterShell(): Promise<void> {
    loadNavigation();
    session.user.value = await api.me();
    phase.value = { kind: 'shell' };
  }

  return {
    phase,
    navigation,
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
      loadNavigation();
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

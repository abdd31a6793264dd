import { computed, signal, type ReadonlySignal } from '@preact/signals';

export type Theme = 'light' | 'dark';

const THEME_KEY = 'tessera.admin.theme';

/**
 * Light or dark: the system's preference (prefers-color-scheme) until the user picks one with
 * the toggle, which is kept in localStorage. The choice is written as `data-theme` on <html>;
 * without it the style sheet follows the media query itself, so the page never waits for a
 * script to get the system's theme.
 */
export interface ThemeStore {
  readonly theme: ReadonlySignal<Theme>;
  toggle(): void;
}

export function createThemeStore(root: HTMLElement, storage: Storage, media: MediaQueryList): ThemeStore {
  const system = signal<Theme>(media.matches ? 'dark' : 'light');
  media.addEventListener('change', (event) => {
    system.value = event.matches ? 'dark' : 'light';
  });
  const chosen = signal<Theme | null>(readChoice(storage));
  const theme = computed(() => chosen.value ?? system.value);
  const apply = (value: Theme | null): void => {
    if (value === null) delete root.dataset.theme;
    else root.dataset.theme = value;
  };
  apply(chosen.value);
  return {
    theme,
    toggle() {
      const next: Theme = theme.value === 'dark' ? 'light' : 'dark';
      chosen.value = next;
      apply(next);
      try {
        storage.setItem(THEME_KEY, next);
      } catch {
        // Not kept: the choice lasts as long as the page.
      }
    },
  };
}

function readChoice(storage: Storage): Theme | null {
  try {
    const value = storage.getItem(THEME_KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

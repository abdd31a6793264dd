import { useAppState } from '../app-context';
import { t } from '../i18n/translate';

/** Switches between the light and the dark theme; its name says which one it switches to. */
export function ThemeToggle() {
  const { theme } = useAppState();
  const dark = theme.theme.value === 'dark';
  const label = t(dark ? 'theme.toLight' : 'theme.toDark');
  return (
    <button type="button" class="icon-button" onClick={() => theme.toggle()} aria-label={label} title={label}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        {dark ? (
          <path fill="currentColor" d="M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10Zm0-5 1.5 3h-3L12 2Zm0 20-1.5-3h3L12 22ZM2 12l3-1.5v3L2 12Zm20 0-3 1.5v-3l3 1.5ZM4.9 4.9l3.2 1.1-2.1 2.1-1.1-3.2Zm14.2 14.2-3.2-1.1 2.1-2.1 1.1 3.2Zm0-14.2-1.1 3.2-2.1-2.1 3.2-1.1ZM4.9 19.1l1.1-3.2 2.1 2.1-3.2 1.1Z" />
        ) : (
          <path fill="currentColor" d="M20.7 14.3A8.5 8.5 0 0 1 9.7 3.3a8.5 8.5 0 1 0 11 11Z" />
        )}
      </svg>
    </button>
  );
}

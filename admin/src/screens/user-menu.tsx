import { useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import type { AdminUser } from '../api/admin-types';
import { t } from '../i18n/translate';

/** "Ada Admin", or the email when the user has no name. */
export function displayName(user: AdminUser): string {
  const name = [user.firstname, user.lastname].filter((part) => part !== null && part !== '').join(' ');
  return name === '' ? (user.username ?? user.email) : name;
}

function initials(user: AdminUser): string {
  const letters = [user.firstname, user.lastname].map((part) => part?.trim()[0] ?? '').join('');
  return (letters === '' ? user.email.slice(0, 1) : letters).toUpperCase();
}

/**
 * The account button and its panel (a disclosure: the panel holds ordinary focusable controls).
 * Escape and a click outside close it; Escape gives the focus back to the button.
 */
export function UserMenu({ user, onLogout }: { readonly user: AdminUser; readonly onLogout: () => void }) {
  const open = useSignal(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const name = displayName(user);

  useEffect(() => {
    if (!open.value) return undefined;
    const onKey = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape') return;
      open.value = false;
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent): void => {
      if (!root.current?.contains(event.target as Node)) open.value = false;
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open.value]);

  return (
    <div class="user-menu" ref={root}>
      <button
        ref={button}
        type="button"
        class="user-menu__button"
        aria-expanded={open.value}
        aria-controls="user-menu-panel"
        aria-label={t('shell.userMenu.label', { name })}
        onClick={() => {
          open.value = !open.value;
        }}
      >
        {/* The initials are drawn by CSS (data-initials), so the button's visible text is the
            name, which its label contains (axe: label-content-name-mismatch). */}
        <span class="avatar" aria-hidden="true" data-initials={initials(user)} />
        <span class="user-menu__name">{name}</span>
      </button>
      <div class="user-menu__panel" id="user-menu-panel" hidden={!open.value}>
        <p class="user-menu__who">
          <strong>{name}</strong>
          <span>{user.email}</span>
        </p>
        <button type="button" class="button button--block" onClick={onLogout}>
          {t('shell.userMenu.logout')}
        </button>
      </div>
    </div>
  );
}

import type { ReadonlySignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { t } from '../i18n/translate';

/**
 * Keeps unsaved changes from being lost: the browser asks before the tab closes or reloads
 * (beforeunload), and a click on a link of the app asks first (in-app navigation).
 */
export function useUnsavedGuard(dirty: ReadonlySignal<boolean>): void {
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent): void => {
      if (!dirty.peek()) return;
      event.preventDefault();
      event.returnValue = ''; // older browsers need it set to ask
    };
    const onClick = (event: MouseEvent): void => {
      if (!dirty.peek() || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (link === null || link.getAttribute('target') === '_blank' || link.getAttribute('href')?.startsWith('#')) return;
      if (confirm(t('edit.confirm.leave'))) {
        window.removeEventListener('beforeunload', onBeforeUnload);
        return;
      }
      event.preventDefault();
      event.stopImmediatePropagation();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);
}

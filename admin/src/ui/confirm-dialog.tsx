import { useEffect, useRef } from 'preact/hooks';

/**
 * A modal question with the browser's <dialog>: focus moves into it and is trapped there,
 * Escape cancels, and the focus goes back to where it was when it closes.
 */
export function ConfirmDialog({ title, message, confirmLabel, cancelLabel, danger, busy, onConfirm, onCancel }: {
  readonly title: string;
  readonly message: string;
  readonly confirmLabel: string;
  readonly cancelLabel: string;
  readonly danger?: boolean;
  readonly busy?: boolean;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element === null) return undefined;
    const before = document.activeElement;
    element.showModal();
    return () => {
      if (element.open) element.close();
      if (before instanceof HTMLElement) before.focus();
    };
  }, []);
  return (
    <dialog
      ref={dialog}
      class="dialog"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-message"
      onCancel={(event) => {
        event.preventDefault();
        if (busy !== true) onCancel();
      }}
    >
      <h2 id="confirm-title" class="dialog__title">
        {title}
      </h2>
      <p id="confirm-message">{message}</p>
      <div class="dialog__actions">
        <button type="button" class="button" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </button>
        <button type="button" class={danger === true ? 'button button--danger' : 'button button--primary'} onClick={onConfirm} disabled={busy} aria-busy={busy}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}

import type { Signal } from '@preact/signals';

export interface TextFieldProps {
  readonly id: string;
  readonly label: string;
  readonly value: Signal<string>;
  readonly error?: string | undefined;
  readonly hint?: string;
  readonly type?: 'text' | 'email' | 'password';
  readonly autoComplete?: string;
  readonly required?: boolean;
  readonly autoFocus?: boolean;
}

/**
 * A labelled input bound to a signal: typing re-renders this field only. Its hint and error are
 * tied to it by aria-describedby, and an error marks it aria-invalid.
 */
export function TextField({ id, label, value, error, hint, type = 'text', autoComplete, required = false, autoFocus = false }: TextFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter((part) => part !== null).join(' ');
  const attributes = {
    id,
    name: id,
    value,
    onInput: (event: { currentTarget: HTMLInputElement }) => {
      value.value = event.currentTarget.value;
    },
    autoComplete,
    required,
    autoFocus,
    'aria-invalid': error ? ('true' as const) : undefined,
    'aria-describedby': describedBy === '' ? undefined : describedBy,
  };
  // One element per type: Preact's typings tie the allowed attributes to the input's type.
  return (
    <div class="field">
      <label for={id}>
        {label}
        {required && <span class="field__required" aria-hidden="true"> *</span>}
      </label>
      {type === 'password' ? <input type="password" {...attributes} /> : type === 'email' ? <input type="email" {...attributes} /> : <input type="text" {...attributes} />}
      {hint && (
        <p class="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p class="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

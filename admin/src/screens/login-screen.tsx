import { useSignal } from '@preact/signals';
import { useAppState } from '../app-context';
import { t, tPlural } from '../i18n/translate';
import { FormAlert } from '../ui/form-alert';
import { TextField } from '../ui/text-field';
import { useDocumentTitle } from '../ui/use-document-title';
import { AuthLayout } from './auth-layout';
import { authErrorMessage } from './auth-error-message';
import { looksLikeEmail } from './password-rules';

/** POST /admin/login with "remember me" (the server then keeps its refresh cookie for days, not for the browser session). */
export function LoginScreen() {
  const app = useAppState();
  useDocumentTitle(t('title.login'));
  const email = useSignal('');
  const password = useSignal('');
  const rememberMe = useSignal(false);
  const errors = useSignal<{ email?: string; password?: string }>({});
  const alert = useSignal<string | null>(null);
  const pending = useSignal(false);

  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    if (pending.value) return;
    const found: { email?: string; password?: string } = {};
    if (email.value.trim() === '') found.email = t('auth.error.required');
    else if (!looksLikeEmail(email.value.trim())) found.email = t('auth.error.email');
    if (password.value === '') found.password = t('auth.error.required');
    errors.value = found;
    if (Object.keys(found).length > 0) {
      alert.value = tPlural('auth.error.form', Object.keys(found).length);
      focusFirstInvalid(event.currentTarget);
      return;
    }
    alert.value = null;
    pending.value = true;
    try {
      app.signIn(await app.api.login({ email: email.value.trim(), password: password.value, rememberMe: rememberMe.value }, app.session.deviceId));
    } catch (error) {
      alert.value = authErrorMessage(error);
      pending.value = false;
    }
  };

  return (
    <AuthLayout title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <form class="form" onSubmit={submit} noValidate aria-busy={pending.value}>
        <FormAlert message={alert.value} />
        <TextField id="email" label={t('auth.field.email')} type="email" value={email} error={errors.value.email} autoComplete="email" required autoFocus />
        <TextField id="password" label={t('auth.field.password')} type="password" value={password} error={errors.value.password} autoComplete="current-password" required />
        <label class="checkbox">
          <input
            type="checkbox"
            name="rememberMe"
            checked={rememberMe}
            onChange={(event) => {
              rememberMe.value = event.currentTarget.checked;
            }}
          />
          {t('auth.login.rememberMe')}
        </label>
        <button class="button button--primary button--block" type="submit" disabled={pending.value}>
          {pending.value ? t('auth.pending') : t('auth.login.submit')}
        </button>
      </form>
    </AuthLayout>
  );
}

/** Moves the focus to the first field marked invalid (after this render). */
export function focusFirstInvalid(form: EventTarget | null): void {
  requestAnimationFrame(() => {
    if (form instanceof HTMLFormElement) form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}

import { useSignal } from '@preact/signals';
import { useAppState } from '../app-context';
import { ApiError } from '../api/api-error';
import { t, tPlural } from '../i18n/translate';
import { FormAlert } from '../ui/form-alert';
import { TextField } from '../ui/text-field';
import { useDocumentTitle } from '../ui/use-document-title';
import { AuthLayout } from './auth-layout';
import { authErrorMessage } from './auth-error-message';
import { focusFirstInvalid } from './login-screen';
import { looksLikeEmail, passwordProblems } from './password-rules';

type FieldName = 'firstname' | 'lastname' | 'email' | 'password' | 'confirmPassword';
type FieldErrors = Partial<Record<FieldName, string>>;

/**
 * The first super admin (POST /admin/register-admin), shown while GET /admin/init says
 * hasAdmin: false. Each field's problems show at the field; the server's validation items
 * (path `["password"]`, …) land at the field they name.
 */
export function RegisterScreen() {
  const app = useAppState();
  useDocumentTitle(t('title.register'));
  const values = {
    firstname: useSignal(''),
    lastname: useSignal(''),
    email: useSignal(''),
    password: useSignal(''),
    confirmPassword: useSignal(''),
  };
  const errors = useSignal<FieldErrors>({});
  const alert = useSignal<string | null>(null);
  const pending = useSignal(false);

  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    if (pending.value) return;
    const form = event.currentTarget;
    const found: FieldErrors = {};
    if (values.firstname.value.trim() === '') found.firstname = t('auth.error.required');
    const email = values.email.value.trim();
    if (email === '') found.email = t('auth.error.required');
    else if (!looksLikeEmail(email)) found.email = t('auth.error.email');
    const problems = passwordProblems(values.password.value);
    if (problems.length > 0) found.password = problems.map((key) => t(key)).join(' ');
    if (values.confirmPassword.value !== values.password.value) found.confirmPassword = t('auth.error.passwordMatch');
    errors.value = found;
    if (Object.keys(found).length > 0) {
      alert.value = tPlural('auth.error.form', Object.keys(found).length);
      focusFirstInvalid(form);
      return;
    }
    alert.value = null;
    pending.value = true;
    try {
      const input = { firstname: values.firstname.value.trim(), lastname: values.lastname.value.trim(), email, password: values.password.value };
      app.signIn(await app.api.registerAdmin(input, app.session.deviceId));
    } catch (error) {
      const fromServer = serverFieldErrors(error);
      errors.value = fromServer;
      alert.value = Object.keys(fromServer).length > 0 ? tPlural('auth.error.form', Object.keys(fromServer).length) : authErrorMessage(error);
      pending.value = false;
      focusFirstInvalid(form);
    }
  };

  const field = (name: FieldName) => ({ id: name, value: values[name], error: errors.value[name] });
  return (
    <AuthLayout title={t('auth.register.title')} subtitle={t('auth.register.subtitle')}>
      <form class="form" onSubmit={submit} noValidate aria-busy={pending.value}>
        <FormAlert message={alert.value} />
        <div class="form__row">
          <TextField {...field('firstname')} label={t('auth.field.firstname')} autoComplete="given-name" required autoFocus />
          <TextField {...field('lastname')} label={t('auth.field.lastname')} autoComplete="family-name" />
        </div>
        <TextField {...field('email')} label={t('auth.field.email')} type="email" autoComplete="email" required />
        <TextField {...field('password')} label={t('auth.field.password')} type="password" hint={t('auth.hint.password')} autoComplete="new-password" required />
        <TextField {...field('confirmPassword')} label={t('auth.field.confirmPassword')} type="password" autoComplete="new-password" required />
        <button class="button button--primary button--block" type="submit" disabled={pending.value}>
          {pending.value ? t('auth.pending') : t('auth.register.submit')}
        </button>
      </form>
    </AuthLayout>
  );
}

const FIELDS: readonly FieldName[] = ['firstname', 'lastname', 'email', 'password'];

/** A ValidationError's items, keyed by the field their path ends with (messages of one field joined). */
function serverFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  const found: FieldErrors = {};
  for (const item of error.validationItems()) {
    const name = item.path[item.path.length - 1];
    if (typeof name !== 'string' || !(FIELDS as readonly string[]).includes(name)) continue;
    const key = name as FieldName;
    found[key] = found[key] === undefined ? item.message : `${found[key]} ${item.message}`;
  }
  return found;
}

import type { ComponentChildren } from 'preact';
import { t } from '../i18n/translate';
import { BrandMark } from '../ui/brand-mark';
import { ThemeToggle } from '../ui/theme-toggle';

/** The frame of the login and first-admin screens: a centred card under the brand. */
export function AuthLayout({ title, subtitle, children }: { readonly title: string; readonly subtitle: string; readonly children: ComponentChildren }) {
  return (
    <div class="auth">
      <div class="auth__tools">
        <ThemeToggle />
      </div>
      <main class="auth__card" id="main">
        <div class="auth__brand">
          <BrandMark size={40} />
          <span class="auth__name">{t('app.name')}</span>
        </div>
        <h1 class="auth__title">{title}</h1>
        <p class="auth__subtitle">{subtitle}</p>
        {children}
      </main>
    </div>
  );
}

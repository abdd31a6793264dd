import type { MessageKey } from '../i18n/en';

/**
 * Strapi's rules for an admin password (its validator: 8 characters at least, 72 bytes at most —
 * bcrypt's limit —, a lowercase letter, an uppercase letter, a number), checked before sending so
 * that each broken rule shows at the field at once. The server checks them again.
 */
export function passwordProblems(password: string): MessageKey[] {
  const problems: MessageKey[] = [];
  if (password.length < 8) problems.push('auth.error.passwordLength');
  if (new TextEncoder().encode(password).length > 72) problems.push('auth.error.passwordTooLong');
  if (!/[a-z]/.test(password)) problems.push('auth.error.passwordLower');
  if (!/[A-Z]/.test(password)) problems.push('auth.error.passwordUpper');
  if (!/\d/.test(password)) problems.push('auth.error.passwordNumber');
  return problems;
}

/** A plausible email address: something@something.something, no spaces (the server decides the rest). */
export function looksLikeEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

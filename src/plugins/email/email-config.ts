import type { PluginConfigReader } from '../../core/config/plugin-config.js';
import { DefinitionError } from '../../core/shared/errors.js';

export type EmailProviderName = 'log' | 'smtp';

/**
 * `config/plugins` → `email: { config: { provider, providerOptions, settings: { defaultFrom,
 * defaultReplyTo } } }`, Strapi's email plugin format. `provider` is `log` (the default: mails
 * are written to the log), or `smtp` / `nodemailer` (both: nodemailer's SMTP transport, whose
 * options `providerOptions` are: host, port, secure, auth { user, pass }, tls, …).
 */
export interface EmailConfig {
  readonly provider: EmailProviderName;
  readonly providerOptions: Readonly<Record<string, unknown>>;
  readonly defaultFrom: string;
  readonly defaultReplyTo: string | undefined;
}

const DEFAULT_FROM = 'Tessera <no-reply@localhost>';

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function optionalString(value: unknown, file: string, key: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new DefinitionError(file, `email config.${key} must be a string, got ${JSON.stringify(value)}`);
  return value;
}

export function readEmailConfig(section: unknown, file: string): EmailConfig {
  const plugin = section;
  if (plugin !== undefined && !isRecord(plugin)) throw new DefinitionError(file, 'email must be an object');
  const inner = plugin?.config;
  if (inner !== undefined && !isRecord(inner)) throw new DefinitionError(file, 'email.config must be an object');
  const rawProvider = inner?.provider ?? 'log';
  if (rawProvider !== 'log' && rawProvider !== 'smtp' && rawProvider !== 'nodemailer') {
    throw new DefinitionError(file, `email config.provider must be "log", "smtp" or "nodemailer", got ${JSON.stringify(rawProvider)}`);
  }
  const providerOptions = inner?.providerOptions ?? {};
  if (!isRecord(providerOptions)) throw new DefinitionError(file, 'email config.providerOptions must be an object');
  const settings = inner?.settings ?? {};
  if (!isRecord(settings)) throw new DefinitionError(file, 'email config.settings must be an object');
  const provider: EmailProviderName = rawProvider === 'log' ? 'log' : 'smtp';
  if (provider === 'smtp' && typeof providerOptions.host !== 'string' && typeof providerOptions.url !== 'string') {
    throw new DefinitionError(file, 'email config.providerOptions.host is required for the smtp provider');
  }
  return {
    provider,
    providerOptions,
    defaultFrom: optionalString(settings.defaultFrom, file, 'settings.defaultFrom') ?? DEFAULT_FROM,
    defaultReplyTo: optionalString(settings.defaultReplyTo, file, 'settings.defaultReplyTo'),
  };
}

/** The `email` section's reader (`Plugin.config`); users-permissions sends its mails with what it read. */
export const EMAIL_CONFIG: PluginConfigReader<EmailConfig> = { key: 'email', read: readEmailConfig };

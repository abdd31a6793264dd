import type { PluginConfigReader } from '../config/plugin-config.js';
import { DefinitionError } from '../shared/errors.js';
import { isLocaleCode } from './locale-code.js';

/**
 * `config/plugins` → `i18n: { enabled?, config: { locales, defaultLocale } }`: the locales
 * created at start when missing, and the default applied at first start and whenever the file
 * names another one.
 */
export interface LocaleConfig {
  /** false: no locale routes and only the default locale is accepted (no table is read). */
  readonly enabled: boolean;
  readonly locales: readonly string[];
  readonly defaultLocale: string;
  /** The config file, for messages. */
  readonly file: string;
}

export const DEFAULT_LOCALE_CODE = 'en';

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Reads and checks the i18n keys; anything malformed stops the start with a message naming the file. */
export function readLocaleConfig(section: unknown, file: string): LocaleConfig {
  const plugin = section ?? {};
  if (!isRecord(plugin)) throw new DefinitionError(file, 'i18n must be an object');
  const enabled = plugin.enabled ?? true;
  if (typeof enabled !== 'boolean') throw new DefinitionError(file, 'i18n.enabled must be true or false');
  const inner = plugin.config ?? {};
  if (!isRecord(inner)) throw new DefinitionError(file, 'i18n.config must be an object');

  const listed = inner.locales ?? [DEFAULT_LOCALE_CODE];
  if (!Array.isArray(listed) || listed.length === 0) throw new DefinitionError(file, 'i18n.config.locales must be a non-empty list of locale codes, e.g. ["en", "fr"]');
  for (const code of listed) {
    if (!isLocaleCode(code)) throw new DefinitionError(file, `i18n.config.locales: ${JSON.stringify(code)} is not a locale code (like "en", "fr" or "fr-CA")`);
  }
  const locales = [...new Set(listed as string[])];

  const defaultLocale = inner.defaultLocale ?? DEFAULT_LOCALE_CODE;
  if (!isLocaleCode(defaultLocale)) throw new DefinitionError(file, `i18n.config.defaultLocale: ${JSON.stringify(defaultLocale)} is not a locale code (like "en", "fr" or "fr-CA")`);
  if (!locales.includes(defaultLocale)) {
    const which = inner.defaultLocale === undefined ? `i18n.config.defaultLocale (default "${DEFAULT_LOCALE_CODE}")` : 'i18n.config.defaultLocale';
    throw new DefinitionError(file, `${which} "${defaultLocale}" is not one of i18n.config.locales (${locales.join(', ')})`);
  }
  return { enabled, locales, defaultLocale, file };
}

/**
 * The `i18n` section's reader. The i18n plugin declares it (its section); the locale service,
 * which every read's locale check needs whether i18n is on or not, receives what it read.
 */
export const LOCALE_CONFIG: PluginConfigReader<LocaleConfig> = { key: 'i18n', read: readLocaleConfig };

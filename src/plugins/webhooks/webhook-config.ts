import type { RawConfigFile } from '../../core/config/app-config.js';
import { DefinitionError } from '../../core/shared/errors.js';

/**
 * `config/server` → `webhooks`: Strapi's `defaultHeaders` and `populateRelations`, and
 * Tessera's delivery settings. config/server is not config/plugins (Strapi reads webhooks
 * there), so this reads the raw file as the cron section does, at start, naming the file.
 */
export interface WebhooksConfig {
  /** Sent with every delivery; a webhook's own headers win. */
  readonly defaultHeaders: Readonly<Record<string, string>>;
  /** Strapi's option; Tessera's events never populate relations (docs/webhooks.md). */
  readonly populateRelations: boolean;
  /** Attempts of one delivery before it is marked failed (network errors, 5xx, 408, 429). */
  readonly maxAttempts: number;
  /** Time one attempt may take. */
  readonly timeoutMs: number;
  /** The first retry's delay; each next one doubles it. */
  readonly retryDelayMs: number;
  /** How often each instance looks for events and due deliveries. */
  readonly pollIntervalMs: number;
  /** How long an instance's claim of a delivery holds: a killed instance's claims are taken over after it. */
  readonly claimTtlMs: number;
  /** Delivered and failed deliveries, and their events, are removed this long after. */
  readonly retentionMs: number;
  /** Whether URLs may point to loopback, private or link-local addresses (default: only outside production). */
  readonly allowPrivateUrls: boolean;
}

const DAY = 86_400_000;

function positive(file: string, section: Record<string, unknown>, key: string, fallback: number): number {
  const value = section[key];
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) throw new DefinitionError(file, `webhooks.${key} must be a positive integer, got ${JSON.stringify(value)}`);
  return value;
}

function flag(file: string, section: Record<string, unknown>, key: string, fallback: boolean): boolean {
  const value = section[key];
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw new DefinitionError(file, `webhooks.${key} must be true or false, got ${JSON.stringify(value)}`);
  return value;
}

export function readWebhooksConfig({ file, value }: RawConfigFile, production: boolean): WebhooksConfig {
  const raw = value.webhooks ?? {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new DefinitionError(file, 'webhooks must be an object');
  const section = raw as Record<string, unknown>;
  const headers = section.defaultHeaders ?? {};
  if (typeof headers !== 'object' || headers === null || Array.isArray(headers) || Object.values(headers).some((header) => typeof header !== 'string')) {
    throw new DefinitionError(file, 'webhooks.defaultHeaders must be an object of strings');
  }
  return {
    defaultHeaders: headers as Record<string, string>,
    populateRelations: flag(file, section, 'populateRelations', false),
    maxAttempts: positive(file, section, 'maxAttempts', 5),
    timeoutMs: positive(file, section, 'timeoutMs', 10_000),
    retryDelayMs: positive(file, section, 'retryDelayMs', 1_000),
    pollIntervalMs: positive(file, section, 'pollIntervalMs', 1_000),
    claimTtlMs: positive(file, section, 'claimTtlMs', 60_000),
    retentionMs: positive(file, section, 'retentionMs', 7 * DAY),
    allowPrivateUrls: flag(file, section, 'allowPrivateUrls', !production),
  };
}

import type { RawConfigFile } from '../../../core/config/app-config.js';
import { DefinitionError } from '../../../core/shared/errors.js';

/** `config/admin` → `history`: how long versions are kept. */
export interface HistoryConfig {
  /** Versions older than this many days are pruned (default 90, as Strapi's `admin.history.retentionDays`). */
  readonly retentionDays: number;
}

export const DEFAULT_RETENTION_DAYS = 90;

export function readHistoryConfig({ file, value }: RawConfigFile): HistoryConfig {
  const raw = value.history ?? {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new DefinitionError(file, 'history must be an object');
  const days = (raw as Record<string, unknown>).retentionDays ?? DEFAULT_RETENTION_DAYS;
  if (typeof days !== 'number' || !Number.isInteger(days) || days < 1) throw new DefinitionError(file, `history.retentionDays must be a positive integer, got ${JSON.stringify(days)}`);
  return { retentionDays: days };
}

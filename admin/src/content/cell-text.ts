import type { AttributeDto } from '../api/content-manager-types';
import { t, tPlural } from '../i18n/translate';

const DATE_TIME = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const DATE = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * What a list cell shows of a value: a to-one relation's main field, a to-many relation's count,
 * dates in words (UTC, as stored), booleans and empties spelled out.
 */
export function cellText(value: unknown, attribute: AttributeDto | undefined, mainField: string | undefined): string {
  if (value === null || value === undefined || value === '') return t('list.cell.empty');
  if (attribute?.type === 'relation') {
    if (typeof value === 'object' && 'count' in value && typeof value.count === 'number') return tPlural('list.relations', value.count);
    if (typeof value === 'object') {
      const record = value as Record<string, unknown>;
      const shown = (mainField === undefined ? undefined : record[mainField]) ?? record.documentId ?? record.id;
      return shown === null || shown === undefined ? t('list.cell.empty') : String(shown);
    }
  }
  if (typeof value === 'boolean') return t(value ? 'list.cell.true' : 'list.cell.false');
  if (attribute?.type === 'datetime' || attribute?.type === 'timestamp') {
    const date = new Date(String(value));
    return Number.isNaN(date.getTime()) ? String(value) : DATE_TIME.format(date);
  }
  if (attribute?.type === 'date') {
    const date = new Date(`${String(value)}T00:00:00Z`);
    return Number.isNaN(date.getTime()) ? String(value) : DATE.format(date);
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Conversions between the text SQL servers use for dates and times and the ISO 8601 forms
 * the API speaks. Connections run in UTC, so server timestamps carry no other offset.
 */

/** `2024-01-15 09:00:00.5+00` or `2024-01-15 09:00:00` → `2024-01-15T09:00:00.500Z`. */
export function isoFromSqlTimestamp(text: string): string {
  const match = /^(\d{4,}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(?:\.(\d+))?/.exec(text);
  if (!match) return text;
  const [, date, time, fraction = ''] = match;
  return `${date}T${time}.${fraction.padEnd(3, '0').slice(0, 3)}Z`;
}

/** `09:00:00` or `09:00:00.5` → `09:00:00.500`. */
export function isoFromSqlTime(text: string): string {
  const match = /^(\d{2}:\d{2}:\d{2})(?:\.(\d+))?$/.exec(text);
  if (!match) return text;
  const [, time, fraction = ''] = match;
  return `${time}.${fraction.padEnd(3, '0').slice(0, 3)}`;
}

/** `2024-01-15T09:00:00.000Z` → `2024-01-15 09:00:00.000`, for servers that take no offset (MySQL). */
export function sqlTimestampFromIso(iso: string): string {
  return iso.replace('T', ' ').replace(/Z$/, '');
}

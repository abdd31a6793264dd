import pg from 'pg';

/**
 * What both PostgreSQL baselines connect with: a `pg` Pool of Tessera's default size, the
 * session in UTC, dates as yyyy-MM-dd and instants as ISO text (no Date objects on the way to
 * JSON), and statements named after their SQL text so that each pooled connection prepares
 * them once. Read from the environment as bench/project/config/database.js reads it.
 */

const DATE_OID = 1082;
const TIMESTAMPTZ_OID = 1184;

/**
 * "2024-01-01 00:45:12.3+00" (the session runs in UTC; PostgreSQL drops trailing zeros of
 * the fraction) → "2024-01-01T00:45:12.300Z", the API's form.
 */
function isoInstant(text: string): string {
  if (text.length < 22 || !text.endsWith('+00')) return new Date(text).toISOString();
  const fraction = text.length > 22 ? text.slice(20, -3) : '';
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${fraction.padEnd(3, '0').slice(0, 3)}Z`;
}

export function createBaselinePool(env: NodeJS.ProcessEnv): pg.Pool {
  const database = env.DATABASE_NAME;
  if (!database) throw new Error('DATABASE_NAME is required');
  const pool = new pg.Pool({
    host: env.DATABASE_HOST ?? '127.0.0.1',
    port: Number(env.DATABASE_PORT ?? 5432),
    user: env.DATABASE_USERNAME ?? 'postgres',
    password: env.DATABASE_PASSWORD ?? '',
    database,
    min: 0,
    max: Number(env.DATABASE_POOL_MAX ?? 10),
    options: '-c TimeZone=UTC',
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === DATE_OID ? (value: string) => value : oid === TIMESTAMPTZ_OID ? isoInstant : pg.types.getTypeParser(oid, format ?? 'text')) as pg.CustomTypesConfig['getTypeParser'],
    },
  });
  pool.on('error', () => undefined);
  return pool;
}

/** A statement named after its SQL text (`<prefix>_<n>`), prepared once per pooled connection. */
export function namedStatements(prefix: string): (text: string, values: readonly unknown[]) => pg.QueryConfig {
  const names = new Map<string, string>();
  return (text, values) => {
    let name = names.get(text);
    if (name === undefined) names.set(text, (name = `${prefix}_${names.size}`));
    return { name, text, values: values as unknown[] };
  };
}

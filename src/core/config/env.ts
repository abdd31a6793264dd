/**
 * The `env` helper handed to Strapi-style config functions: `env('X', default)`, `env.int`,
 * `env.float`, `env.bool`, `env.array`, `env.json`. It reads a plain map given by the
 * process entry, never `process.env` itself.
 */
export interface EnvHelper {
  (key: string, fallback?: unknown): unknown;
  int(key: string, fallback?: number): number | undefined;
  float(key: string, fallback?: number): number | undefined;
  bool(key: string, fallback?: boolean): boolean | undefined;
  array(key: string, fallback?: string[]): string[] | undefined;
  json(key: string, fallback?: unknown): unknown;
  date(key: string, fallback?: Date): Date | undefined;
  oneOf(key: string, expected: readonly string[], fallback?: string): string | undefined;
}

export type EnvMap = Readonly<Record<string, string | undefined>>;

export function createEnvHelper(vars: EnvMap): EnvHelper {
  const raw = (key: string): string | undefined => vars[key];
  const helper = ((key: string, fallback?: unknown) => raw(key) ?? fallback) as EnvHelper;
  helper.int = (key, fallback) => {
    const value = raw(key);
    return value === undefined ? fallback : Number.parseInt(value, 10);
  };
  helper.float = (key, fallback) => {
    const value = raw(key);
    return value === undefined ? fallback : Number.parseFloat(value);
  };
  helper.bool = (key, fallback) => {
    const value = raw(key);
    return value === undefined ? fallback : value === 'true' || value === '1';
  };
  helper.array = (key, fallback) => {
    const value = raw(key);
    if (value === undefined) return fallback;
    const inner = value.startsWith('[') && value.endsWith(']') ? value.slice(1, -1) : value;
    return inner.split(',').map((item) => item.trim().replace(/^"(.*)"$/, '$1'));
  };
  helper.json = (key, fallback) => {
    const value = raw(key);
    if (value === undefined) return fallback;
    try {
      return JSON.parse(value);
    } catch (error) {
      throw new Error(`Invalid JSON in environment variable ${key}: ${(error as Error).message}`, { cause: error });
    }
  };
  helper.date = (key, fallback) => {
    const value = raw(key);
    return value === undefined ? fallback : new Date(value);
  };
  helper.oneOf = (key, expected, fallback) => {
    const value = raw(key) ?? fallback;
    if (value !== undefined && !expected.includes(value)) {
      throw new Error(`Environment variable ${key} must be one of ${expected.join(', ')}, got "${value}"`);
    }
    return value;
  };
  return helper;
}

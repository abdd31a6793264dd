type Mergeable = Record<string, unknown> | unknown[];

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

function isMergeable(value: unknown): value is Mergeable {
  return Array.isArray(value) || isPlainObject(value);
}

function mergeInto(target: Mergeable, source: Mergeable): Mergeable {
  const into = target as Record<string, unknown>;
  for (const [key, value] of Object.entries(source)) {
    const current = into[key];
    if (value === undefined) {
      if (current === undefined) into[key] = value;
    } else if (isMergeable(value)) {
      const start: Mergeable = Array.isArray(value) ? (Array.isArray(current) ? [...current] : []) : isPlainObject(current) ? { ...current } : {};
      into[key] = mergeInto(start, value);
    } else {
      into[key] = value;
    }
  }
  return target;
}

/**
 * `config/env/<NODE_ENV>/<name>` over `config/<name>`, with Strapi's rule (lodash `merge`): plain
 * objects merge key by key, arrays merge index by index (a shorter array replaces only its first
 * items), `undefined` never replaces a value, anything else replaces. Neither input is changed.
 */
export function mergeConfig(base: unknown, override: unknown): unknown {
  if (override === undefined) return base;
  if (!isMergeable(override)) return override;
  const start: Mergeable = Array.isArray(override) ? (Array.isArray(base) ? [...base] : []) : isPlainObject(base) ? { ...base } : {};
  return mergeInto(start, override);
}

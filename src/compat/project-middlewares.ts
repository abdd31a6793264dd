import type { GlobalMiddlewareEntry } from './project-code.js';

/** Whether a `config/middlewares` name is the project's own (run by this layer), not one of Strapi's. */
export function isProjectMiddlewareName(name: string): boolean {
  return name.startsWith('global::') || name.startsWith('api::');
}

/** The project's own middlewares that `config/middlewares` lists, in its order (the transports check the rest of the file). */
export function projectMiddlewareEntries(value: unknown): GlobalMiddlewareEntry[] {
  if (!Array.isArray(value)) return [];
  const entries: GlobalMiddlewareEntry[] = [];
  for (const entry of value as unknown[]) {
    if (typeof entry === 'string' && isProjectMiddlewareName(entry)) entries.push({ name: entry, config: undefined });
    else if (entry !== null && typeof entry === 'object' && typeof (entry as { name?: unknown }).name === 'string' && isProjectMiddlewareName((entry as { name: string }).name)) {
      entries.push({ name: (entry as { name: string }).name, config: (entry as { config?: unknown }).config });
    }
  }
  return entries;
}

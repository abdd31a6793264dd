import type { ExtensionServices, MiddlewareFactory, MiddlewareFunction, MiddlewareItem } from './extension-types.js';

/**
 * Resolves `middlewares` items at start. A function is the middleware itself; a name or
 * `{ name, options }` is a registered factory called once as `factory(options, services)`
 * (`options` is `{}` for a bare name), which must return the middleware.
 */
export function bindMiddlewares(
  items: readonly MiddlewareItem[],
  registered: ReadonlyMap<string, MiddlewareFactory>,
  services: ExtensionServices,
): readonly MiddlewareFunction[] {
  return items.map((item): MiddlewareFunction => {
    if (typeof item === 'function') return item;
    const name = typeof item === 'string' ? item : item.name;
    const options = typeof item === 'string' ? {} : (item.options ?? {});
    const factory = registered.get(name);
    if (!factory) throw new Error(`Middleware ${name} not found`);
    const middleware: unknown = factory(options, services);
    if (typeof middleware !== 'function') throw new Error(`Middleware ${name}: its factory (options, { strapi }) must return a function (next, parent, args, context, info)`);
    return middleware as MiddlewareFunction;
  });
}

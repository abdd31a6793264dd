import type { ExtensionServices, MiddlewareFactory, MiddlewareFunction, MiddlewareItem } from './extension-types.js';
import { ExtensionError } from './extension-error.js';
import { missingExtensionMessage } from './missing-extension-message.js';

/**
 * Resolves `middlewares` items at start. A function is the middleware itself; a name or
 * `{ name, options }` is a registered factory called once as `factory(options, services)`
 * (`options` is `{}` for a bare name), which must return the middleware.
 */
export function bindMiddlewares(
  items: readonly MiddlewareItem[],
  registered: ReadonlyMap<string, MiddlewareFactory>,
  services: ExtensionServices,
  /** Where the items are named, for messages. */
  where: string,
): readonly MiddlewareFunction[] {
  return items.map((item): MiddlewareFunction => {
    if (typeof item === 'function') return item;
    const name = typeof item === 'string' ? item : item.name;
    const options = typeof item === 'string' ? {} : (item.options ?? {});
    const factory = registered.get(name);
    if (!factory) throw new ExtensionError(missingExtensionMessage('middleware', name, where, registered.keys()));
    const middleware: unknown = factory(options, services);
    if (typeof middleware !== 'function') throw new ExtensionError(`${where}: the factory of the middleware "${name}" must return a function (next, parent, args, context, info)`);
    return middleware as MiddlewareFunction;
  });
}

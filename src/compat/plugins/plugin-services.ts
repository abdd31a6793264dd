/** One service as project code sees it: methods by name. */
export type ServiceObject = object;

/** plugin name → service name → service. */
export type PluginServiceTable = Readonly<Record<string, Readonly<Record<string, ServiceObject>>>>;

/** What `strapi.plugin(name)` returns. */
export interface PluginHandle {
  service(name: string): ServiceObject;
}

/** Keys read by `await`, `console.log`, JSON and test libraries on any object: never an attempt to call a Strapi method. */
const INTROSPECTION = new Set(['then', 'catch', 'finally', 'toJSON', 'constructor', 'prototype', 'valueOf', 'toString', 'inspect', 'asymmetricMatch', '$$typeof', 'nodeType', 'length']);

/**
 * A service whose unknown methods fail naming themselves: Strapi project code calling a method
 * Tessera does not have gets `strapi.plugin('x').service('y').z is not supported …`, not
 * `undefined is not a function`.
 */
function guarded(plugin: string, service: string, target: ServiceObject): ServiceObject {
  return new Proxy(target, {
    get(object, property, receiver) {
      if (typeof property === 'symbol' || property in object || INTROSPECTION.has(property)) return Reflect.get(object, property, receiver) as unknown;
      const supported = Object.keys(object).sort().join(', ');
      throw new TypeError(`strapi.plugin('${plugin}').service('${service}').${property} is not supported by Tessera (supported: ${supported})`);
    },
  });
}

/**
 * `strapi.plugin(name)` for the plugins' services. An unknown plugin or service is an error
 * naming it and what exists (Strapi gives undefined, and the project's next call fails with a
 * TypeError far from the cause).
 */
export function createPluginServices(table: PluginServiceTable): (name: string) => PluginHandle {
  const handles = new Map<string, PluginHandle>();
  for (const [plugin, services] of Object.entries(table)) {
    const wrapped = new Map(Object.entries(services).map(([name, service]) => [name, guarded(plugin, name, service)]));
    handles.set(plugin, {
      service(name) {
        const service = wrapped.get(name);
        if (!service) throw new TypeError(`strapi.plugin('${plugin}').service('${name}'): the plugin ${plugin} has no service "${name}" in Tessera (its services: ${[...wrapped.keys()].join(', ')})`);
        return service;
      },
    });
  }
  return (name) => {
    const handle = handles.get(name);
    if (!handle) throw new TypeError(`strapi.plugin('${name}'): Tessera has no plugin "${name}" (its plugins: ${[...handles.keys()].join(', ')})`);
    return handle;
  };
}

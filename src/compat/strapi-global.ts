import type { Strapi } from './strapi-object.js';

/**
 * Strapi projects use the global `strapi` (`strapi.service(…)` inside controllers, policies and
 * lifecycles, without receiving it): the server sets it for the project's code when it starts and
 * the returned function removes it at close — unless another app set its own since (several apps
 * in one process, as in the tests: the global is the last one's). Tessera's own code never
 * reads it; it passes `strapi` explicitly.
 */
export function exposeStrapiGlobal(strapi: Strapi): () => void {
  const holder = globalThis as { strapi?: Strapi };
  holder.strapi = strapi;
  return () => {
    if (holder.strapi === strapi) delete holder.strapi;
  };
}

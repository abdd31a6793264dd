/**
 * The REST transport helpers that features' routes (users-permissions, i18n) share with the
 * content API: the checked query string and the per-path route table (a method a path lacks
 * answers 405 with Allow: rest/known-paths.ts). Their route modules are transports
 * themselves; this is the one place where they reach into rest/
 * (eslint.config.js allows this file, and only it).
 */
export { readQuery } from './rest/parse-query-string.js';
export { routeMethods, type Handler } from './rest/route-methods.js';
export { trackKnownPaths, type KnownPaths } from './rest/known-paths.js';

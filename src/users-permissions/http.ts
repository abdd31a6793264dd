/**
 * The REST transport helpers the plugin's routes share with the content API: the checked
 * query string and the per-path method table (405 with Allow). The plugin's route modules are
 * a transport themselves; this is the one place where they reach into rest/ (eslint.config.js
 * allows this file, and only it).
 */
export { readQuery } from '../rest/parse-query-string.js';
export { routeMethods, type Handler } from '../rest/route-methods.js';

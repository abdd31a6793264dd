/**
 * Strapi's route paths (koa-router's path-to-regexp syntax: `/restaurants/:id`,
 * `/articles/:slug([a-z-]+)`, `/files/:name?`) as Fastify paths, and the key two routes share
 * when Fastify would take them for one (same method, same shape whatever the parameters' names).
 */

export class RoutePathError extends Error {}

/** One path in Fastify's syntax: a regex parameter is anchored (find-my-way matches it against the segment), `::` would be a literal colon. */
export function toFastifyPath(path: string): string {
  if (!path.startsWith('/')) throw new RoutePathError(`path "${path}" must start with "/"`);
  let out = '';
  let index = 0;
  while (index < path.length) {
    const char = path[index]!;
    if (char !== ':') {
      if (char === '(' || char === ')' || char === '*' || char === '+') {
        if (char === '*' && index === path.length - 1) {
          out += '*';
          index += 1;
          continue;
        }
        throw new RoutePathError(`path "${path}": "${char}" outside a named parameter is not supported (name the parameter: /:name(regex))`);
      }
      out += char;
      index += 1;
      continue;
    }
    const name = /^:([A-Za-z_][A-Za-z0-9_]*)/.exec(path.slice(index));
    if (!name) throw new RoutePathError(`path "${path}": a parameter needs a name after ":"`);
    out += `:${name[1]}`;
    index += name[0].length;
    if (path[index] === '(') {
      let depth = 0;
      let end = index;
      for (; end < path.length; end += 1) {
        if (path[end] === '\\') {
          end += 1;
          continue;
        }
        if (path[end] === '(') depth += 1;
        if (path[end] === ')' && --depth === 0) break;
      }
      if (end >= path.length) throw new RoutePathError(`path "${path}": unclosed "(" in parameter ${name[1]}`);
      const pattern = path.slice(index + 1, end);
      out += `(^${pattern}$)`;
      index = end + 1;
    }
    if (path[index] === '?') {
      out += '?';
      index += 1;
    }
  }
  return out;
}

/** `/api/articles/:id` and `/api/articles/:slug` are one path to Fastify: the first one registered serves (Strapi's order). */
export function pathShape(fastifyPath: string): string {
  return fastifyPath.replace(/:[A-Za-z_][A-Za-z0-9_]*(\(\^.*?\$\))?/g, (_match, regex: string | undefined) => `:${regex ?? ''}`);
}

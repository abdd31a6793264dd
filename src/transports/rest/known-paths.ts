import type { FastifyInstance, HTTPMethods, LogLevel } from 'fastify';
import { MethodNotAllowedError } from '../../core/shared/errors.js';

interface KnownPath {
  readonly methods: Set<HTTPMethods>;
  logLevel: LogLevel | undefined;
}

export interface KnownPaths {
  /**
   * Gives every path registered so far a route for each method it lacks, answering 405 with
   * its Allow header. Called once, after every feature registered its routes (Fastify takes
   * no routes after start).
   */
  complete(): void;
  /**
   * The fixed first segments of the paths registered under `prefix` (`/api/upload/files` →
   * `upload`; parametric segments left out): names a content-type's route would lose to.
   */
  segmentsUnder(prefix: string): ReadonlySet<string>;
}

/**
 * A known path never answers 404 to a method it lacks: whatever registers a route (the content
 * API, admin, auth, plugins, mercurius), every other method the server accepts (OPTIONS, TRACE,
 * QUERY included) answers 405 in the error envelope with an Allow header listing the path's
 * methods (HEAD comes with GET). Without it a wrong method falls through to a parametric route
 * or to the 404 handler. Install on the root instance before any route is registered.
 */
export function trackKnownPaths(fastify: FastifyInstance): KnownPaths {
  const paths = new Map<string, KnownPath>();
  let completed = false;
  fastify.addHook('onRoute', (route) => {
    if (completed) return;
    const known = paths.get(route.url) ?? { methods: new Set<HTTPMethods>(), logLevel: route.logLevel };
    for (const method of [route.method].flat()) known.methods.add(method as HTTPMethods);
    paths.set(route.url, known);
  });
  return {
    segmentsUnder(prefix) {
      const base = `${prefix.replace(/\/+$/, '')}/`;
      const segments = new Set<string>();
      for (const url of paths.keys()) {
        if (!url.startsWith(base)) continue;
        const segment = url.slice(base.length).split('/')[0] ?? '';
        if (segment !== '' && !segment.startsWith(':') && !segment.includes('*')) segments.add(segment);
      }
      return segments;
    },
    complete() {
      completed = true;
      const supported = fastify.supportedMethods as HTTPMethods[];
      for (const [url, { methods, logLevel }] of paths) {
        const allowed = [...methods].filter((method) => method !== 'HEAD');
        if (allowed.includes('GET') || methods.has('HEAD')) allowed.push('HEAD');
        const others = supported.filter((method) => !allowed.includes(method));
        if (others.length === 0) continue;
        const allow = allowed.join(', ');
        fastify.route({
          method: others,
          url,
          ...(logLevel ? { logLevel } : {}),
          handler: async (_request, reply) => {
            reply.header('allow', allow);
            throw new MethodNotAllowedError();
          },
        });
      }
    },
  };
}

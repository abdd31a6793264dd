import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routeMethods } from '../../transports/plugin-http.js';
import { readDeleteFlags, readFlags } from './builder-bodies.js';
import type { BuilderAccess } from './builder-access.js';
import type { ComponentService } from './component-service.js';
import type { ContentTypeService } from './content-type-service.js';
import type { Submitted } from './submit-changes.js';

export interface ContentTypeBuilderRoutesOptions {
  readonly access: BuilderAccess;
  readonly contentTypes: ContentTypeService;
  readonly components: ComponentService;
}

const param = (request: FastifyRequest, name: string): string => (request.params as Record<string, string>)[name] ?? '';

/** A dry run answers the impacts only; an applied change what the runtime did (`files` only where files are written). */
function outcome(result: Submitted, head: Readonly<Record<string, unknown>>, withFiles: boolean): { data: Readonly<Record<string, unknown>> } {
  if (!result.applied) return { data: { impacts: result.impacts } };
  return { data: { ...head, version: result.version, ...(withFiles ? { files: result.files } : {}), impacts: result.impacts } };
}

/** The content-type builder's admin API, relative to `/content-type-builder`. */
export async function contentTypeBuilderRoutes(fastify: FastifyInstance, { access, contentTypes, components }: ContentTypeBuilderRoutesOptions): Promise<void> {
  routeMethods(fastify, '/content-types', {
    GET: async (request) => {
      await access.read(request);
      return { data: contentTypes.list() };
    },
    POST: async (request, reply) => {
      await access.write(request);
      const flags = readFlags(request.query);
      const { uid, result } = await contentTypes.create(request.body, flags);
      return reply.code(result.applied ? 201 : 200).send(outcome(result, { uid }, true));
    },
  });
  routeMethods(fastify, '/content-types/:uid', {
    GET: async (request) => {
      await access.read(request);
      return { data: contentTypes.read(param(request, 'uid')) };
    },
    PUT: async (request) => {
      await access.write(request);
      const flags = readFlags(request.query);
      const { uid, result } = await contentTypes.update(param(request, 'uid'), request.body, flags);
      return outcome(result, { uid }, true);
    },
    DELETE: async (request) => {
      await access.write(request);
      const flags = readDeleteFlags(request.query, request.body);
      const { uid, result } = await contentTypes.delete(param(request, 'uid'), flags);
      return outcome(result, { uid }, false);
    },
  });
  routeMethods(fastify, '/content-types/:uid/plan', {
    POST: async (request) => {
      await access.write(request);
      readFlags(request.query);
      return { data: { impacts: await contentTypes.plan(param(request, 'uid'), request.body) } };
    },
  });

  routeMethods(fastify, '/components', {
    GET: async (request) => {
      await access.read(request);
      return { data: components.list() };
    },
    POST: async (request, reply) => {
      await access.write(request);
      const { uid, result } = await components.create(request.body, readFlags(request.query));
      return reply.code(result.applied ? 201 : 200).send(outcome(result, { uid }, true));
    },
  });
  routeMethods(fastify, '/components/:uid', {
    GET: async (request) => {
      await access.read(request);
      return { data: components.read(param(request, 'uid')) };
    },
    PUT: async (request) => {
      await access.write(request);
      const { uid, result } = await components.update(param(request, 'uid'), request.body, readFlags(request.query));
      return outcome(result, { uid }, true);
    },
    DELETE: async (request) => {
      await access.write(request);
      const { uid, result } = await components.delete(param(request, 'uid'), readDeleteFlags(request.query, request.body));
      return outcome(result, { uid }, false);
    },
  });

  routeMethods(fastify, '/component-categories', {
    GET: async (request) => {
      await access.read(request);
      return { data: components.categories() };
    },
  });
  routeMethods(fastify, '/component-categories/:name', {
    PUT: async (request) => {
      await access.write(request);
      const { name, uids, result } = await components.renameCategory(param(request, 'name'), request.body, readFlags(request.query));
      return outcome(result, { name, uids }, true);
    },
    DELETE: async (request) => {
      await access.write(request);
      const name = param(request, 'name');
      const { uids, result } = await components.deleteCategory(name, readDeleteFlags(request.query, request.body));
      return outcome(result, { name, uids }, false);
    },
  });
}

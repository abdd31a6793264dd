import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PluginContext } from '../../core/plugin/plugin-context.js';
import type { SchemaRegistry } from '../../core/schema/registry.js';
import { ForbiddenError, NotFoundError } from '../../core/shared/errors.js';
import { createLazyAdminGuard } from '../../transports/admin/lazy-admin-guard.js';
import type { HttpHost, HttpPlugin } from '../../transports/plugin-http.js';
import type { AbilityOf } from './cm-ability.js';
import { createDocumentHandlers } from './cm-documents.js';
import { createConfigurationStore, defaultMainField, type ConfigSubject, type Configuration } from './content-manager-configuration.js';
import { registerContentManagerExtras } from './content-manager-extras.js';
import { HISTORY_VERSIONS_TABLE } from './history/history-table.js';
import { componentDto, componentDtos, contentTypeDto, contentTypeDtos, definitionsOf, FIELD_SIZES, type Definitions, type Json } from './content-manager-schemas.js';

/** Strapi's actions for saving a view configuration (checked in its controller: 403 ForbiddenError). */
const CONFIGURE_VIEW = {
  collectionType: 'plugin::content-manager.collection-types.configure-view',
  singleType: 'plugin::content-manager.single-types.configure-view',
} as const;

/** The admin user's main field, for `createdBy`/`updatedBy` metadatas. */
const ADMIN_USER_MAIN_FIELD = 'firstname';

interface SchemaContext {
  readonly registry: SchemaRegistry;
  readonly definitions: Definitions;
}

/** The DTO attributes of a model and its relation targets' main fields: what a configuration is computed from. */
function subjectOf(uid: string, schemas: SchemaContext): ConfigSubject | null {
  const { registry, definitions } = schemas;
  const type = registry.get(uid);
  const component = type ? undefined : registry.component(uid);
  if (!type && !component) return null;
  const dto = type ? contentTypeDto(type, definitions.types.get(uid)) : component ? componentDto(component, definitions.components.get(uid)) : null;
  const attributes = (dto?.attributes ?? {}) as Readonly<Record<string, Json>>;
  const mainFieldOf = (target: string): string => {
    if (target === 'admin::user') return ADMIN_USER_MAIN_FIELD;
    const targetType = registry.get(target);
    return targetType ? defaultMainField(contentTypeDto(targetType, definitions.types.get(target)).attributes as Readonly<Record<string, Json>>) : 'id';
  };
  return { uid, attributes, mainFieldOf };
}

/** The components a model uses, nested ones included, in first-use order. */
function componentsUsed(uid: string, registry: SchemaRegistry, seen = new Set<string>()): string[] {
  const model = registry.model(uid);
  if (!model) return [];
  for (const attribute of model.linkedAttributes) {
    const uids = attribute.kind === 'component' ? [attribute.component] : attribute.kind === 'dynamiczone' ? attribute.components : [];
    for (const child of uids) {
      if (seen.has(child)) continue;
      seen.add(child);
      componentsUsed(child, registry, seen);
    }
  }
  return [...seen];
}

/**
 * Strapi 5's content manager (`/content-manager/…`): the model as the admin app reads it, view
 * configurations, and the document routes of collection and single types, on the document
 * service with the admin user as the actor of every write. All routes are registered here (the
 * relation, uid and history routes join this list).
 */
async function contentManagerRoutes(fastify: FastifyInstance, context: PluginContext, abilityOf: AbilityOf): Promise<void> {
  const configurations = createConfigurationStore(context.store);
  const schemas = (): SchemaContext => ({
    registry: context.registry,
    // Read per request: the content-type builder may change the model while the app runs.
    definitions: definitionsOf([context.builtIns, context.modelRuntime.source()]),
  });
  const searchableOf = async (uid: string): Promise<ReadonlySet<string> | null> => {
    const subject = subjectOf(uid, schemas());
    if (!subject) return null;
    const { metadatas } = await configurations.read('content_types', subject);
    return new Set(Object.entries(metadatas).filter(([, meta]) => meta.list.searchable === true).map(([name]) => name));
  };
  const handlers = createDocumentHandlers({ registry: () => context.registry, documents: context.documents, database: context.database, locales: context.locales, abilityOf, searchableOf });
  const authenticated = (request: FastifyRequest) => abilityOf(request);

  async function configurationOf(uid: string, kind: 'content_types' | 'components', current: SchemaContext): Promise<Configuration & { uid: string }> {
    const subject = subjectOf(uid, current);
    if (!subject) throw new NotFoundError();
    return { uid, ...(await configurations.read(kind, subject)) };
  }

  async function componentsConfigurations(uid: string, current: SchemaContext): Promise<Record<string, unknown>> {
    const entries = await Promise.all(
      componentsUsed(uid, current.registry).map(async (component) => {
        const configuration = await configurationOf(component, 'components', current);
        return [component, { ...configuration, category: current.registry.component(component)?.category ?? '', isComponent: true }] as const;
      }),
    );
    return Object.fromEntries(entries.map(([component, { uid: own, category, settings, metadatas, layouts, isComponent }]) => [component, { uid: own, category, settings, metadatas, layouts, isComponent }]));
  }

  async function contentTypeConfiguration(uid: string, current: SchemaContext) {
    const { uid: own, settings, metadatas, layouts } = await configurationOf(uid, 'content_types', current);
    return { data: { contentType: { uid: own, settings, metadatas, layouts }, components: await componentsConfigurations(uid, current) } };
  }

  async function componentConfiguration(uid: string, current: SchemaContext) {
    const { uid: own, settings, metadatas, layouts } = await configurationOf(uid, 'components', current);
    const category = current.registry.component(uid)?.category ?? '';
    return { data: { component: { uid: own, category, settings, metadatas, layouts, isComponent: true }, components: await componentsConfigurations(uid, current) } };
  }

  fastify.get('/init', async (request) => {
    await authenticated(request);
    const current = schemas();
    return { data: { fieldSizes: FIELD_SIZES, components: componentDtos(current.registry, current.definitions), contentTypes: contentTypeDtos(current.registry, current.definitions) } };
  });

  fastify.get('/content-types', async (request) => {
    await authenticated(request);
    const { kind } = (request.query ?? {}) as { kind?: unknown };
    const current = schemas();
    return { data: contentTypeDtos(current.registry, current.definitions, typeof kind === 'string' && kind !== '' ? kind : undefined) };
  });

  fastify.get('/components', async (request) => {
    await authenticated(request);
    const current = schemas();
    return { data: componentDtos(current.registry, current.definitions) };
  });

  fastify.get('/content-types-settings', async (request) => {
    await authenticated(request);
    const current = schemas();
    const data = await Promise.all(current.registry.contentTypes.map(async (type) => ({ uid: type.uid, settings: (await configurationOf(type.uid, 'content_types', current)).settings })));
    return { data };
  });

  fastify.get('/content-types/:uid/configuration', async (request) => {
    await authenticated(request);
    const { uid } = request.params as { uid: string };
    const current = schemas();
    if (!current.registry.get(uid)) throw new NotFoundError('contentType.notFound');
    return contentTypeConfiguration(uid, current);
  });

  fastify.put('/content-types/:uid/configuration', async (request) => {
    const ability = await authenticated(request);
    const { uid } = request.params as { uid: string };
    const current = schemas();
    const type = current.registry.get(uid);
    if (!type) throw new NotFoundError('contentType.notFound');
    if (!ability.grant(CONFIGURE_VIEW[type.kind], null) && !ability.grant(CONFIGURE_VIEW[type.kind], uid)) throw new ForbiddenError();
    const subject = subjectOf(uid, current);
    if (!subject) throw new NotFoundError('contentType.notFound');
    await configurations.write('content_types', subject, request.body);
    return contentTypeConfiguration(uid, current);
  });

  fastify.get('/components/:uid/configuration', async (request) => {
    await authenticated(request);
    const { uid } = request.params as { uid: string };
    const current = schemas();
    if (!current.registry.component(uid)) throw new NotFoundError('component.notFound');
    return componentConfiguration(uid, current);
  });

  fastify.put('/components/:uid/configuration', async (request) => {
    // Strapi checks no permission here (components.configure-layout is only listed).
    await authenticated(request);
    const { uid } = request.params as { uid: string };
    const current = schemas();
    const subject = current.registry.component(uid) ? subjectOf(uid, current) : null;
    if (!subject) throw new NotFoundError('component.notFound');
    await configurations.write('components', subject, request.body);
    return componentConfiguration(uid, current);
  });

  const collection = '/collection-types/:model';
  fastify.get(collection, (request) => handlers.list(request));
  fastify.post(collection, (request, reply) => handlers.create(request, reply));
  fastify.post(`${collection}/clone/:sourceId`, (request) => handlers.clone(request));
  fastify.post(`${collection}/actions/publish`, (request) => handlers.createAndPublish(request));
  fastify.post(`${collection}/actions/bulkDelete`, (request) => handlers.bulk(request, 'delete'));
  fastify.post(`${collection}/actions/bulkPublish`, (request) => handlers.bulk(request, 'publish'));
  fastify.post(`${collection}/actions/bulkUnpublish`, (request) => handlers.bulk(request, 'unpublish'));
  fastify.get(`${collection}/:id`, (request) => handlers.findOne(request));
  fastify.put(`${collection}/:id`, (request) => handlers.update(request));
  fastify.delete(`${collection}/:id`, (request) => handlers.delete(request));
  fastify.post(`${collection}/:id/actions/publish`, (request) => handlers.publish(request));
  fastify.post(`${collection}/:id/actions/unpublish`, (request) => handlers.unpublish(request));
  fastify.post(`${collection}/:id/actions/discard`, (request) => handlers.discard(request));

  const single = '/single-types/:model';
  fastify.get(single, (request) => handlers.singleFind(request));
  fastify.put(single, (request) => handlers.singlePut(request));
  fastify.delete(single, (request) => handlers.singleDelete(request));
  fastify.post(`${single}/actions/publish`, (request) => handlers.publish(request));
  fastify.post(`${single}/actions/unpublish`, (request) => handlers.unpublish(request));
  fastify.post(`${single}/actions/discard`, (request) => handlers.discard(request));
}

async function registerContentManager(fastify: HttpHost, context: PluginContext): Promise<null> {
  // Given the context, the guard knows which types are localized (a grant's `locales` apply to those only).
  const guard = createLazyAdminGuard(context.config, context.database, context.store, context.clock, context);
  const abilityOf: AbilityOf = (request) => guard.ability(request);
  await fastify.register((host) => contentManagerRoutes(host, context, abilityOf), { prefix: '/content-manager' });
  // Relation pickers, uid fields, draft relation counts and history (content-manager-extras.ts), with the list titles configured here.
  const configurations = createConfigurationStore(context.store);
  const mainFieldOf = async (type: { readonly uid: string }): Promise<string> => {
    const subject = subjectOf(type.uid, { registry: context.registry, definitions: definitionsOf([context.builtIns, context.modelRuntime.source()]) });
    return subject ? (await configurations.read('content_types', subject)).settings.mainField : 'id';
  };
  await registerContentManagerExtras(fastify, context, { ability: abilityOf, mainFieldOf });
  return null;
}

export const contentManagerPlugin: HttpPlugin = {
  name: 'content-manager',
  tables: [HISTORY_VERSIONS_TABLE],
  register: registerContentManager,
};

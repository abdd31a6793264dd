import { createChangeListeners, type ChangeListeners } from '../core/events/change-listeners.js';
import { createEventHub } from '../compat/events/event-hub.js';
import { createOutboxRecorder } from '../core/events/event-outbox.js';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { AuthService } from '../core/auth/auth-service.js';
import { createAuthService } from '../core/auth/create-auth-service.js';
import { authStrategies, configReaders, feedTopics, pluginActions, registerFeatureRoutes, registerHooks } from './features.js';
import { deferredModelRuntime } from './deferred-model-runtime.js';
import { readPluginConfigs } from '../core/config/read-plugin-configs.js';
import { LOCALE_CONFIG } from '../core/locales/locale-config.js';
import { registerAdmin } from '../transports/admin/admin-plugin.js';
import { readAdminPanelConfig } from '../transports/admin-panel/admin-panel-config.js';
import { defaultAdminPanelDir, readAdminPanelFiles } from '../transports/admin-panel/admin-panel-files.js';
import { registerAdminPanelRoutes } from '../transports/admin-panel/admin-panel-routes.js';
import type { HttpPluginContext } from '../transports/plugin-http.js';
import type { PluginContext } from '../core/plugin/plugin-context.js';
import { createKeyValueStore } from '../core/store/key-value-store.js';
import type { AppConfig } from '../core/config/app-config.js';
import type { EnvMap } from '../core/config/env.js';
import { loadAppConfig } from '../core/config/load-app-config.js';
import { openDatabase, type Database } from '../core/db/database.js';
import { syncSchema, type SyncReport } from '../core/db/sync-schema.js';
import { createChangeFeed, type ChangeFeed } from '../core/db/change-feed.js';
import { createDocumentApi, type DocumentApi } from '../core/documents/document-api.js';
import { createDocumentService } from '../core/documents/document-service.js';
import { createVersionHistorySlot } from '../core/documents/version-history.js';
import { createDocumentHooks, type DocumentHooks } from '../compat/documents/document-hooks.js';
import type { ParseContext } from '../compat/documents/document-params.js';
import { loadContentTypeLifecycles } from '../compat/documents/load-lifecycles.js';
import { loadLifecycle } from './lifecycle/load-lifecycle.js';
import { createDocumentsApi, type DocumentsApi } from '../compat/documents/create-documents-api.js';
import { createQueryEngine } from '../compat/query-engine/create-query-engine.js';
import { createStrapiCron, type StrapiCron } from '../compat/cron/strapi-cron.js';
import { createStrapiStore } from '../compat/store/strapi-store.js';
import { usersPermissionsStoreAliases } from '../compat/store/users-permissions-store-aliases.js';
import { createStrapiPluginServices } from '../compat/plugins/strapi-plugin-services.js';
import { loadProjectCode } from '../compat/project-code.js';
import { projectMiddlewareEntries } from '../compat/project-middlewares.js';
import { strapiBasics } from '../compat/strapi-basics.js';
import { loadStrapiConfig } from '../compat/strapi-config.js';
import { exposeStrapiGlobal } from '../compat/strapi-global.js';
import { asStartError, createStrapi, extendStrapi, strictMembers, type Strapi, type StrapiParts, type StrapiRouteInput } from '../compat/strapi-object.js';
import { serverUrlOf } from '../plugins/users-permissions/users-permissions-plugin.js';
import { createEmailService } from '../plugins/email/create-email-service.js';
import { EMAIL_CONFIG } from '../plugins/email/email-config.js';
import { closeHttp } from './ops/close-http.js';
import { createReadiness } from './ops/readiness.js';
import { contentApiPlugin } from '../transports/rest/content-api-plugin.js';
import type { ContentApiContext } from '../transports/rest/content-api-context.js';
import { createModelHolder, type ModelHolder, type ModelState } from '../core/model/model-holder.js';
import { createModelRuntime } from '../core/model/model-runtime.js';
import type { ModelRuntime } from '../core/model/model-change.js';
import { buildModel } from '../core/model/build-model.js';
import { toErrorEnvelope } from '../transports/rest/error-envelope.js';
import { replyFrameworkError, writeClientError } from '../transports/rest/framework-errors.js';
import { registerBodyParsers } from '../transports/rest/body-parsers.js';
import { registerHttpProtocolChecks } from '../transports/rest/http-protocol-checks.js';
import { trackKnownPaths, type KnownPaths } from '../transports/rest/known-paths.js';
import { healthRoutes } from '../transports/rest/health-routes.js';
import { parseQueryString } from '../transports/rest/parse-query-string.js';
import type { SchemaRegistry } from '../core/schema/registry.js';
import { loadProjectModel } from './project-model.js';
import { unavailablePluginsNote } from './unavailable-plugins.js';
import { createCustomFieldRegistry } from '../core/schema/custom-field-registry.js';
import { NotFoundError } from '../core/shared/errors.js';
import { systemClock, type Clock } from '../core/shared/clock.js';
import { createLocaleService, type LocaleService } from '../core/locales/locale-service.js';
import { upgradeVersions } from '../core/documents/versions/upgrade-versions.js';
import { asDefinitionError } from '../transports/graphql/extension/extension-error.js';
import { createExtensionService } from '../transports/graphql/extension/extension-service.js';
import { createPluginAccessor } from '../transports/graphql/extension/plugin-accessor.js';
import { registerGraphqlFeature } from '../transports/graphql/graphql-feature.js';
import { reservedNameWarnings } from '../core/schema/reserved-names.js';
import { checkRouteNames } from '../core/schema/route-names.js';
import { composeInterceptors } from '../core/documents/document-interceptor.js';
import { openResponseCache, servedFingerprint } from './response-cache-setup.js';
import type { ResponseCache } from '../core/cache/response-cache.js';
import { invalidatingAuth, invalidatingLocales } from './cache-invalidating-services.js';
import { PERMISSIONS_TOPIC } from '../core/auth/auth-service.js';
import { LOCALES_TOPIC } from '../core/locales/locale-service.js';
import { MODEL_TOPIC } from '../core/model/model-runtime.js';

/** What `strapi.server.routes()` takes: routes, or `{ type, routes }`. */
type StrapiRouteSet = readonly StrapiRouteInput[] | { readonly type?: string; readonly routes: readonly StrapiRouteInput[] };

export interface App {
  readonly config: AppConfig;
  /** The content model being served (live: it follows `model`). */
  readonly registry: SchemaRegistry;
  /** The content model and its document service, replaced at run time by the content-type builder. */
  readonly model: ModelHolder;
  /** Run-time changes of the content model (the content-type builder's service). */
  readonly modelRuntime: ModelRuntime;
  readonly database: Database;
  /** The project's hooks on the document service: `strapi.db.lifecycles` (`hooks.lifecycles`) and `strapi.documents.use` (`hooks.use`). */
  readonly hooks: DocumentHooks;
  /** The `strapi` object of the project's code (src/compat), as register/bootstrap and the factories get it. */
  readonly strapi: Strapi;
  /** `config/server` cron tasks and `strapi.cron`: started after bootstrap, stopped at close (tests move the clock and await `cron.cron.idle()`). */
  readonly cron: StrapiCron;
  /** Who wants the change events (webhooks): while one does, each committed write is stored in the event outbox. */
  readonly changeListeners: ChangeListeners;
  /** The permission stage (tests and tools call `permissionsChanged` after writing roles or permissions directly). */
  readonly auth: AuthService;
  /** The configured locales. */
  readonly locales: LocaleService;
  /** What other instances change (roles, locales, the content model) arrives through it; tests call `poll()` or move the clock. */
  readonly feed: ChangeFeed;
  /** The response cache (`config/api` `rest.cache`), null when off; its `stats` count hits, misses and answers kept. */
  readonly responseCache: ResponseCache | null;
  readonly fastify: FastifyInstance;
  /** What schema sync did at start. */
  readonly sync: SyncReport;
  /** Starts listening; resolves to the address. */
  listen(): Promise<string>;
  /**
   * Shuts down gracefully: `/_ready` answers 503 from now on, no new connections are accepted,
   * requests in flight finish (for up to `server.shutdownTimeout` ms, then their connections are
   * closed), and the database is closed last. Calling it again returns the same promise.
   */
  close(): Promise<void>;
}

export interface CreateAppOptions {
  readonly projectDir: string;
  /** Environment variables for config files (`env('X')`); the process entry passes process.env. */
  readonly env?: EnvMap;
  /** Replaces parts of the loaded configuration (tests use it for ports and databases). */
  readonly override?: (config: AppConfig) => AppConfig;
  readonly log?: (message: string) => void;
  /** The time of rate-limit windows, token lifetimes and document timestamps; the system clock unless a test passes its own. */
  readonly clock?: Clock;
  /** How often the change feed reads what other instances changed (default 2000 ms); deferred storage removal waits twice as long. */
  readonly followDelayMs?: number;
  /** The built editor app served at /admin (default: the package's dist/admin, written by `npm run build`). */
  readonly adminPanelDir?: string;
}

function buildHttp(config: AppConfig): { fastify: FastifyInstance; knownPaths: KnownPaths; notFound: (request: FastifyRequest, reply: FastifyReply) => FastifyReply } {
  const fastify = Fastify({
    logger: config.logger,
    bodyLimit: config.server.bodyLimit,
    // Long filter lists ($in of up to 1000 values) need more than Node's 16 KiB of request line and headers.
    // A request without Host is refused by registerHttpProtocolChecks, in the envelope (Node's own refusal has no body).
    http: { maxHeaderSize: 64 * 1024, requireHostHeader: false },
    frameworkErrors: replyFrameworkError,
    clientErrorHandler: writeClientError,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // During shutdown a request that still arrives on an open keep-alive connection is served
    // (with `connection: close`) rather than refused in Fastify's own, non-envelope 503 body.
    return503OnClosing: false,
    trustProxy: config.server.proxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200, querystringParser: parseQueryString },
  });
  // First: refused requests reach no other hook.
  registerHttpProtocolChecks(fastify);
  registerBodyParsers(fastify);
  const knownPaths = trackKnownPaths(fastify);
  fastify.setErrorHandler((error, request, reply) => {
    const envelope = toErrorEnvelope(error);
    if (envelope.status >= 500) request.log.error(error);
    // Named here: a reply that had its own serializer (GraphQL's) gets no content type from Fastify.
    return reply.code(envelope.status).type('application/json; charset=utf-8').send(envelope.body);
  });
  const notFound = (_request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const envelope = toErrorEnvelope(new NotFoundError());
    return reply.code(envelope.status).send(envelope.body);
  };
  fastify.setNotFoundHandler(notFound);
  return { fastify, knownPaths, notFound };
}

/**
 * The composition root: config → registry → database → services → HTTP. Everything else
 * receives what it needs from here; nothing reads globals.
 */
export async function createApp({ projectDir, env = {}, override, log = () => undefined, clock = systemClock, followDelayMs, adminPanelDir }: CreateAppOptions): Promise<App> {
  const loaded = await loadAppConfig({ projectDir, env });
  const config = override ? override(loaded) : loaded;
  const adminPanel = readAdminPanelConfig(config.files.admin);
  // Every section of config/plugins is checked before anything is touched.
  const configs = readPluginConfigs(configReaders(), config);
  // register() comes first, as in Strapi: the custom fields it registers are part of the model.
  const lifecycle = await loadLifecycle(projectDir);
  const extension = createExtensionService();
  const plugin = createPluginAccessor(extension);
  // Where the extension service's settings come from: its mistakes stop the start naming this file.
  const extensionsFile = lifecycle.file ?? path.join(projectDir, 'src', 'index');
  // Project hooks on every document service call (lifecycles, document middlewares): inactive,
  // they cost nothing. They exist before register(), where Strapi projects call documents.use().
  let parseContext: (() => ParseContext) | undefined;
  const hooks = createDocumentHooks({
    parse: () => {
      if (!parseContext) throw new Error('a document hook ran before the content model was served');
      return parseContext();
    },
  });
  const notYet = (what: string) => new Error(`${what} is not available in register(): the content model is not loaded yet (use bootstrap())`);
  let documentApi: ((uid: string) => DocumentApi) | undefined;
  let documentsApi: DocumentsApi | undefined;
  // Who wants the change events: webhooks and strapi.eventHub's listeners (docs/webhooks.md).
  const changeListeners = createChangeListeners(log);
  const eventHub = createEventHub(changeListeners, log);
  // Tessera's own lifecycle context (`{ tessera }`): its document API, published by default.
  const lifecycleContext = {
    eventHub,
    documents: Object.assign(
      (uid: string): DocumentApi => {
        if (!documentApi) throw notYet('documents');
        return documentApi(uid);
      },
      { use: hooks.use },
    ),
    db: { lifecycles: hooks.lifecycles },
    log: { info: log, warn: log },
  };
  const customFields = createCustomFieldRegistry(extensionsFile);
  // The `strapi` object of the project's code (src/compat): what register() can use now; the
  // parts that need the model, the database or the routes are added as they come (extendStrapi).
  const { dirs, log: strapiLog, EE } = strapiBasics({ projectDir, types: [], components: [], log });
  const registeredRoutes: StrapiRouteSet[] = [];
  // What Strapi has in register() but Tessera builds only after it: used there, an error saying so.
  const tooEarlyFunction = (member: string) => (): never => {
    throw notYet(`strapi.${member}`);
  };
  const tooEarlyObject = (member: string): Readonly<Record<string, unknown>> =>
    new Proxy({}, {
      get(object, key) {
        if (typeof key === 'symbol' || key === 'then') return undefined;
        throw notYet(`strapi.${member}`);
      },
    });
  const strapi = createStrapi({
    dirs,
    log: strapiLog,
    EE,
    contentTypes: tooEarlyObject('contentTypes'),
    components: tooEarlyObject('components'),
    getModel: tooEarlyFunction('getModel'),
    contentType: tooEarlyFunction('contentType'),
    component: tooEarlyFunction('component'),
    service: tooEarlyFunction('service'),
    controller: tooEarlyFunction('controller'),
    policy: tooEarlyFunction('policy'),
    middleware: tooEarlyFunction('middleware'),
    store: tooEarlyFunction('store'),
    cron: tooEarlyObject('cron'),
    // strapi.server.routes() of register(): kept until the project's routes are built, then added to them.
    server: strictMembers('server', { routes: (routes: StrapiRouteSet) => void registeredRoutes.push(routes) }),
    config: await loadStrapiConfig(config),
    documents: Object.assign(
      (uid: string) => {
        if (!documentsApi) throw notYet('strapi.documents');
        return documentsApi(uid);
      },
      { use: hooks.use },
    ),
    db: { lifecycles: hooks.lifecycles, query: tooEarlyFunction('db.query') },
    eventHub,
    plugin,
    customFields,
  } satisfies StrapiParts);
  const hideStrapi = exposeStrapiGlobal(strapi);
  try {
    await lifecycle.register({ ...lifecycleContext, plugin, customFields, strapi });
  } catch (error) {
    hideStrapi();
    throw asStartError(asDefinitionError(error, extensionsFile), extensionsFile);
  }
  // After register() the content model is built: a custom field registered later could not be used.
  extendStrapi(strapi, {
    customFields: {
      register(): never {
        throw new Error('strapi.customFields.register() must be called in register(), before the content model is loaded');
      },
    },
  });
  // Read once: the registry is built from them, and the content-type builder starts from them.
  let loadedModel: Awaited<ReturnType<typeof loadProjectModel>>;
  let built: ReturnType<typeof buildModel>;
  let database: Database;
  let projectCode: Awaited<ReturnType<typeof loadProjectCode>>;
  try {
    loadedModel = await loadProjectModel(projectDir, config, customFields.types());
    built = buildModel(loadedModel.source, loadedModel.builtIns);
    // The project's controllers, services, routes, policies and middlewares: evaluated now, run once the services exist.
    projectCode = await loadProjectCode(projectDir, built.registry);
    database = await openDatabase(config.database);
  } catch (error) {
    // A start that stops leaves no global `strapi` behind.
    hideStrapi();
    throw error;
  }
  const { source, builtIns, notes } = loadedModel;
  const { registry: initialRegistry, tables: initialTables } = built;
  for (const note of notes) log(note);
  const pluginsNote = unavailablePluginsNote(config.files.plugins, projectDir);
  if (pluginsNote !== null) log(pluginsNote);
  for (const warning of reservedNameWarnings(initialRegistry.contentTypes)) log(warning);
  extendStrapi(strapi, strapiBasics({ projectDir, types: [...source.types, ...builtIns.types], components: [...source.components, ...builtIns.components], log }));
  let feed: ChangeFeed | undefined;
  let cron: StrapiCron | undefined;
  let pluginServices: Awaited<ReturnType<typeof createStrapiPluginServices>> | undefined;
  try {
    const sync = await syncSchema(database, [...initialTables, ...builtIns.tables]);
    // Before the services load what they hold in memory: a change made after their load is seen by the first poll.
    const changes = (feed = await createChangeFeed({ database, config: config.database, topics: feedTopics(), clock, log, ...(followDelayMs === undefined ? {} : { followDelayMs }) }));
    for (const column of sync.orphanColumns) log(`Column ${column} is no longer in the content model; it is kept with its data.`);
    for (const subscriber of await loadContentTypeLifecycles(projectDir, initialRegistry, log)) hooks.lifecycles.subscribe(subscriber);
    // Filled by the content manager: its saves keep a history version in their transaction.
    const versionHistory = createVersionHistorySlot();
    // The response cache (rest.cache, off by default): outermost around every document-service call, so that every write, whoever makes it, invalidates.
    const responseCache = await openResponseCache(config, clock, log, changes.followDelayMs);
    const interceptor = responseCache ? composeInterceptors([responseCache.interceptor, hooks.interceptor]) : hooks.interceptor;
    // The one event stream: each committed write is stored in the outbox in its transaction, while a listener (webhooks, eventHub) wants it.
    const changeRecorder = createOutboxRecorder({ now: () => clock.now(), active: () => changeListeners.any });
    const model = createModelHolder({
      registry: initialRegistry,
      documents: createDocumentService({ database, registry: initialRegistry, now: () => new Date(clock.now()), maxResponseItems: config.rest.maxResponseItems, interceptor, changes: changeRecorder, log, history: versionHistory }),
      version: 0,
    });
    // Everything below sees the model being served, which the content-type builder may replace.
    const { registry, documents } = model;
    const store = createKeyValueStore(database);
    // The custom routes' actions are granted to roles like the content-types' own.
    const actions = [...pluginActions(), ...projectCode.actions];
    const authService = await createAuthService({ config, registry, database, feed: changes, log, strategies: authStrategies({ config, registry, database, store }), pluginActions: actions });
    // Every answer depends on the Public role's permissions and the locales: a change made here drops them once applied.
    const auth = responseCache ? invalidatingAuth(authService, responseCache) : authService;
    const localeService = await createLocaleService({ settings: configs.of(LOCALE_CONFIG), database, store, feed: changes });
    const locales = responseCache ? invalidatingLocales(localeService, responseCache) : localeService;
    await upgradeVersions({ database, registry, sync, store, defaultLocale: locales.defaultLocale(), log });
    parseContext = () => ({ registry: model.registry, locales, rest: config.rest });
    documentApi = createDocumentApi(registry, documents, locales);
    documentsApi = createDocumentsApi({ model, locales });
    extendStrapi(strapi, {
      db: { lifecycles: hooks.lifecycles, query: createQueryEngine({ model, locales }) },
      store: createStrapiStore(store, usersPermissionsStoreAliases()),
    });
    const appCron = (cron = createStrapiCron({ config, database, clock, log, strapi: () => strapi }));
    extendStrapi(strapi, { cron: appCron.cron });

    const secrets = config.database.client === 'sqlite' ? [] : [config.database.connection.password, config.database.connection.connectionString];
    const readiness = createReadiness({ database, secrets });
    const { fastify, knownPaths, notFound } = buildHttp(config);
    // Created once the routes' names are checked (see deferred-model-runtime.ts); the plugins get it now, for their handlers.
    const runtime = deferredModelRuntime();
    let runtimeStarted = false;
    const base: PluginContext = { config, configs, registry, database, documents, auth, store, locales, feed: changes, pluginActions: actions, builtIns, modelRuntime: runtime.runtime, log, clock, changeListeners, versionHistory };
    // Read per request by the content-type builder: complete once every route is in.
    const routeNames = (): ReadonlySet<string> => knownPaths.segmentsUnder(config.rest.prefix);
    const features: HttpPluginContext = { ...base, ...(await registerHooks(fastify, base)), routeNames };
    await fastify.register(healthRoutes, { ready: () => readiness.check() });
    const contentContexts = new WeakMap<ModelState, ContentApiContext>();
    const contentContextOf = (state: ModelState): ContentApiContext => {
      let context = contentContexts.get(state);
      if (!context) contentContexts.set(state, (context = { registry: state.registry, documents: state.documents, auth, rest: config.rest, locales }));
      return context;
    };
    // Core services read and write as Strapi's do: published by default (Tessera's document API).
    const projectRuntime = projectCode.start({ current: () => contentContextOf(model.current()), auth, strapi, documents: (uid) => lifecycleContext.documents(uid), log });
    extendStrapi(strapi, projectRuntime.parts);
    for (const routes of registeredRoutes) projectRuntime.parts.server.routes(routes);
    await fastify.register(contentApiPlugin, { restPrefix: config.rest.prefix, current: () => contentContextOf(model.current()), cache: responseCache, cacheConfig: config.rest.cache });
    if (responseCache) {
      // Model, permission and locale changes, on this instance or followed from another: every answer goes.
      for (const topic of [MODEL_TOPIC, PERMISSIONS_TOPIC, LOCALES_TOPIC]) changes.subscribe(topic, () => responseCache.invalidateAll());
      model.onSwap(() => () => {
        // A swap made while the runtime starts (the database's model is newer) is fingerprinted just after the start.
        if (runtimeStarted) responseCache.serving(servedFingerprint(runtime.runtime.source(), config));
        void responseCache.invalidateAll(true);
      });
    }
    // The admin API host is a transport, like the content API: the plugins' admin routes sit behind its guard.
    // Password-reset mails go through the email plugin's provider, as users-permissions' do.
    await registerAdmin(fastify, base, { mailer: createEmailService(config, configs.of(EMAIL_CONFIG), log), serverUrl: serverUrlOf(fastify, features) });
    const plugins = await registerFeatureRoutes(fastify, features);
    // The editor app: its assets and, for browser navigations no admin route matched, its page.
    if (adminPanel.serve) {
      const panelDir = adminPanelDir ?? defaultAdminPanelDir();
      const files = readAdminPanelFiles(panelDir);
      if (files === null) log(`The admin panel is not built (no ${panelDir}/index.html): run npm run build to serve it at /admin.`);
      else await registerAdminPanelRoutes(fastify, { files, notFound });
    }
    // A project type named like a route of a feature (upload, auth, users, …) would never be served.
    checkRouteNames(initialRegistry.contentTypes, routeNames(), config.rest.prefix);
    // After the names' check: the project's routes of its content-types are not other features' routes.
    await projectRuntime.registerRoutes(fastify, { restPrefix: config.rest.prefix, globalMiddlewares: projectMiddlewareEntries(config.files.middlewares.value), middlewaresFile: config.files.middlewares.file });
    const modelRuntime = await createModelRuntime({
      projectDir,
      database,
      store,
      holder: model,
      source,
      builtIns,
      defaultLocale: () => locales.defaultLocale(),
      log,
      feed: changes,
      clock,
      maxResponseItems: config.rest.maxResponseItems,
      interceptor,
      changes: changeRecorder,
      history: versionHistory,
    });
    runtime.set(modelRuntime);
    runtimeStarted = true;
    if (responseCache) {
      responseCache.serving(servedFingerprint(modelRuntime.source(), config));
      // A new instance may hold other permissions or locales than the running ones until they follow it (a deploy): nothing kept before it counts.
      await responseCache.invalidateAll(true);
    }
    // strapi.plugin(name).service(name) over the plugins' own services, GraphQL's extension service included.
    pluginServices = await createStrapiPluginServices({ context: features, serverUrl: serverUrlOf(fastify, features), extra: { graphql: { extension } } });
    extendStrapi(strapi, { plugin: pluginServices.plugin });
    // bootstrap() runs once the routes are in and before GraphQL's schema is built: its extensions count.
    try {
      await lifecycle.bootstrap({ ...lifecycleContext, plugin, strapi });
    } catch (error) {
      throw asStartError(error, extensionsFile);
    }
    const lifecycleServices = { ...lifecycleContext, plugin };
    await registerGraphqlFeature(fastify, {
      ...features,
      model,
      rest: config.rest,
      extension,
      extensionsFile,
      // GraphQL extensions, their resolvers, policies and middlewares get the same `strapi` as the rest of the project code.
      extensionServices: { strapi, tessera: lifecycleServices },
      plugins: plugins.graphql,
      responseCache,
    });
    knownPaths.complete();
    await fastify.ready();
    changes.start();
    appCron.start();

    let closing: Promise<void> | undefined;

    return {
      config,
      registry,
      model,
      modelRuntime,
      database,
      hooks,
      strapi,
      cron: appCron,
      changeListeners,
      auth,
      locales,
      feed: changes,
      responseCache,
      fastify,
      sync,
      listen: () => fastify.listen({ host: config.server.host, port: config.server.port }),
      close() {
        closing ??= (async () => {
          readiness.drain();
          try {
            await closeHttp(fastify, config.server.shutdownTimeout);
            await lifecycle.destroy({ ...lifecycleContext, plugin, strapi });
          } finally {
            hideStrapi();
            await cron?.close();
            await pluginServices?.close();
            await modelRuntime.close();
            await changes.close();
            await responseCache?.close();
            // Last: requests that were still running may need it until their connection closed.
            await database.close();
          }
        })();
        return closing;
      },
    };
  } catch (error) {
    hideStrapi();
    await cron?.close();
    await pluginServices?.close();
    await feed?.close();
    await database.close();
    throw error;
  }
}

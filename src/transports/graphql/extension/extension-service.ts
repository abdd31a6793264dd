import { checkExtension } from './check-extension.js';
import type { ExtensionServices, GraphqlExtension, ShadowCrudView } from './extension-types.js';
import { createShadowCrudManager, type ShadowCrudType } from './shadow-crud-manager.js';

/** What the function form of `use()` receives (the reference passes Nexus and its type registry; we have neither). */
export interface ExtensionFunctionArgument extends ExtensionServices {
  readonly nexus: undefined;
  readonly typeRegistry: undefined;
}

export type ExtensionInput = GraphqlExtension | ((argument: ExtensionFunctionArgument) => GraphqlExtension);

/** `strapi.plugin('graphql').service('extension')`. */
export interface ExtensionService {
  shadowCRUD(uid: string): ShadowCrudType;
  /** Registers an extension; chainable. */
  use(extension: ExtensionInput): ExtensionService;
  /** The shadow CRUD settings as the schema builder reads them. */
  view(): ShadowCrudView;
  /**
   * The registered extensions in order; function forms are called now, with `services` (or the
   * ones given to createExtensionService), as the reference calls them at each schema build.
   */
  extensions(services?: ExtensionServices): readonly GraphqlExtension[];
}

const NO_SERVICES: ExtensionServices = Object.freeze({ strapi: undefined, tessera: undefined });

export function createExtensionService(services: ExtensionServices = NO_SERVICES): ExtensionService {
  const shadowCrud = createShadowCrudManager();
  const registered: ExtensionInput[] = [];
  const service: ExtensionService = {
    shadowCRUD: (uid) => shadowCrud.type(uid),
    use(extension) {
      // An object is checked now, so that the error points at the use() call.
      registered.push(typeof extension === 'function' ? extension : checkExtension(extension));
      return service;
    },
    view: () => shadowCrud.view(),
    extensions(given = services) {
      return registered.map((extension) =>
        typeof extension === 'function' ? checkExtension(extension({ strapi: given.strapi, tessera: given.tessera, nexus: undefined, typeRegistry: undefined })) : extension,
      );
    },
  };
  return service;
}

import path from 'node:path';
import type { SourcedComponentDefinition, SourcedDefinition } from '../core/schema/definition.js';
import type { StrapiDirs, StrapiLog, StrapiParts } from './strapi-object.js';

/** `strapi.contentTypes[uid]` as Strapi shows it: the schema with its names. */
function contentTypeEntry(source: SourcedDefinition): Readonly<Record<string, unknown>> {
  const { definition } = source;
  return Object.freeze({
    ...definition,
    uid: source.uid,
    apiName: source.apiName,
    modelName: source.modelName,
    modelType: 'contentType',
    kind: definition.kind ?? 'collectionType',
    attributes: definition.attributes ?? {},
    options: definition.options ?? {},
  });
}

function componentEntry(source: SourcedComponentDefinition): Readonly<Record<string, unknown>> {
  return Object.freeze({ ...source.definition, uid: source.uid, category: source.category, modelName: source.name, modelType: 'component', attributes: source.definition.attributes ?? {} });
}

/** `strapi.dirs` of a project (`dist` is the project itself for JavaScript, its outDir for TypeScript: Tessera runs the sources either way). */
function dirsOf(projectDir: string): StrapiDirs {
  const tree = (root: string) =>
    Object.freeze({
      root,
      src: path.join(root, 'src'),
      api: path.join(root, 'src', 'api'),
      components: path.join(root, 'src', 'components'),
      extensions: path.join(root, 'src', 'extensions'),
      policies: path.join(root, 'src', 'policies'),
      middlewares: path.join(root, 'src', 'middlewares'),
      config: path.join(root, 'config'),
    });
  return Object.freeze({ app: tree(projectDir), dist: tree(projectDir), static: Object.freeze({ public: path.join(projectDir, 'public') }) });
}

/** `strapi.log` over the server's log line function. */
export function strapiLog(log: (message: string) => void): StrapiLog {
  const line = (level: string) => (message: unknown, ...rest: unknown[]) => log([`[${level}]`, message, ...rest].map((part) => (typeof part === 'string' ? part : part instanceof Error ? part.message : JSON.stringify(part))).join(' '));
  return { error: line('error'), warn: line('warn'), info: line('info'), debug: line('debug'), http: line('http'), verbose: line('verbose') };
}

/** The parts of `strapi` that describe the project: content-types, components, `getModel`, `dirs`, `log`, `EE`. */
export function strapiBasics(options: { readonly projectDir: string; readonly types: readonly SourcedDefinition[]; readonly components: readonly SourcedComponentDefinition[]; readonly log: (message: string) => void }): StrapiParts {
  const contentTypes = Object.freeze(Object.fromEntries(options.types.map((type) => [type.uid, contentTypeEntry(type)])));
  const components = Object.freeze(Object.fromEntries(options.components.map((component) => [component.uid, componentEntry(component)])));
  return {
    contentTypes,
    components,
    getModel: (uid: string) => contentTypes[uid] ?? components[uid] ?? undefined,
    contentType: (uid: string) => contentTypes[uid] ?? undefined,
    component: (uid: string) => components[uid] ?? undefined,
    dirs: dirsOf(options.projectDir),
    log: strapiLog(options.log),
    EE: false,
  };
}

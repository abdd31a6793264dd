import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { createJiti, Jiti } from 'jiti';
import { STRAPI_MODULES } from './strapi-module.js';

/**
 * Where a TypeScript project's files run under Strapi: it compiles the project with tsc
 * (`outDir`, `dist` in every create-strapi-app project) and loads `dist/config`, `dist/src`.
 * null for a JavaScript project, which Strapi runs where it lies.
 */
function compiledDir(projectDir: string): string | null {
  const tsconfig = path.join(projectDir, 'tsconfig.json');
  if (!existsSync(tsconfig)) return null;
  // tsconfig.json is JSONC (create-strapi-app's has comments): the one key needed is read as text.
  const outDir = /"outDir"\s*:\s*"([^"]+)"/.exec(readFileSync(tsconfig, 'utf8'))?.[1] ?? 'dist';
  return path.resolve(projectDir, outDir);
}

/**
 * `var` may redeclare the CommonJS wrapper's own `__dirname` parameter, also in strict mode; it
 * goes after a leading "use strict" so that the directive stays one.
 */
function withLocation(code: string, dirname: string, filename: string): string {
  const declaration = `var __dirname = ${JSON.stringify(dirname)}, __filename = ${JSON.stringify(filename)};`;
  const directive = /^\s*(["'])use strict\1;?/.exec(code);
  return directive ? directive[0] + declaration + code.slice(directive[0].length) : declaration + code;
}

let jitiModule: Promise<{ createJiti: typeof createJiti }> | undefined;

/**
 * Creates the evaluator of one project's files: what Strapi's compile-then-require does, without
 * files written. TypeScript and ES module syntax become CommonJS, so `require`, `__dirname`,
 * `module.exports` and `export default` all work in `.ts` and `.js`; a `.js` file of CommonJS runs
 * as it is. In a TypeScript project `__dirname`/`__filename` are those of the compiled file
 * (`<outDir>/config/database.js`), as under Strapi: create-strapi-app's
 * `path.join(__dirname, '..', '..', '.tmp/data.db')` then names `<project>/.tmp/data.db`.
 * Relative imports and `require` still resolve from the source file. No module cache and no
 * cache files: each load reads the files as they are now (`tessera develop` reloads).
 */
async function createEvaluator(projectDir: string, modules: Readonly<Record<string, unknown>>): Promise<Jiti> {
  const { createJiti } = await (jitiModule ??= import('jiti'));
  const options = { moduleCache: false, fsCache: false, interopDefault: false, virtualModules: { ...STRAPI_MODULES, ...modules } } as const;
  const outDir = compiledDir(projectDir);
  if (outDir === null) return createJiti(path.join(projectDir, 'index.js'), options);
  const plain = createJiti(path.join(projectDir, 'index.js'), options);
  return createJiti(path.join(projectDir, 'index.js'), {
    ...options,
    transform: (transformOptions) => {
      const code = plain.transform(transformOptions);
      const file = transformOptions.filename;
      const relative = file === undefined ? '..' : path.relative(projectDir, file);
      // Dependencies in node_modules (and anything outside the project) keep their own location.
      if (file === undefined || relative.startsWith('..') || path.isAbsolute(relative) || relative.split(path.sep).includes('node_modules')) return { code };
      const compiled = path.join(outDir, relative).replace(/\.[cm]?tsx?$/, '.js');
      return { code: withLocation(code, path.dirname(compiled), compiled) };
    },
  });
}

const requireCache = createRequire(import.meta.url).cache;

/**
 * jiti hands a `.cjs` file that a project file requires to Node's own `require`, whose cache is the
 * process's: dropped for the project's own files (not its node_modules), so that a reload reads them again.
 */
function forgetProjectFiles(projectDir: string): void {
  const inside = projectDir + path.sep;
  for (const key of Object.keys(requireCache)) {
    if (key.startsWith(inside) && !key.slice(inside.length).split(path.sep).includes('node_modules')) delete requireCache[key];
  }
}

/**
 * Evaluates one file of a project folder (config, `src/index`, GraphQL extensions, and every
 * other project file Tessera loads): `.ts`, `.js`, `.mjs`, `.cjs`. Resolves to the module's
 * namespace: `default` holds `module.exports` or the `export default` value, named exports are
 * beside it. '@strapi/strapi', '@strapi/utils' and '@strapi/database' resolve to Tessera's own
 * (strapi-module.ts); `modules` replaces some of them for this load (the compatibility layer
 * gives project code factories that build running controllers, routers and services).
 */
export async function importProjectModule(projectDir: string, file: string, modules: Readonly<Record<string, unknown>> = {}): Promise<Record<string, unknown>> {
  const evaluator = await createEvaluator(projectDir, modules);
  // Always through jiti's transform, never Node's own loader: Node caches `.mjs`, `.cjs` and the
  // `.js` of a `"type": "module"` package for the life of the process, and develop reloads.
  let exported: unknown;
  try {
    exported = await evaluator.evalModule(await readFile(file, 'utf8'), { filename: file, id: file, async: true, forceTranspile: true });
  } finally {
    forgetProjectFiles(projectDir);
  }
  const namespace = exported !== null && typeof exported === 'object' && (exported as { __esModule?: unknown }).__esModule === true;
  return namespace ? (exported as Record<string, unknown>) : { default: exported };
}

import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { importProjectModule } from '../../core/config/import-project-module.js';
import { DefinitionError } from '../../core/shared/errors.js';
import { createLocalProvider } from './local-provider.js';
import { createS3Provider } from './s3-provider.js';
import type { UploadConfig } from './upload-config.js';
import type { UploadProvider } from './upload-provider.js';
import { assertInstalled } from '../../core/shared/optional-package.js';

/** What a provider module exports: `createProvider(providerOptions)`, named or as its default export. */
type ProviderFactory = (options: Readonly<Record<string, unknown>>) => UploadProvider | Promise<UploadProvider>;

function isProvider(value: unknown): value is UploadProvider {
  const candidate = value as Partial<UploadProvider> | null;
  return typeof candidate === 'object' && candidate !== null && typeof candidate.name === 'string' && typeof candidate.upload === 'function' && typeof candidate.delete === 'function';
}

/**
 * `./x.js` and `/abs/x.js` are the project's files, evaluated as every project file is (TypeScript,
 * CommonJS, `export default`: core/config/import-project-module.ts); anything else is a package
 * resolved from the project and imported as it is published.
 */
async function loadModule(specifier: string, projectDir: string): Promise<Record<string, unknown>> {
  if (specifier.startsWith('.') || path.isAbsolute(specifier)) return importProjectModule(projectDir, path.resolve(projectDir, specifier));
  return (await import(pathToFileURL(createRequire(path.join(projectDir, 'package.json')).resolve(specifier)).href)) as Record<string, unknown>;
}

/**
 * The configured provider: the built-in `local` and `aws-s3`, or one the project supplies (the
 * interface of upload-provider.ts), loaded once at start. Anything wrong with it stops the start
 * naming the config file.
 */
export async function loadProvider(config: UploadConfig, projectDir: string): Promise<UploadProvider> {
  const fail = (problem: string): never => {
    throw new DefinitionError(config.file, `upload.config.provider "${config.provider}": ${problem}`);
  };
  if (config.provider === 'local') return createLocalProvider(projectDir);
  try {
    if (config.provider === 'aws-s3') {
      // Checked now, loaded with the first upload (s3-provider.ts).
      for (const name of ['@aws-sdk/client-s3', '@aws-sdk/lib-storage']) assertInstalled(name, { file: config.file, feature: 'upload.config.provider "aws-s3"' });
      return createS3Provider(config.providerOptions);
    }
    const loaded = (await loadModule(config.provider, projectDir)) as { createProvider?: unknown; default?: unknown };
    const factory = (loaded.createProvider ?? loaded.default) as ProviderFactory | undefined;
    if (typeof factory !== 'function') return fail('the module must export createProvider(options) (or a default function)');
    const provider = await factory(config.providerOptions);
    return isProvider(provider) ? provider : fail('createProvider must return { name, upload(object), delete(object) }');
  } catch (error) {
    if (error instanceof DefinitionError) throw error;
    return fail(error instanceof Error ? error.message : String(error));
  }
}

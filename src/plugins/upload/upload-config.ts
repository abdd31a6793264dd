import type { PluginConfigReader } from '../../core/config/plugin-config.js';
import { DefinitionError } from '../../core/shared/errors.js';

/**
 * `config/plugins` → `upload: { config: { sizeLimit, provider, providerOptions, breakpoints,
 * formats } }`: how big a file may be, where files are stored and which image formats are made.
 */
export interface UploadConfig {
  /** Largest file accepted, in bytes (per file). */
  readonly sizeLimit: number;
  /** Largest total of the files of one request, in bytes. */
  readonly requestSizeLimit: number;
  /** `local`, `aws-s3`, or a module of the project (`./providers/x.js`) or a package exporting `createProvider(options)`. */
  readonly provider: string;
  /** Passed to the provider as written (the S3 provider reads bucket, endpoint, …). */
  readonly providerOptions: Readonly<Record<string, unknown>>;
  /** Responsive formats: name → largest side in px. */
  readonly breakpoints: Readonly<Record<string, number>>;
  /** false: no thumbnail nor breakpoint formats. */
  readonly formats: boolean;
  /** The config file, for messages. */
  readonly file: string;
}

export const DEFAULT_SIZE_LIMIT = 1_000_000_000;
export const DEFAULT_BREAKPOINTS: Readonly<Record<string, number>> = Object.freeze({ large: 1000, medium: 750, small: 500 });

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Reads and checks the upload keys; anything malformed stops the start with a message naming the file. */
export function readUploadConfig(section: unknown, file: string): UploadConfig {
  const plugin = section ?? {};
  if (!isRecord(plugin)) throw new DefinitionError(file, 'upload must be an object');
  const inner = plugin.config ?? {};
  if (!isRecord(inner)) throw new DefinitionError(file, 'upload.config must be an object');

  const sizeLimit = inner.sizeLimit ?? DEFAULT_SIZE_LIMIT;
  if (typeof sizeLimit !== 'number' || !Number.isSafeInteger(sizeLimit) || sizeLimit <= 0) {
    throw new DefinitionError(file, 'upload.config.sizeLimit must be a positive whole number of bytes');
  }
  const requestSizeLimit = inner.requestSizeLimit ?? Math.max(sizeLimit, DEFAULT_SIZE_LIMIT);
  if (typeof requestSizeLimit !== 'number' || !Number.isSafeInteger(requestSizeLimit) || requestSizeLimit <= 0) {
    throw new DefinitionError(file, 'upload.config.requestSizeLimit must be a positive whole number of bytes');
  }
  const provider = inner.provider ?? 'local';
  if (typeof provider !== 'string' || provider === '') {
    throw new DefinitionError(file, `upload.config.provider must be "local", "aws-s3", or a module path or package name, not ${JSON.stringify(provider)}`);
  }
  const providerOptions = inner.providerOptions ?? {};
  if (!isRecord(providerOptions)) throw new DefinitionError(file, 'upload.config.providerOptions must be an object');

  const breakpoints = inner.breakpoints ?? DEFAULT_BREAKPOINTS;
  if (!isRecord(breakpoints)) throw new DefinitionError(file, 'upload.config.breakpoints must be an object such as { large: 1000, medium: 750, small: 500 }');
  for (const [name, size] of Object.entries(breakpoints)) {
    if (!/^[a-z][a-z0-9-]*$/i.test(name) || name === 'thumbnail') throw new DefinitionError(file, `upload.config.breakpoints: "${name}" is not a usable format name`);
    if (typeof size !== 'number' || !Number.isSafeInteger(size) || size <= 0) throw new DefinitionError(file, `upload.config.breakpoints.${name} must be a positive whole number of pixels`);
  }
  const formats = inner.formats ?? true;
  if (typeof formats !== 'boolean') throw new DefinitionError(file, 'upload.config.formats must be true or false');
  return { sizeLimit, requestSizeLimit, provider, providerOptions, breakpoints: breakpoints as Record<string, number>, formats, file };
}

/** The `upload` section's reader (`Plugin.config`). */
export const UPLOAD_CONFIG: PluginConfigReader<UploadConfig> = { key: 'upload', read: readUploadConfig };

/**
 * `config/plugins` → `upload: { config: { provider: 'aws-s3', providerOptions } }` for the S3
 * provider, read and checked once at start-up so a typo fails the boot rather than the first
 * upload. Strapi's own aws-s3 provider nests most options in `s3Options` (with `params.Bucket`,
 * `params.ACL`) and calls the prefix `rootPath`; both spellings are accepted so a Strapi
 * project's plugin config carries over unchanged.
 */
export interface S3ProviderOptions {
  /** Absolute http(s) URL of a non-AWS server (MinIO, R2, s3rver…); absent for AWS itself. */
  readonly endpoint: string | undefined;
  readonly region: string;
  readonly bucket: string;
  /** '' or a key prefix ending in '/', never starting with one. */
  readonly prefix: string;
  readonly forcePathStyle: boolean;
  readonly credentials: { readonly accessKeyId: string; readonly secretAccessKey: string; readonly sessionToken?: string } | undefined;
  /** Public URL base of the bucket, without a trailing slash. */
  readonly baseUrl: string;
  readonly acl: string | undefined;
  /** Multipart part size in bytes: the memory an upload holds is about partSize × queueSize. */
  readonly partSize: number;
  readonly queueSize: number;
}

const PATH = 'upload.config.providerOptions';
const CANNED_ACLS: readonly string[] = ['private', 'public-read', 'public-read-write', 'authenticated-read', 'aws-exec-read', 'bucket-owner-read', 'bucket-owner-full-control'];
const MIN_PART_SIZE = 5 * 1024 * 1024; // S3 refuses smaller parts (except the last one)

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function optionalString(value: unknown, key: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`${PATH}.${key} must be a string, got ${JSON.stringify(value)}`);
  return value;
}

function optionalBoolean(value: unknown, key: string): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw new Error(`${PATH}.${key} must be true or false, got ${JSON.stringify(value)}`);
  return value;
}

function optionalInteger(value: unknown, key: string, min: number): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) throw new Error(`${PATH}.${key} must be an integer ≥ ${min}, got ${JSON.stringify(value)}`);
  return value;
}

function absoluteUrl(value: string, key: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${PATH}.${key} must be an absolute http(s) URL, got ${JSON.stringify(value)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${PATH}.${key} must be an absolute http(s) URL, got ${JSON.stringify(value)}`);
  return url;
}

function readCredentials(value: unknown, key: string): S3ProviderOptions['credentials'] {
  if (value === undefined || value === null) return undefined; // the SDK's default chain (env, IAM role…)
  if (!isRecord(value)) throw new Error(`${PATH}.${key} must be an object { accessKeyId, secretAccessKey }`);
  const accessKeyId = optionalString(value.accessKeyId, `${key}.accessKeyId`);
  const secretAccessKey = optionalString(value.secretAccessKey, `${key}.secretAccessKey`);
  if (accessKeyId === undefined) throw new Error(`${PATH}.${key}.accessKeyId is required`);
  if (secretAccessKey === undefined) throw new Error(`${PATH}.${key}.secretAccessKey is required`);
  const sessionToken = optionalString(value.sessionToken, `${key}.sessionToken`);
  return sessionToken === undefined ? { accessKeyId, secretAccessKey } : { accessKeyId, secretAccessKey, sessionToken };
}

/** `media`, `/media/`, `media//` → `media/`; keys joined to it never get a double or leading slash. */
function normalizePrefix(value: string | undefined, key: string): string {
  if (value === undefined) return '';
  const segments = value.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment === '.' || segment === '..')) throw new Error(`${PATH}.${key} must not contain "." or ".." segments, got ${JSON.stringify(value)}`);
  return segments.length === 0 ? '' : `${segments.join('/')}/`;
}

function defaultBaseUrl(endpoint: URL | undefined, bucket: string, region: string, forcePathStyle: boolean): string {
  if (endpoint === undefined) return forcePathStyle ? `https://s3.${region}.amazonaws.com/${bucket}` : `https://${bucket}.s3.${region}.amazonaws.com`;
  const origin = endpoint.origin;
  const path = endpoint.pathname.replace(/\/+$/, '');
  return forcePathStyle ? `${origin}${path}/${bucket}` : `${endpoint.protocol}//${bucket}.${endpoint.host}${path}`;
}

export function readS3ProviderOptions(raw: unknown): S3ProviderOptions {
  if (raw === undefined || raw === null) throw new Error(`${PATH} is required for the aws-s3 provider (at least { bucket })`);
  if (!isRecord(raw)) throw new Error(`${PATH} must be an object`);
  const s3Options = raw.s3Options ?? {};
  if (!isRecord(s3Options)) throw new Error(`${PATH}.s3Options must be an object`);
  const params = s3Options.params ?? {};
  if (!isRecord(params)) throw new Error(`${PATH}.s3Options.params must be an object`);

  const bucket = optionalString(raw.bucket, 'bucket') ?? optionalString(params.Bucket, 's3Options.params.Bucket');
  if (bucket === undefined) throw new Error(`${PATH}.bucket is required for the aws-s3 provider`);
  // Loose on purpose (legacy AWS buckets and other servers allow more than today's AWS rules);
  // only what would break the key or the URL is refused.
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,254}$/.test(bucket)) throw new Error(`${PATH}.bucket is not a valid bucket name: ${JSON.stringify(bucket)}`);

  const endpointText = optionalString(raw.endpoint, 'endpoint') ?? optionalString(s3Options.endpoint, 's3Options.endpoint');
  const endpoint = endpointText === undefined ? undefined : absoluteUrl(endpointText, 'endpoint');
  const region = optionalString(raw.region, 'region') ?? optionalString(s3Options.region, 's3Options.region') ?? 'us-east-1';
  const forcePathStyle = optionalBoolean(raw.forcePathStyle, 'forcePathStyle') ?? optionalBoolean(s3Options.forcePathStyle, 's3Options.forcePathStyle') ?? false;
  const credentials = raw.credentials !== undefined ? readCredentials(raw.credentials, 'credentials') : readCredentials(s3Options.credentials, 's3Options.credentials');
  const prefix = raw.prefix !== undefined ? normalizePrefix(optionalString(raw.prefix, 'prefix'), 'prefix') : normalizePrefix(optionalString(raw.rootPath, 'rootPath'), 'rootPath');
  const baseUrlText = optionalString(raw.baseUrl, 'baseUrl');
  const baseUrl = baseUrlText === undefined ? defaultBaseUrl(endpoint, bucket, region, forcePathStyle) : absoluteUrl(baseUrlText, 'baseUrl').href.replace(/\/+$/, '');
  const acl = optionalString(raw.acl, 'acl') ?? optionalString(params.ACL, 's3Options.params.ACL');
  if (acl !== undefined && !CANNED_ACLS.includes(acl)) throw new Error(`${PATH}.acl must be one of ${CANNED_ACLS.join(', ')}, got ${JSON.stringify(acl)}`);
  const partSize = optionalInteger(raw.partSize, 'partSize', MIN_PART_SIZE) ?? MIN_PART_SIZE;
  const queueSize = optionalInteger(raw.queueSize, 'queueSize', 1) ?? 1;

  const endpointBase = endpoint === undefined ? undefined : endpoint.href.replace(/\/+$/, '');
  return { endpoint: endpointBase, region, bucket, prefix, forcePathStyle, credentials, baseUrl, acl, partSize, queueSize };
}

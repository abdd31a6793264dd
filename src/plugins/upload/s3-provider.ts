import type { ObjectCannedACL, S3Client } from '@aws-sdk/client-s3';
import { readS3ProviderOptions, type S3ProviderOptions } from './s3-provider-options.js';
import type { StoredObject, UploadObject, UploadProvider } from './upload-provider.js';

/**
 * Files in any S3-compatible bucket (AWS, MinIO, R2, s3rver…), for deployments where several
 * instances must see the same files. Bodies are streamed as multipart uploads, so an upload
 * holds at most about partSize × queueSize bytes whatever the file's size.
 *
 * The AWS SDK (tens of MB of RSS) is imported with the first upload or delete: a project that
 * configures this provider but has not uploaded yet, and every project on the local provider,
 * never loads it. Options are checked here, at start-up.
 */
export function createS3Provider(rawOptions: unknown): UploadProvider {
  const options = readS3ProviderOptions(rawOptions);
  let client: Promise<S3Client> | undefined;
  let closed = false;

  const open = (): Promise<S3Client> => {
    if (closed) return Promise.reject(new Error('The aws-s3 upload provider is closed'));
    client ??= openClient(options).catch((error: unknown) => {
      client = undefined; // a failed import or bad config may be retried by the next call
      throw error;
    });
    return client;
  };

  return {
    name: 'aws-s3',

    async upload({ key, body, mime }: UploadObject): Promise<StoredObject> {
      const fullKey = options.prefix + checkedKey(key);
      // When the body fails (the client went away, a size limit cut it), the SDK may report its
      // own abort's failure instead; the body's error is the one worth telling.
      let bodyError: unknown;
      const onBodyError = (error: unknown): void => {
        bodyError ??= error;
      };
      body.once('error', onBodyError);
      try {
        const s3 = await open();
        const { Upload } = await import('@aws-sdk/lib-storage');
        const upload = new Upload({
          client: s3,
          params: { Bucket: options.bucket, Key: fullKey, Body: body, ContentType: mime, ...(options.acl ? { ACL: options.acl as ObjectCannedACL } : {}) },
          partSize: options.partSize,
          queueSize: options.queueSize,
          leavePartsOnError: false, // a failed multipart upload is aborted: no parts left billed and invisible
        });
        await upload.done();
      } catch (error) {
        // The caller's pipeline may still be feeding the body; stop it rather than leave it paused.
        if (!body.destroyed) body.destroy();
        if (bodyError !== undefined && bodyError !== error) {
          if (bodyError instanceof Error && bodyError.cause === undefined) bodyError.cause = error;
          throw bodyError;
        }
        throw error;
      } finally {
        body.off('error', onBodyError);
      }
      return { url: `${options.baseUrl}/${encodeKey(fullKey)}`, providerMetadata: { bucket: options.bucket, key: fullKey } };
    },

    async delete({ key, providerMetadata }) {
      const stored = providerMetadata?.key;
      const fullKey = typeof stored === 'string' && stored !== '' ? stored : options.prefix + checkedKey(key);
      const bucket = typeof providerMetadata?.bucket === 'string' && providerMetadata.bucket !== '' ? providerMetadata.bucket : options.bucket;
      const s3 = await open();
      const { DeleteObjectCommand } = await import('@aws-sdk/client-s3');
      try {
        await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: fullKey }));
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },

    async close() {
      closed = true;
      const pending = client;
      client = undefined;
      if (pending) (await pending.catch(() => undefined))?.destroy();
    },
  };
}

async function openClient(options: S3ProviderOptions): Promise<S3Client> {
  const { S3Client } = await import('@aws-sdk/client-s3');
  return new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    // Recent SDKs send CRC32 trailers in aws-chunked bodies by default, which many S3-compatible
    // servers store verbatim or reject; checksums only where S3 requires them works everywhere.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** Keys come from the upload service, already path-safe; this is the last guard before S3. */
function checkedKey(key: string): string {
  if (key === '' || key.startsWith('/') || key.includes('\\') || key.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')) {
    throw new Error(`Refusing to store an upload under the unsafe key ${JSON.stringify(key)}`);
  }
  return key;
}

/** Encodes each path segment, keeping the slashes a prefix puts in the key. */
function encodeKey(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}

function isNotFound(error: unknown): boolean {
  if (error === null || typeof error !== 'object') return false;
  const { name, $metadata } = error as { name?: unknown; $metadata?: { httpStatusCode?: unknown } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}

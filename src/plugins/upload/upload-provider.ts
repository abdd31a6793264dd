import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. `local` (the project's `public/uploads`, served by Tessera) and
 * `aws-s3` (any S3-compatible server) are built in; a project may supply its own by
 * implementing this interface. Bodies are streams: a provider must not buffer a whole file.
 */
export interface UploadProvider {
  /** Stored in each file's `provider` field. */
  readonly name: string;
  /**
   * Stores `body` under `key` (a generated, path-safe name such as `photo_a1b2c3.png`, or
   * `thumbnail_photo_a1b2c3.png` for a format) and tells where it can be fetched. A failure
   * rejects and leaves nothing stored under `key`.
   */
  upload(object: UploadObject): Promise<StoredObject>;
  /** Removes what `upload` stored under `key`; an object already gone is not an error. */
  delete(object: { readonly key: string; readonly providerMetadata: Readonly<Record<string, unknown>> | null }): Promise<void>;
  /** Releases clients and handles when the app closes. */
  close?(): Promise<void>;
}

export interface UploadObject {
  readonly key: string;
  readonly body: Readable;
  /** The sniffed mime type (never the client's claim). */
  readonly mime: string;
  /** In bytes, when known before the body is read. */
  readonly size?: number;
}

export interface StoredObject {
  /** The file's `url`: absolute for remote providers, `/uploads/<key>` for the local one. */
  readonly url: string;
  readonly providerMetadata: Readonly<Record<string, unknown>> | null;
}

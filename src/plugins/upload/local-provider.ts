import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { StoredObject, UploadObject, UploadProvider } from './upload-provider.js';
import { isSafeKey } from './safe-key.js';

/** Where the local provider keeps files: `<projectDir>/public/uploads`. */
export function localUploadDir(projectDir: string): string {
  return path.join(projectDir, 'public', 'uploads');
}

/**
 * Files on the project's disk, served by Tessera at `/uploads/<key>`. Each body is written to
 * a temporary name in the same folder and renamed once complete (a rename within one folder is
 * atomic), so a failed or interrupted upload never leaves a half-written file under its key.
 */
export function createLocalProvider(projectDir: string): UploadProvider {
  const dir = localUploadDir(projectDir);
  const target = (key: string): string => {
    if (!isSafeKey(key)) throw new Error(`Unsafe upload key ${JSON.stringify(key)}`);
    return path.join(dir, key);
  };
  return {
    name: 'local',
    async upload({ key, body }: UploadObject): Promise<StoredObject> {
      const final = target(key);
      await mkdir(dir, { recursive: true });
      const temp = path.join(dir, `.${key}.${randomBytes(6).toString('hex')}.part`);
      try {
        await pipeline(body, createWriteStream(temp, { flags: 'wx' }));
        await rename(temp, final);
      } catch (error) {
        await unlink(temp).catch(() => undefined);
        throw error;
      }
      return { url: `/uploads/${key}`, providerMetadata: null };
    },
    async delete({ key }) {
      await unlink(target(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },
  };
}

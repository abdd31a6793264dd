import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built app: index.html (read once, at start) and the folder of its hashed assets. */
export interface AdminPanelFiles {
  readonly index: string;
  readonly assetsDir: string;
}

/**
 * Where `npm run build` writes the app (scripts/build-admin.mjs): `dist/admin` of the package.
 * This file runs as dist/src/transports/admin-panel/*.js in the package, or as
 * src/transports/admin-panel/*.ts from the sources (tsx): both reach the same folder.
 */
export function defaultAdminPanelDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const above = path.resolve(here, '..', '..', '..');
  return path.basename(above) === 'dist' ? path.join(above, 'admin') : path.join(above, 'dist', 'admin');
}

/** The built app in `dir`, or null when it was not built (a clone before `npm run build`). */
export function readAdminPanelFiles(dir: string): AdminPanelFiles | null {
  const indexFile = path.join(dir, 'index.html');
  if (!existsSync(indexFile)) return null;
  return { index: readFileSync(indexFile, 'utf8'), assetsDir: path.join(dir, 'assets') };
}

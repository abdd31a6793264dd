import { readFileSync } from 'node:fs';
import path from 'node:path';
import { packageRoot } from './package-root.js';

/** `tessera --version`: the version in Tessera's own package.json. */
export function packageVersion(): string {
  const version = (JSON.parse(readFileSync(path.join(packageRoot(), 'package.json'), 'utf8')) as { version?: unknown }).version;
  return typeof version === 'string' ? version : 'unknown';
}

import { statSync } from 'node:fs';
import path from 'node:path';
import { DefinitionError } from '../../core/shared/errors.js';

function isFolder(file: string): boolean {
  return statSync(file, { throwIfNoEntry: false })?.isDirectory() === true;
}

/**
 * Refuses a folder that is not a project before anything is read or opened: otherwise a
 * mistyped path, or a command run in the wrong folder, created .tmp/data.db there and served
 * (or managed) an empty project. A Strapi or Tessera project has src/ or config/.
 */
export function assertProjectFolder(projectDir: string): void {
  if (!isFolder(projectDir)) throw new DefinitionError(projectDir, 'no such project folder');
  if (!isFolder(path.join(projectDir, 'src')) && !isFolder(path.join(projectDir, 'config'))) {
    throw new DefinitionError(projectDir, 'not a project folder: it has neither src/ nor config/ (tessera new <dir> creates a project)');
  }
}

import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ModelSource } from './model-change.js';

/** A definition as a hand-written file has it: pretty JSON, two spaces, a final newline. */
export function definitionText(definition: unknown): string {
  return `${JSON.stringify(definition, null, 2)}\n`;
}

async function writeAtomically(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  // A hidden name: watchers of the project (tessera develop) skip dot-files.
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temp, text);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** Removes `dir` and its parents up to (not including) `stop` while they are empty. */
async function removeEmptyFolders(dir: string, stop: string): Promise<void> {
  for (let current = dir; current.startsWith(stop + path.sep) && current !== stop; current = path.dirname(current)) {
    try {
      if ((await readdir(current)).length > 0) return;
      await rmdir(current);
    } catch {
      return;
    }
  }
}

function filesOf(source: ModelSource): Map<string, unknown> {
  return new Map([...source.types, ...source.components].map((definition) => [definition.file, definition.definition]));
}

/**
 * Makes the project's files say `next`: writes the definitions that are new or changed (each
 * atomically: a reader never sees half a file) and removes those that went, with the folders
 * that held only them. Returns the files touched, relative to the project folder.
 */
export async function writeModelFiles(projectDir: string, previous: ModelSource, next: ModelSource): Promise<string[]> {
  const before = filesOf(previous);
  const after = filesOf(next);
  const touched: string[] = [];
  for (const [file, definition] of after) {
    if (before.has(file) && JSON.stringify(before.get(file)) === JSON.stringify(definition)) continue;
    await writeAtomically(file, definitionText(definition));
    touched.push(path.relative(projectDir, file));
  }
  for (const file of before.keys()) {
    if (after.has(file)) continue;
    await rm(file, { force: true });
    await removeEmptyFolders(path.dirname(file), path.join(projectDir, 'src'));
    touched.push(path.relative(projectDir, file));
  }
  return touched;
}

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Where a content-type's schema.json lives inside a project. */
export function schemaPath(name: string): string {
  return `src/api/${name}/content-types/${name}/schema.json`;
}

export interface TempProjects {
  /** The temp folder every project is written into. */
  readonly root: string;
  /**
   * Writes a project folder (named `name`, or p1, p2... when not given) with these files,
   * keyed by path inside the project; a value that is not a string is written as JSON.
   * Returns the project folder.
   */
  write(files: Readonly<Record<string, unknown>>, name?: string): string;
  /** Deletes the temp folder and everything in it. */
  remove(): void;
}

/** A fresh temp folder (`<tmpdir>/<prefix>XXXXXX`) to generate test projects into. */
export function createTempProjects(prefix: string): TempProjects {
  const root = mkdtempSync(path.join(tmpdir(), prefix));
  let count = 0;
  return {
    root,
    write(files, name) {
      const dir = path.join(root, name ?? `p${(count += 1)}`);
      for (const [file, content] of Object.entries(files)) {
        const full = path.join(dir, file);
        mkdirSync(path.dirname(full), { recursive: true });
        writeFileSync(full, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
      }
      return dir;
    },
    remove() {
      rmSync(root, { recursive: true, force: true });
    },
  };
}

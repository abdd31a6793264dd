import { readdirSync, statSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';

export interface ProjectWatcher {
  close(): void;
}

/** The entries of the project folder itself that `tessera develop` follows. */
const WATCHED_AT_ROOT = new Set(['src', 'config', '.env']);
/** Trees followed to any depth. */
const TREES = ['src', 'config'];

function folders(dir: string, found: Set<string>): void {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  found.add(dir);
  for (const entry of entries) {
    // Dot-folders (editors' backups, .git) and installed packages are never project source.
    if (entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules') folders(path.join(dir, entry.name), found);
  }
}

function isFolder(file: string): boolean {
  return statSync(file, { throwIfNoEntry: false })?.isDirectory() === true;
}

/**
 * Calls `onChange(file)` when a file under the project's src/ or config/, or its .env, changes.
 *
 * Every folder is watched on its own, not with `fs.watch(…, { recursive: true })`: on Linux the
 * recursive watch followed files, and a file replaced by rename (as the content-type builder
 * and most editors write) was no longer followed, so later hand edits to it went unnoticed. A
 * folder's watch reports its entries by name, whatever file is behind the name. The set of
 * folders is read again when a folder may have been added or removed, so that new folders are
 * followed and removed ones let go. Dot-files (the builder's temporary files, editors' swap files) are not reported.
 */
export function watchProject(projectDir: string, onChange: (file: string) => void): ProjectWatcher {
  const watchers = new Map<string, FSWatcher>();
  let closed = false;

  const follow = (dir: string, report: (name: string) => void): void => {
    let watcher: FSWatcher;
    try {
      watcher = watch(dir, { persistent: true }, (_event, name) => report(name === null ? '' : String(name)));
    } catch {
      // Removed between the scan and here: the next scan settles it.
      return;
    }
    // A watched folder that is removed may report an error instead of an event (platform-dependent).
    watcher.on('error', () => rescan());
    watchers.set(dir, watcher);
  };

  const rescan = (): void => {
    if (closed) return;
    const wanted = new Set<string>([projectDir]);
    for (const tree of TREES) if (isFolder(path.join(projectDir, tree))) folders(path.join(projectDir, tree), wanted);
    for (const [dir, watcher] of watchers) {
      if (!wanted.has(dir)) {
        watcher.close();
        watchers.delete(dir);
      }
    }
    for (const dir of wanted) {
      if (watchers.has(dir)) continue;
      if (dir === projectDir) {
        follow(dir, (name) => {
          if (!WATCHED_AT_ROOT.has(name)) return;
          rescan();
          onChange(path.join(projectDir, name));
        });
      } else {
        follow(dir, (name) => {
          if (name.startsWith('.')) return;
          const file = name === '' ? dir : path.join(dir, name);
          // An edited file changes no folder: the tree is read again only when a folder may have come or gone.
          if (statSync(file, { throwIfNoEntry: false })?.isFile() !== true) rescan();
          onChange(file);
        });
      }
    }
  };

  rescan();
  return {
    close() {
      closed = true;
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}

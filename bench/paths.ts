import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** This file runs from dist/bench/, so the repository is two levels up. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The Strapi-layout project both servers serve (Tessera reads it; the baseline mirrors it by hand). */
export const BENCH_PROJECT = path.join(REPO_ROOT, 'bench', 'project');
export const BLOG_PROJECT = path.join(REPO_ROOT, 'examples', 'blog');

export const TESSERA_ENTRY = path.join(REPO_ROOT, 'dist', 'src', 'server', 'main.js');

/**
 * The V8 flags Tessera's own launchers use (the `tessera` bin's shebang and `npm start`): a
 * young generation capped at 8 MB per semi-space keeps RSS flat under load. The baseline runs
 * with the same flags, so the comparison stays like for like.
 */
export const NODE_FLAGS = ['--max-semi-space-size=8'] as const;
/** The hand-written baseline of each database. */
export const BASELINE_ENTRIES = {
  sqlite: path.join(REPO_ROOT, 'dist', 'bench', 'baseline-sqlite-server.js'),
  postgres: path.join(REPO_ROOT, 'dist', 'bench', 'baseline-postgres-server.js'),
} as const;

/** Databases, profiles and results of a run; `.tmp/` is gitignored. */
export const WORK_DIR = path.join(REPO_ROOT, '.tmp', 'bench');

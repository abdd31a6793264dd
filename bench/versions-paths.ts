import path from 'node:path';
import { REPO_ROOT } from './paths.js';

/** The versions scenario's project: bench/project's model with Draft & Publish and two locales. */
export const VERSIONS_PROJECT = path.join(REPO_ROOT, 'bench', 'project-versions');

/** The hand-written baseline of the versions scenario, per database. */
export const VERSIONS_BASELINE_ENTRIES = {
  sqlite: path.join(REPO_ROOT, 'dist', 'bench', 'baseline-versions-sqlite-server.js'),
  postgres: path.join(REPO_ROOT, 'dist', 'bench', 'baseline-versions-postgres-server.js'),
} as const;

import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fixturePath, ROOT } from './test-app.js';

export const EXAMPLE_BLOG = path.join(ROOT, 'examples', 'blog');

/** What a user running the example leaves in it: its database, uploads, installed packages. */
const LEFT_BY_USE = new Set(['.tmp', 'node_modules', 'uploads']);

export interface ExampleBlogCopy {
  readonly dir: string;
  remove(): Promise<void>;
}

/**
 * A temp copy of examples/blog for tests, with the permissions pinned to what the repository
 * ships (test/fixtures/example-blog-pinned): README's tour has users edit the example's
 * `config/permissions.js` (granting writes), and the suite must not change with it. What running
 * the example leaves behind (its `.tmp` database, uploads) is not copied. `source` is another
 * copy to start from (the test of this independence edits one).
 */
export async function copyExampleBlog(source = EXAMPLE_BLOG): Promise<ExampleBlogCopy> {
  const dir = await mkdtemp(path.join(tmpdir(), 'tessera-example-blog-'));
  await cp(source, dir, { recursive: true, filter: (file) => !LEFT_BY_USE.has(path.basename(file)) });
  await cp(fixturePath('example-blog-pinned'), dir, { recursive: true });
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

// The 100,000-article data set of the content manager's benchmarks (bench/content-manager-list.ts,
// bench/admin-list-view.ts), written straight into the tables in one transaction.
import { createDocumentId } from '../src/core/documents/document-id.js';
import type { TestApp } from '../test/helpers/test-app.js';
import { testDatabaseKind } from '../test/helpers/test-database.js';

const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet', 'kilo', 'lima', 'mike', 'november', 'oscar', 'papa'];

/** A fixed pseudo-random sequence (every run has the same data). */
function prng(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/**
 * `documents` articles of the content-manager-app fixture, in the stored form the document
 * service writes: drafts in `en`, every third one published, a tenth of those modified since.
 */
export async function seedArticles(app: TestApp, documents: number): Promise<void> {
  const { db, dialect } = app.app.database;
  const random = prng(20);
  const at = (ms: number) => dialect.encode('datetime', new Date(Date.UTC(2026, 0, 1) + ms).toISOString());
  const batch = 500;
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < documents; start += batch) {
      const rows: Record<string, unknown>[] = [];
      for (let index = start; index < Math.min(start + batch, documents); index += 1) {
        const words = [0, 1, 2].map(() => WORDS[Math.floor(random() * WORDS.length)]);
        const title = `${words.join(' ')} ${index}`;
        const documentId = createDocumentId();
        const base = { document_id: documentId, title, slug: `doc-${index}`, views: Math.floor(random() * 10_000), locale: 'en', created_at: at(index * 1000), created_by_id: 1, updated_by_id: 1 };
        const published = index % 3 === 0;
        const modified = published && index % 10 === 0;
        rows.push({ ...base, updated_at: at(index * 1000 + (modified ? 500 : 0)), published_at: null });
        if (published) rows.push({ ...base, updated_at: at(index * 1000), published_at: at(index * 1000) });
      }
      await trx.insertInto('articles').values(rows).execute();
    }
  });
  if (testDatabaseKind() === 'postgres') await db.executeQuery({ sql: 'analyze articles', parameters: [], query: { kind: 'RawNode', sqlFragments: ['analyze articles'], parameters: [] } } as never);
}


// @databases: sqlite — the GraphQL schema is generated from the model, not from storage
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import { buildClientSchema, getIntrospectionQuery, printSchema, type IntrospectionQuery } from 'graphql';
import { copyExampleBlog } from '../helpers/example-blog.js';
import { ROOT, startTestApp } from '../helpers/test-app.js';
import { withGraphqlShape } from '../helpers/graphql-config.js';

/**
 * The generated schema of the example project (examples/blog), in both shapes, as printed SDL
 * compared with the snapshots in test/e2e/snapshots/. The schema is read as a client sees it:
 * an introspection query over HTTP. `UPDATE_SNAPSHOTS=1` rewrites the snapshots.
 */

const SNAPSHOTS = path.join(ROOT, 'test', 'e2e', 'snapshots');
const UPDATE = process.env.UPDATE_SNAPSHOTS === '1';

/** The entity shape asked for with Strapi's key; the flat one is the default (examples/blog has no graphql config). */
const entity = withGraphqlShape('entity');

async function printedSchema(shape: 'entity' | 'flat'): Promise<string> {
  // A copy with the shipped permissions: what a user edits in the example does not reach the snapshot.
  const blog = await copyExampleBlog();
  const t = await startTestApp({ fixture: blog.dir, ...(shape === 'entity' ? { override: entity } : {}) }).catch(async (error: unknown) => {
    await blog.remove();
    throw error;
  });
  try {
    const response = await t.request('POST', '/graphql', { body: { query: getIntrospectionQuery() } });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.errors, undefined, response.text);
    return `${printSchema(buildClientSchema(response.body.data as IntrospectionQuery))}\n`;
  } finally {
    await t.close();
    await blog.remove();
  }
}

describe('graphql schema snapshots (examples/blog)', () => {
  for (const shape of ['entity', 'flat'] as const) {
    it(`${shape} shape`, async () => {
      const printed = await printedSchema(shape);
      const file = path.join(SNAPSHOTS, `graphql-${shape}.graphql`);
      if (UPDATE) {
        await mkdir(SNAPSHOTS, { recursive: true });
        await writeFile(file, printed);
        return;
      }
      const stored = await readFile(file, 'utf8').catch(() => null);
      assert.ok(stored !== null, `no snapshot at ${file}: run with UPDATE_SNAPSHOTS=1`);
      assert.equal(printed, stored, `the ${shape} schema changed: review the difference, then run with UPDATE_SNAPSHOTS=1`);
    });
  }

  it('the shapes differ where they must', async () => {
    const [entity, flatSdl] = await Promise.all([readFile(path.join(SNAPSHOTS, 'graphql-entity.graphql'), 'utf8'), readFile(path.join(SNAPSHOTS, 'graphql-flat.graphql'), 'utf8')]);
    assert.match(entity, /\n {2}articles\(filters: ArticleFiltersInput, pagination: PaginationArg = \{\}, sort: \[String\] = \[\], publicationState: PublicationState = LIVE/);
    assert.match(entity, /type ArticleEntity \{\n {2}id: ID\n {2}attributes: Article\n\}/);
    assert.match(entity, /type ArticleEntityResponseCollection \{\n {2}data: \[ArticleEntity!\]!\n {2}meta: ResponseCollectionMeta!\n\}/);
    assert.match(entity, /\n {2}deleteArticle\(id: ID!/);
    assert.match(flatSdl, /\n {2}article\(documentId: ID!/);
    assert.match(flatSdl, /\n {2}articles\(.*\): \[Article\]!\n/);
    assert.match(flatSdl, /\n {2}articles_connection\(.*\): ArticleEntityResponseCollection\n/);
    assert.match(flatSdl, /type ArticleEntityResponseCollection \{\n {2}nodes: \[Article!\]!\n {2}pageInfo: Pagination!\n\}/);
    assert.match(flatSdl, /\n {2}deleteArticle\(documentId: ID!.*\): DeleteMutationResponse\n/);
    for (const sdl of [entity, flatSdl]) {
      for (const operator of ['eq', 'eqi', 'ne', 'nei', 'startsWith', 'endsWith', 'contains', 'notContains', 'containsi', 'notContainsi', 'gt', 'gte', 'lt', 'lte', 'null', 'notNull', 'in', 'notIn', 'between']) {
        assert.match(sdl, new RegExp(`input StringFilterInput \\{[^}]*\\n {2}${operator}: `), operator);
      }
      for (const scalar of ['JSON', 'DateTime']) assert.match(sdl, new RegExp(`scalar ${scalar}\\n`));
    }
  });
});

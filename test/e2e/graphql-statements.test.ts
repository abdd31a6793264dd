import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { withGraphqlShape } from '../helpers/graphql-config.js';

/**
 * No N+1 over GraphQL: nested relation, component and dynamic-zone fields are resolved per
 * level, so a query over 100 documents runs as many statements as the same query over 3.
 */

const COUNT = 100;


async function seed(t: TestApp): Promise<void> {
  const create = async (plural: string, data: Record<string, unknown>) => {
    const response = await t.post(`/api/${plural}`, { data });
    assert.equal(response.status, 201, response.text);
    return response.body.data.documentId as string;
  };
  const tags = [await create('tags', { name: 't1' }), await create('tags', { name: 't2' }), await create('tags', { name: 't3' })];
  const authors = [await create('authors', { name: 'Ann' }), await create('authors', { name: 'Bob' })];
  const category = await create('categories', { name: 'News' });
  for (let index = 0; index < COUNT; index += 1) {
    await create('articles', {
      title: `Article ${String(index).padStart(3, '0')}`, views: index,
      tags: [tags[index % 3], tags[(index + 1) % 3]], author: authors[index % 2], category,
      seo: { metaTitle: `Seo ${index}` },
      blocks: [{ __component: 'shared.quote', text: `q${index}` }, { __component: 'shared.link', label: 'l', url: `u${index}` }],
    });
  }
}

for (const shape of ['entity', 'flat'] as const) {
  describe(`graphql statements (${shape} shape)`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp({ fixture: 'versions-app', override: withGraphqlShape(shape) });
      await seed(t);
    });
    after(() => t.close());

    async function measure(query: string): Promise<{ statements: number; data: Record<string, unknown> }> {
      const { result, statements } = await t.app.database.counter.measure(() => t.request('POST', '/graphql', { body: { query } }));
      assert.equal(result.status, 200, result.text);
      assert.equal(result.body.errors, undefined, result.text);
      return { statements, data: result.body.data };
    }

    const entityQuery = (args: string) => `{ articles(${args}, sort: "views:asc") {
      data { id attributes {
        title
        tags { data { id attributes { name articles { data { id attributes { title } } } } } }
        author { data { id attributes { name } } }
        category { data { attributes { name } } }
        seo { metaTitle }
        blocks { __typename ... on ComponentSharedQuote { text } ... on ComponentSharedLink { url } }
        localizations { data { id } }
      } }
      meta { pagination { total } }
    } }`;
    const flatQuery = (args: string) => `{ articles(${args}, sort: "views:asc") {
      title
      tags { name articles { title author { name } } }
      tags_connection { nodes { name } }
      author { name }
      category { name }
      seo { metaTitle }
      blocks { __typename ... on ComponentSharedQuote { text } ... on ComponentSharedLink { url } }
      localizations { documentId }
    } articles_connection(${args}) { pageInfo { total } } }`;
    const query = shape === 'flat' ? flatQuery : entityQuery;
    const list = (data: Record<string, unknown>) => (shape === 'flat' ? data.articles : (data.articles as { data: unknown[] }).data) as unknown[];

    it(`a nested query over ${COUNT} documents runs as many statements as over 3`, async () => {
      const few = await measure(query('filters: { views: { lt: 3 } }, pagination: { limit: 3 }'));
      const all = await measure(query(`pagination: { limit: ${COUNT} }`));
      assert.equal(list(few.data).length, 3);
      assert.equal(list(all.data).length, COUNT);
      assert.equal(all.statements, few.statements, `${all.statements} statements for ${COUNT} documents, ${few.statements} for 3`);
      // A bound on the shape: well under one statement per document.
      assert.ok(all.statements < 25, `${all.statements} statements`);
    });

    it('the nested data is complete for every document', async () => {
      const all = await measure(query(`pagination: { limit: ${COUNT} }`));
      const documents = list(all.data);
      if (shape === 'flat') {
        for (const article of documents as { tags: { articles: unknown[] }[]; author: unknown; seo: unknown; blocks: unknown[] }[]) {
          assert.equal(article.tags.length, 2);
          assert.equal(article.tags[0]!.articles.length, 10);
          assert.ok(article.author && article.seo);
          assert.equal(article.blocks.length, 2);
        }
      } else {
        for (const article of documents as { attributes: { tags: { data: { attributes: { articles: { data: unknown[] } } }[] }; author: { data: unknown }; seo: unknown; blocks: unknown[] } }[]) {
          assert.equal(article.attributes.tags.data.length, 2);
          assert.equal(article.attributes.tags.data[0]!.attributes.articles.data.length, 10);
          assert.ok(article.attributes.author.data && article.attributes.seo);
          assert.equal(article.attributes.blocks.length, 2);
        }
      }
    });
  });
}

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * REST and GraphQL are two transports over one document service: the same read returns the
 * same documents, in the same order, with the same pagination and the same populated relations.
 */

interface Case {
  readonly name: string;
  readonly rest: string;
  readonly graphql: string;
}

interface Row {
  readonly documentId: string;
  readonly title: string;
  readonly views: number | null;
  readonly publishedAt: string | null;
  readonly locale: string;
  readonly tags: string[];
  readonly author: string | null;
  readonly seo: string | null;
}

const TITLES = ['Apple pie', 'banana split', 'Cherry tart', 'apple crumble', 'Date loaf', 'Éclair', 'fig roll', 'Grape jelly', 'honey cake', 'Ice cream', 'Jam roly-poly', 'kiwi sorbet'];

describe('graphql ↔ REST parity', () => {
  let t: TestApp;
  const tags: string[] = [];
  const authors: string[] = [];

  async function create(plural: string, data: Record<string, unknown>, query = ''): Promise<string> {
    const response = await t.post(`/api/${plural}${query}`, { data });
    assert.equal(response.status, 201, response.text);
    return response.body.data.documentId;
  }

  before(async () => {
    t = await startTestApp({ fixture: 'versions-app' });
    for (const name of ['red', 'blue', 'green', 'Yellow']) tags.push(await create('tags', { name }));
    for (const name of ['Ann', 'Bob', 'cat']) authors.push(await create('authors', { name }));
    for (const [index, title] of TITLES.entries()) {
      const data = {
        title, views: index % 4 === 3 ? null : (index * 7) % 5, code: index % 3 === 0 ? null : `c${index}`,
        tags: [tags[index % 4], tags[(index + 2) % 4], ...(index % 2 ? [tags[(index + 1) % 4]] : [])],
        author: index % 5 === 4 ? null : authors[index % 3],
        ...(index % 3 === 1 ? {} : { seo: { metaTitle: `seo ${title}` } }),
      };
      // Some documents only have a draft; some have a different draft than their published version.
      const documentId = await create('articles', data, index % 6 === 5 ? '?status=draft' : '');
      if (index % 4 === 1) {
        const draft = await t.put(`/api/articles/${documentId}?status=draft`, { data: { title: `${title} (draft)`, tags: [tags[3]] } });
        assert.equal(draft.status, 200, draft.text);
      }
      if (index % 3 === 0) {
        const fr = await t.put(`/api/articles/${documentId}?locale=fr`, { data: { title: `${title} fr`, tags: [tags[index % 4]] } });
        assert.equal(fr.status, 200, fr.text);
      }
    }
  });
  after(() => t.close());

  const REST_POPULATE = 'populate[tags][fields][0]=name&populate[author][fields][0]=name&populate[seo]=true';

  async function viaRest(query: string): Promise<{ rows: Row[]; pagination: unknown }> {
    const response = await t.get(`/api/articles?${query}&${REST_POPULATE}`);
    assert.equal(response.status, 200, response.text);
    const rows = response.body.data.map((document: Record<string, unknown> & { tags: { documentId: string }[]; author: { documentId: string } | null; seo: { metaTitle: string } | null }) => ({
      documentId: document.documentId, title: document.title, views: document.views, publishedAt: document.publishedAt, locale: document.locale,
      tags: document.tags.map((tag) => tag.documentId), author: document.author?.documentId ?? null, seo: document.seo?.metaTitle ?? null,
    }));
    return { rows, pagination: response.body.meta.pagination };
  }

  async function viaGraphql(args: string): Promise<{ rows: Row[]; pagination: unknown }> {
    const query = `{ articles(${args}) {
      data { id attributes { title views publishedAt locale tags(pagination: { limit: 100 }) { data { id } } author { data { id } } seo { metaTitle } } }
      meta { pagination { total page pageSize pageCount } }
    } }`;
    const response = await t.request('POST', '/graphql', { body: { query } });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.errors, undefined, response.text);
    const rows = response.body.data.articles.data.map((entity: { id: string; attributes: Record<string, unknown> & { tags: { data: { id: string }[] }; author: { data: { id: string } | null }; seo: { metaTitle: string } | null } }) => ({
      documentId: entity.id, title: entity.attributes.title, views: entity.attributes.views, publishedAt: entity.attributes.publishedAt, locale: entity.attributes.locale,
      tags: entity.attributes.tags.data.map((tag) => tag.id), author: entity.attributes.author.data?.id ?? null, seo: entity.attributes.seo?.metaTitle ?? null,
    }));
    return { rows, pagination: response.body.data.articles.meta.pagination };
  }

  const cases: Case[] = [
    { name: 'no filter, sort by title (code point order)', rest: 'sort=title:asc&pagination[pageSize]=100', graphql: 'sort: "title:asc", pagination: { pageSize: 100 }' },
    {
      name: 'several operators together',
      rest: 'filters[title][$containsi]=A&filters[views][$gte]=1&filters[code][$notNull]=true&sort[0]=views:desc&sort[1]=title:asc&pagination[pageSize]=100',
      graphql: 'filters: { title: { containsi: "A" }, views: { gte: 1 }, code: { notNull: true } }, sort: ["views:desc", "title:asc"], pagination: { pageSize: 100 }',
    },
    {
      name: '$or, $in, $null, $not',
      rest: 'filters[$or][0][views][$in][0]=0&filters[$or][0][views][$in][1]=4&filters[$or][1][code][$null]=true&filters[$not][title][$startsWith]=D&sort=title:desc&pagination[pageSize]=100',
      graphql: 'filters: { or: [{ views: { in: [0, 4] } }, { code: { null: true } }], not: { title: { startsWith: "D" } } }, sort: "title:desc", pagination: { pageSize: 100 }',
    },
    {
      name: '$between, $lt, $eqi, $nei, $endsWith',
      rest: 'filters[$and][0][views][$between][0]=1&filters[$and][0][views][$between][1]=3&filters[$and][1][title][$nei]=FIG ROLL&filters[$and][2][code][$endsWith]=1&sort=title:asc&pagination[pageSize]=100',
      graphql: 'filters: { and: [{ views: { between: [1, 3] } }, { title: { nei: "FIG ROLL" } }, { code: { endsWith: "1" } }] }, sort: "title:asc", pagination: { pageSize: 100 }',
    },
    {
      name: 'deep filters through a relation and a component',
      rest: 'filters[tags][name][$eq]=blue&filters[seo][metaTitle][$containsi]=a&sort=title:asc&pagination[pageSize]=100',
      graphql: 'filters: { tags: { name: { eq: "blue" } }, seo: { metaTitle: { containsi: "a" } } }, sort: "title:asc", pagination: { pageSize: 100 }',
    },
    { name: 'deep sort through a relation', rest: 'sort[0]=author.name:asc&sort[1]=title:asc&pagination[pageSize]=100', graphql: 'sort: ["author.name:asc", "title:asc"], pagination: { pageSize: 100 }' },
    { name: 'ties on the sort key keep one order', rest: 'sort=views:asc&pagination[pageSize]=100', graphql: 'sort: "views:asc", pagination: { pageSize: 100 }' },
    { name: 'page and pageSize', rest: 'sort=title:asc&pagination[page]=2&pagination[pageSize]=3', graphql: 'sort: "title:asc", pagination: { page: 2, pageSize: 3 }' },
    { name: 'start and limit', rest: 'sort=title:desc&pagination[start]=2&pagination[limit]=4', graphql: 'sort: "title:desc", pagination: { start: 2, limit: 4 }' },
    { name: 'status draft', rest: 'status=draft&sort=title:asc&pagination[pageSize]=100', graphql: 'status: DRAFT, sort: "title:asc", pagination: { pageSize: 100 }' },
    { name: 'status draft as publicationState PREVIEW', rest: 'status=draft&sort=title:asc&pagination[pageSize]=100', graphql: 'publicationState: PREVIEW, sort: "title:asc", pagination: { pageSize: 100 }' },
    { name: 'status published', rest: 'status=published&sort=views:desc&pagination[pageSize]=100', graphql: 'status: PUBLISHED, sort: "views:desc", pagination: { pageSize: 100 }' },
    { name: 'locale fr', rest: 'locale=fr&sort=title:asc&pagination[pageSize]=100', graphql: 'locale: "fr", sort: "title:asc", pagination: { pageSize: 100 }' },
    { name: 'locale fr, drafts, filtered', rest: 'locale=fr&status=draft&filters[tags][name][$in][0]=red&filters[tags][name][$in][1]=green&sort=title:asc&pagination[pageSize]=100', graphql: 'locale: "fr", status: DRAFT, filters: { tags: { name: { in: ["red", "green"] } } }, sort: "title:asc", pagination: { pageSize: 100 }' },
  ];

  for (const { name, rest, graphql } of cases) {
    it(name, async () => {
      const fromRest = await viaRest(rest);
      const fromGraphql = await viaGraphql(graphql);
      assert.ok(fromRest.rows.length > 0, `${name}: the case must select something`);
      assert.deepEqual(fromGraphql.rows, fromRest.rows);
      const { total, page, pageSize, pageCount } = fromRest.pagination as Record<string, number>;
      if (page !== undefined) assert.deepEqual(fromGraphql.pagination, { total, page, pageSize, pageCount });
      else assert.equal((fromGraphql.pagination as { total: number }).total, total);
    });
  }

  it('findOne: the same document through both, in every status and locale', async () => {
    const all = await viaRest('status=draft&pagination[pageSize]=100');
    for (const { documentId } of all.rows) {
      for (const [restQuery, graphqlArgs] of [['', ''], ['status=draft', 'status: DRAFT'], ['locale=fr', 'locale: "fr"']] as const) {
        const rest = await t.get(`/api/articles/${documentId}?${restQuery}&${REST_POPULATE}`);
        const graphql = await t.request('POST', '/graphql', { body: { query: `{ article(id: "${documentId}"${graphqlArgs ? `, ${graphqlArgs}` : ''}) { data { id attributes { title tags { data { id } } } } } }` } });
        assert.equal(graphql.body.errors, undefined, graphql.text);
        if (rest.status === 404) assert.equal(graphql.body.data.article.data, null, `${documentId} ${restQuery}`);
        else {
          assert.equal(rest.status, 200, rest.text);
          assert.deepEqual(graphql.body.data.article.data, {
            id: documentId,
            attributes: { title: rest.body.data.title, tags: { data: rest.body.data.tags.map((tag: { documentId: string }) => ({ id: tag.documentId })) } },
          });
        }
      }
    }
  });
});

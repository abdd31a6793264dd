import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createApp, type App } from '../../src/server/app.js';
import { LINK_COLUMNS } from '../../src/core/schema/relation-link.js';
import { onFreshDatabase, type ServerDatabase } from '../helpers/cluster-database.js';
import { clientOf, type Client } from '../helpers/cluster-http.js';
import { seededRandom } from '../helpers/random.js';
import { fixturePath } from '../helpers/test-app.js';

/**
 * Many clients changing the same relation lists at once, through two apps on one database, on
 * the relations fixture: articles ↔ categories (manyToMany, both sides ordered) and
 * article.author ↔ author.articles (manyToOne ↔ oneToMany). Whatever interleaving the
 * database chose, no link may be duplicated or lost, every list's positions must be 1..n,
 * and both sides must tell the same story.
 */

async function withTwoApps(database: ServerDatabase, fn: (clients: readonly [Client, Client], app: App) => Promise<void>): Promise<void> {
  const start = () =>
    createApp({
      projectDir: fixturePath('relations'),
      override: (config) => ({ ...config, server: { ...config.server, host: '127.0.0.1', port: 0 }, database: database.config }),
    });
  const first = await start();
  let second: App | undefined;
  try {
    second = await start();
    await fn([clientOf(await first.listen()), clientOf(await second.listen())], first);
  } finally {
    await Promise.all([first.close(), second?.close()]);
  }
}

const via = (clients: readonly [Client, Client], i: number): Client => (i % 2 === 0 ? clients[0] : clients[1]);

async function create(client: Client, plural: string, data: Record<string, unknown>): Promise<string> {
  const reply = await client.post(`/api/${plural}`, data);
  assert.equal(reply.status, 201, JSON.stringify(reply.body));
  return reply.body.data.documentId as string;
}

interface LinkRow {
  readonly entity: number;
  readonly target: string;
  readonly targetOrd: number | null;
  readonly entityOrd: number | null;
}

async function linksOf(app: App, table: string): Promise<LinkRow[]> {
  const rows = await app.database.db.selectFrom(table).selectAll().execute();
  return rows.map((row) => ({
    entity: Number(row[LINK_COLUMNS.entity]),
    target: String(row[LINK_COLUMNS.target]),
    targetOrd: row[LINK_COLUMNS.targetOrder] === null ? null : Number(row[LINK_COLUMNS.targetOrder]),
    entityOrd: row[LINK_COLUMNS.entityOrder] === null ? null : Number(row[LINK_COLUMNS.entityOrder]),
  }));
}

/** No pair twice; the positions of every list, grouped by `key`, are exactly 1..n. */
function assertListsSound(links: readonly LinkRow[], key: (link: LinkRow) => string | number, order: (link: LinkRow) => number | null, what: string): void {
  const pairs = new Set(links.map((link) => `${link.entity}|${link.target}`));
  assert.equal(pairs.size, links.length, `${what}: a link is stored twice`);
  const lists = new Map<string | number, number[]>();
  for (const link of links) lists.set(key(link), [...(lists.get(key(link)) ?? []), order(link) ?? -1]);
  for (const [owner, positions] of lists) {
    assert.deepEqual([...positions].sort((a, b) => a - b), positions.map((_, index) => index + 1), `${what}: the list of ${owner} is not 1..n`);
  }
}

/** Both sides of articles ↔ categories read over HTTP agree with each other and with the table. */
async function assertSidesAgree(client: Client, app: App, articles: readonly string[], categories: readonly string[]): Promise<void> {
  const links = await linksOf(app, 'articles_categories_lnk');
  assertListsSound(links, (link) => link.entity, (link) => link.targetOrd, 'article.categories');
  assertListsSound(links, (link) => link.target, (link) => link.entityOrd, 'category.articles');
  const forward = new Set<string>();
  for (const article of articles) {
    const reply = await client.get(`/api/articles/${article}?populate[categories][fields][0]=name`);
    for (const category of reply.body.data.categories as { documentId: string }[]) forward.add(`${article}>${category.documentId}`);
  }
  const backward = new Set<string>();
  for (const category of categories) {
    const reply = await client.get(`/api/categories/${category}?populate[articles][fields][0]=title`);
    for (const article of reply.body.data.articles as { documentId: string }[]) backward.add(`${article.documentId}>${category}`);
  }
  assert.deepEqual([...forward].sort(), [...backward].sort());
  assert.equal(forward.size, links.length);
}

async function connectsToOneList(clients: readonly [Client, Client], app: App): Promise<void> {
  const article = await create(clients[0], 'articles', { title: 'hub' });
  const categories: string[] = [];
  for (let i = 0; i < 16; i += 1) categories.push(await create(clients[0], 'categories', { name: `c${i}` }));
  // Every client connects its own category at the end of one article's list, at once.
  const replies = await Promise.all(categories.map((category, i) => via(clients, i).put(`/api/articles/${article}`, { categories: { connect: [category] } })));
  assert.deepEqual(replies.map((reply) => reply.status), categories.map(() => 200));
  const links = await linksOf(app, 'articles_categories_lnk');
  assert.equal(links.length, 16, 'no connect is lost');
  await assertSidesAgree(clients[0], app, [article], categories);
}

async function sameLinkAtOnce(clients: readonly [Client, Client], app: App): Promise<void> {
  const article = await create(clients[0], 'articles', { title: 'one' });
  const category = await create(clients[0], 'categories', { name: 'only' });
  const replies = await Promise.all(Array.from({ length: 12 }, (_, i) => via(clients, i).put(`/api/articles/${article}`, { categories: { connect: [category] } })));
  assert.deepEqual(replies.map((reply) => reply.status), replies.map(() => 200));
  assert.equal((await linksOf(app, 'articles_categories_lnk')).length, 1, 'the link exists once');
}

/** Random connects, disconnects, sets and reorders from both sides of both relations, at once. */
async function mixedLoad(clients: readonly [Client, Client], app: App): Promise<string> {
  const random = seededRandom(4242);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const articles: string[] = [];
  const categories: string[] = [];
  const authors: string[] = [];
  for (let i = 0; i < 5; i += 1) articles.push(await create(clients[0], 'articles', { title: `a${i}` }));
  for (let i = 0; i < 6; i += 1) categories.push(await create(clients[0], 'categories', { name: `c${i}` }));
  for (let i = 0; i < 3; i += 1) authors.push(await create(clients[0], 'authors', { name: `w${i}` }));
  const statuses = new Map<number, number>();
  const operation = (i: number): Promise<{ status: number }> => {
    const client = via(clients, i);
    const choice = random();
    if (choice < 0.3) return client.put(`/api/articles/${pick(articles)}`, { categories: { connect: [{ documentId: pick(categories), position: random() < 0.5 ? { start: true } : { end: true } }] } });
    if (choice < 0.45) return client.put(`/api/articles/${pick(articles)}`, { categories: { disconnect: [pick(categories)] } });
    if (choice < 0.6) return client.put(`/api/categories/${pick(categories)}`, { articles: { connect: [pick(articles)] } });
    if (choice < 0.7) return client.put(`/api/categories/${pick(categories)}`, { articles: [pick(articles), pick(articles)].filter((id, index, all) => all.indexOf(id) === index) });
    if (choice < 0.85) return client.put(`/api/articles/${pick(articles)}`, { author: pick(authors) });
    return client.put(`/api/authors/${pick(authors)}`, { articles: { connect: [pick(articles)] } });
  };
  const CLIENTS = 12;
  const OPS = 15;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      for (let n = 0; n < OPS; n += 1) {
        const reply = await operation(c * OPS + n);
        statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
      }
    }),
  );
  assert.deepEqual([...statuses.keys()], [200], `every write succeeds: ${JSON.stringify([...statuses])}`);
  await assertSidesAgree(clients[1], app, articles, categories);
  const authorLinks = await linksOf(app, 'articles_author_lnk');
  assert.equal(new Set(authorLinks.map((link) => link.entity)).size, authorLinks.length, 'an article has at most one author');
  assertListsSound(authorLinks, (link) => link.target, (link) => link.entityOrd, 'author.articles');
  return `${CLIENTS * OPS} writes; ${authorLinks.length} author links`;
}

for (const [kind, label] of [
  ['postgres', 'PostgreSQL'],
  ['mysql', 'MariaDB'],
] as const) {
  describe(`concurrent relation writes through two apps on one ${label} database`, () => {
    it('16 clients connecting to one list at once: every link kept, positions 1..16', { timeout: 30_000 }, async (t) => {
      await onFreshDatabase(t, kind, (database) => withTwoApps(database, connectsToOneList));
    });

    it('12 clients connecting the same link at once: stored once', { timeout: 30_000 }, async (t) => {
      await onFreshDatabase(t, kind, (database) => withTwoApps(database, sameLinkAtOnce));
    });

    it('12 clients × 15 random relation writes from both sides: no duplicate, lists contiguous, sides agree', { timeout: 60_000 }, async (t) => {
      await onFreshDatabase(t, kind, (database) => withTwoApps(database, async (clients, app) => t.diagnostic(await mixedLoad(clients, app))));
    });
  });
}

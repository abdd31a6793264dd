import assert from 'node:assert/strict';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { HTTPBadRequestError, HTTPNotFoundError, strapi, type StrapiClient } from '@strapi/client';
import { createApiToken } from '../helpers/auth-fixtures.js';
import { fixturePath, startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Every method of the official `@strapi/client` against a running app, as a front end calls
 * them. The client sends `Content-Type: application/json` on every request, bodiless GETs and
 * DELETEs included; the deletes failed on that (an empty JSON body was a 400).
 */

/** A throw-away copy of the fixture: uploads land in the project's public/uploads. */
async function projectCopy(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'tessera-strapi-client-'));
  await cp(fixturePath('strapi-client-app'), dir, { recursive: true });
  return dir;
}

/** The status the client's HTTP error carries, or 'resolved'. */
async function failure(promise: Promise<unknown>): Promise<number | 'resolved'> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    if (error instanceof Error && 'response' in error && error.response instanceof Response) return error.response.status;
    throw error;
  }
}

describe('@strapi/client against Tessera', () => {
  let t: TestApp;
  let projectDir: string;
  let client: StrapiClient;
  before(async () => {
    projectDir = await projectCopy();
    t = await startTestApp({ fixture: projectDir });
    const { token } = await createApiToken(t.app, { type: 'full-access' });
    client = strapi({ baseURL: `${t.baseUrl}/api`, auth: token });
  });
  after(async () => {
    await t.close();
    await rm(projectDir, { recursive: true, force: true });
  });

  describe('collection types', () => {
    it('create, find, findOne, update and delete', async () => {
      const authors = client.collection('authors');
      const created = await authors.create({ name: 'Ada', email: 'ada@example.com' });
      const { documentId } = created.data;
      assert.equal(created.data.name, 'Ada');
      await authors.create({ name: 'Grace' });

      const found = await authors.find({ filters: { name: { $startsWith: 'A' } }, sort: 'name:asc', fields: ['name'], pagination: { page: 1, pageSize: 10 } });
      assert.deepEqual(
        found.data.map((author) => author.name),
        ['Ada'],
      );
      assert.equal(found.meta.pagination?.total, 1);

      const one = await authors.findOne(documentId, { fields: ['name', 'email'] });
      assert.deepEqual({ name: one.data.name, email: one.data.email }, { name: 'Ada', email: 'ada@example.com' });

      const updated = await authors.update(documentId, { name: 'Ada Lovelace' });
      assert.equal(updated.data.name, 'Ada Lovelace');
      assert.equal((await authors.findOne(documentId)).data.name, 'Ada Lovelace');

      await authors.delete(documentId);
      assert.equal(await failure(authors.findOne(documentId)), 404);
      assert.deepEqual(
        (await authors.find()).data.map((author) => author.name),
        ['Grace'],
      );
    });

    it('drafts, publishing through a write, relations and populate', async () => {
      const author = (await client.collection('authors').create({ name: 'Linus' })).data;
      const articles = client.collection('articles');
      const draft = await articles.create({ title: 'Draft', author: author.documentId }, { status: 'draft' });
      const { documentId } = draft.data;
      assert.equal(await failure(articles.findOne(documentId)), 404, 'not published yet');
      assert.equal((await articles.findOne(documentId, { status: 'draft' })).data.title, 'Draft');

      await articles.update(documentId, { title: 'Live' });
      const published = await articles.findOne(documentId, { populate: { author: { fields: ['name'] } } });
      assert.equal(published.data.title, 'Live');
      assert.equal((published.data.author as { name: string }).name, 'Linus');

      await articles.delete(documentId);
      assert.equal(await failure(articles.findOne(documentId, { status: 'draft' })), 404);
    });

    it('a refused write is the client error the reference gives', async () => {
      const refused = client.collection('authors').create({ name: null });
      await assert.rejects(refused, HTTPBadRequestError);
      assert.equal(await failure(client.collection('authors').update('nosuchdocumentid00000000', { name: 'x' })), 404);
      await assert.rejects(client.collection('authors').delete('nosuchdocumentid00000000'), HTTPNotFoundError);
    });
  });

  describe('single types', () => {
    it('update (creating it), find and delete', async () => {
      const homepage = client.single('homepage');
      assert.equal(await failure(homepage.find()), 404);
      await homepage.update({ title: 'Draft home' }, { status: 'draft' });
      assert.equal(await failure(homepage.find()), 404, 'a draft only');
      assert.equal((await homepage.find({ status: 'draft' })).data.title, 'Draft home');

      const updated = await homepage.update({ title: 'Home' });
      assert.equal(updated.data.title, 'Home');
      assert.equal((await homepage.find({ fields: ['title'] })).data.title, 'Home');

      await homepage.delete();
      assert.equal(await failure(homepage.find()), 404);
      assert.equal(await failure(homepage.find({ status: 'draft' })), 404);
    });
  });

  describe('files', () => {
    it('upload, find, findOne, update and delete', async () => {
      const uploaded = await client.files.upload(Buffer.from('hello from the client'), {
        filename: 'hello.txt',
        mimetype: 'text/plain',
        fileInfo: { name: 'hello.txt', alternativeText: 'Greeting', caption: 'A caption' },
      });
      assert.equal(uploaded.length, 1);
      const file = uploaded[0];
      assert.ok(file);
      assert.deepEqual({ name: file.name, alternativeText: file.alternativeText, caption: file.caption, mime: file.mime }, {
        name: 'hello.txt',
        alternativeText: 'Greeting',
        caption: 'A caption',
        mime: 'text/plain',
      });
      const blob = await client.files.upload(new Blob(['second'], { type: 'text/plain' }));
      assert.equal(blob.length, 1);

      const listed = await client.files.find({ filters: { name: { $eq: 'hello.txt' } } });
      assert.deepEqual(
        listed.map((item) => item.id),
        [file.id],
      );
      assert.equal((await client.files.findOne(file.id)).name, 'hello.txt');

      const updated = await client.files.update(file.id, { name: 'renamed.txt', alternativeText: 'Changed' });
      assert.deepEqual({ name: updated.name, alternativeText: updated.alternativeText }, { name: 'renamed.txt', alternativeText: 'Changed' });

      const article = await client.collection('articles').create({ title: 'With cover', cover: file.id });
      const withCover = await client.collection('articles').findOne(article.data.documentId, { populate: ['cover'] });
      assert.equal((withCover.data.cover as { name: string }).name, 'renamed.txt');

      const deleted = await client.files.delete(file.id);
      assert.equal(deleted.id, file.id);
      assert.equal(await failure(client.files.findOne(file.id)), 404);
    });
  });

  describe('users (users-permissions, bodies not wrapped in data)', () => {
    it('create, find, findOne, update and delete', async () => {
      const users = client.collection('users');
      const created = (await users.create({ username: 'client-user', email: 'client-user@example.com', password: 'secret123', role: 1 })) as unknown as { id: number; username: string };
      assert.equal(created.username, 'client-user');

      const listed = (await users.find({ filters: { username: { $eq: 'client-user' } } })) as unknown as { id: number }[];
      assert.deepEqual(
        listed.map((user) => user.id),
        [created.id],
      );
      const one = (await users.findOne(created.id)) as unknown as { email: string; password?: string };
      assert.equal(one.email, 'client-user@example.com');
      assert.equal(one.password, undefined);

      const updated = (await users.update(created.id, { username: 'renamed-user' })) as unknown as { username: string };
      assert.equal(updated.username, 'renamed-user');

      await users.delete(created.id);
      assert.equal(await failure(users.findOne(created.id)), 404);
    });
  });

  it('fetch sends any request through the client, authenticated', async () => {
    const response = await client.fetch('/authors?fields[0]=name', { method: 'GET' });
    assert.equal(response.status, 200);
    const body = (await response.json()) as { data: unknown[] };
    assert.ok(Array.isArray(body.data));
  });
});

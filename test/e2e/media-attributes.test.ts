import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createDocumentService, type DocumentService } from '../../src/core/documents/document-service.js';
import { validateData } from '../../src/core/documents/validate-data.js';
import { parseDocumentQuery } from '../../src/core/query/parse/parse-document-query.js';
import type { ContentType } from '../../src/core/schema/content-type.js';
import { LINK_COLUMNS } from '../../src/core/schema/relation-link.js';
import { FILE_UID } from '../../src/plugins/upload/file-type.js';
import { expectContiguousOrders } from '../helpers/relation-model.js';
import { startTestApp, type TestApp, type TestResponse } from '../helpers/test-app.js';

/**
 * Media attributes (reference §14, spec Media rows): set by file id in POST/PUT, `allowedTypes`
 * checked against the file's mime, populated as whole file objects (also for callers without
 * any upload permission: the fixture's Public role may only use articles and posts), nested in
 * components and zones, copied on publish, unlinked when the file is deleted, and nested in
 * `{ data }` by the v4 format. Files are rows made through the document service, so these
 * tests do not depend on the upload API.
 */

type Body = TestResponse['body'];

/** Every public field of a file, in output order (`folderPath` is private, `related` is never output). */
const FILE_FIELDS = [
  'id', 'documentId', 'name', 'alternativeText', 'caption', 'focalPoint', 'width', 'height', 'formats', 'hash', 'ext', 'mime', 'size', 'url',
  'previewUrl', 'provider', 'provider_metadata', 'createdAt', 'updatedAt', 'publishedAt',
];

interface TestFile {
  readonly id: number;
  readonly documentId: string;
  readonly name: string;
}

describe('media attributes', () => {
  let t: TestApp;
  let documents: DocumentService;
  let fileType: ContentType;
  let count = 0;

  before(async () => {
    t = await startTestApp({ fixture: 'media-app' });
    documents = createDocumentService({ database: t.app.database, registry: t.app.registry });
    const type = t.app.registry.get(FILE_UID);
    if (!type) throw new Error('no file type');
    fileType = type;
  });
  after(() => t.close());

  function fileQuery() {
    return parseDocumentQuery({}, { contentType: fileType, rest: t.app.config.rest, registry: t.app.registry, locales: t.app.locales });
  }

  /** A row of the files table, as an upload would leave it. */
  async function createFile(mime: string, extra: Readonly<Record<string, unknown>> = {}): Promise<TestFile> {
    count += 1;
    const ext = `.${mime.split('/')[1]?.replace(/[^a-z0-9]/g, '') ?? 'bin'}`;
    const name = `file${count}${ext}`;
    const hash = `file${count}_${Math.random().toString(36).slice(2, 10)}`;
    const data = {
      name, hash, ext, mime, size: 12.34, url: `/uploads/${hash}${ext}`, provider: 'local', folderPath: '/1',
      ...(mime.startsWith('image/') ? { width: 800, height: 600, formats: { thumbnail: { name: `thumbnail_${name}`, hash: `thumbnail_${hash}`, ext, mime, width: 208, height: 156, size: 3.21, path: null, url: `/uploads/thumbnail_${hash}${ext}` } } } : {}),
      ...extra,
    };
    const document = await documents.create({ write: validateData(data, fileType, 'create', t.app.registry), query: fileQuery() });
    return { id: Number(document.id), documentId: String(document.documentId), name };
  }

  async function deleteFile(file: TestFile): Promise<void> {
    assert.equal(await documents.delete({ contentType: fileType, documentId: file.documentId, locale: '*' }), true);
  }

  async function create(plural: string, data: Record<string, unknown>, query = ''): Promise<Body> {
    const response = await t.post(`/api/${plural}${query}`, { data });
    assert.equal(response.status, 201, response.text);
    return response.body.data;
  }

  async function put(plural: string, documentId: string, data: Record<string, unknown>, query = ''): Promise<Body> {
    const response = await t.put(`/api/${plural}/${documentId}${query}`, { data });
    assert.equal(response.status, 200, response.text);
    return response.body.data;
  }

  async function read(url: string): Promise<Body> {
    const response = await t.get(url);
    assert.equal(response.status, 200, `${url}: ${response.text}`);
    return response.body.data;
  }

  const ids = (files: readonly Body[]): number[] => files.map((file) => file.id);
  const article = (documentId: string, populate = 'populate[0]=cover&populate[1]=attachments&populate[2]=photos') => read(`/api/articles/${documentId}?${populate}`);

  async function expectRefused(response: TestResponse, ...messages: RegExp[]): Promise<void> {
    assert.equal(response.status, 400, response.text);
    assert.equal(response.body.error.name, 'ValidationError');
    const errors: readonly Body[] = response.body.error.details?.errors ?? [];
    const text = [response.body.error.message, ...errors.map((error) => error.message)].join('\n');
    for (const message of messages) assert.match(text, message);
  }

  describe('writes', () => {
    it('sets media by id: a number, a string of digits, an array of them, or { id }', async () => {
      const [a, b, c] = [await createFile('image/png'), await createFile('application/pdf'), await createFile('video/mp4')];
      const created = await create('articles', { title: 'forms', cover: a.id, attachments: [b.id, String(c.id), { id: a.id }], photos: String(a.id) });
      const populated = await article(created.documentId);
      assert.equal(populated.cover.id, a.id);
      assert.deepEqual(ids(populated.attachments), [b.id, c.id, a.id], 'a multiple media keeps the order given');
      assert.deepEqual(ids(populated.photos), [a.id]);

      await put('articles', created.documentId, { cover: String(a.id), attachments: [c.id, b.id] });
      const reordered = await article(created.documentId);
      assert.equal(reordered.cover.id, a.id);
      assert.deepEqual(ids(reordered.attachments), [c.id, b.id]);
      assert.deepEqual(ids(reordered.photos), [a.id], 'an attribute not sent is kept');
    });

    it('null and [] clear; a single media keeps one file', async () => {
      const [a, b] = [await createFile('image/jpeg'), await createFile('image/webp')];
      const created = await create('articles', { title: 'clear', cover: [a.id, b.id], attachments: [a.id, b.id], photos: [b.id] });
      const populated = await article(created.documentId);
      assert.equal(populated.cover.id, b.id, 'the last file given');
      await put('articles', created.documentId, { cover: null, attachments: [], photos: null });
      const cleared = await article(created.documentId);
      assert.equal(cleared.cover, null);
      assert.deepEqual(cleared.attachments, []);
      assert.deepEqual(cleared.photos, []);
      await put('articles', created.documentId, { cover: [] });
      assert.equal((await article(created.documentId)).cover, null);
    });

    it('an unknown file id is a 400, and nothing is written', async () => {
      const a = await createFile('image/png');
      const before = (await t.get('/api/articles?pagination[pageSize]=1')).body.meta.pagination.total;
      await expectRefused(await t.post('/api/articles', { data: { title: 'unknown', cover: a.id, attachments: [a.id, 999_999] } }), /plugin::upload\.file/, /999999/);
      assert.equal((await t.get('/api/articles?pagination[pageSize]=1')).body.meta.pagination.total, before);

      const created = await create('articles', { title: 'kept', cover: a.id });
      await expectRefused(await t.put(`/api/articles/${created.documentId}`, { data: { cover: 999_998 } }), /999998/);
      assert.equal((await article(created.documentId)).cover.id, a.id);
    });

    it('connect, disconnect and set objects are refused for media', async () => {
      const a = await createFile('image/png');
      await expectRefused(await t.post('/api/articles', { data: { title: 'connect', attachments: { connect: [a.id] } } }), /connect, disconnect and set cannot be used/);
      await expectRefused(await t.post('/api/articles', { data: { title: 'set', cover: { set: [a.id] } } }));
    });

    it('allowedTypes are checked against the files\' mime types, naming the attribute and the file', async () => {
      const image = await createFile('image/svg+xml');
      const video = await createFile('video/webm');
      const audio = await createFile('audio/mpeg');
      const pdf = await createFile('application/pdf');
      const text = await createFile('text/plain');

      await expectRefused(await t.post('/api/articles', { data: { title: 'pdf cover', cover: pdf.id } }), /cover/, new RegExp(`file ${pdf.id} "${pdf.name}"`), /application\/pdf/, /allowed: images/);
      const refused = await t.post('/api/articles', { data: { title: 'mixed photos', photos: [image.id, audio.id, video.id, text.id] } });
      await expectRefused(refused, /photos/);
      assert.deepEqual(refused.body.error.details.errors.map((error: Body) => error.value), [audio.id, text.id], 'every refused file, in one 400');
      assert.deepEqual(refused.body.error.details.errors[0].path, ['photos']);

      // Without allowedTypes anything goes; videos and images where both are allowed.
      const created = await create('articles', { title: 'allowed', cover: image.id, photos: [video.id, image.id], attachments: [pdf.id, audio.id, text.id, image.id, video.id] });
      const populated = await article(created.documentId);
      assert.deepEqual(ids(populated.photos), [video.id, image.id]);
      assert.equal(populated.attachments.length, 5);

      // An update is checked too, and leaves the document as it was.
      await expectRefused(await t.put(`/api/articles/${created.documentId}`, { data: { title: 'changed', cover: video.id } }), /cover/, new RegExp(`file ${video.id}`));
      const unchanged = await article(created.documentId);
      assert.equal(unchanged.title, 'allowed');
      assert.equal(unchanged.cover.id, image.id);
    });

    it('allowedTypes are checked inside components and dynamic zones', async () => {
      const image = await createFile('image/gif');
      const audio = await createFile('audio/ogg');
      const zip = await createFile('application/zip');

      const seo = await t.post('/api/articles', { data: { title: 'seo', seo: { metaTitle: 'x', shareImage: zip.id } } });
      await expectRefused(seo, /shareImage/, new RegExp(`file ${zip.id}`));
      assert.deepEqual(seo.body.error.details.errors[0].path, ['seo', 'shareImage']);

      const zone = await t.post('/api/articles', { data: { title: 'zone', blocks: [{ __component: 'shared.download', file: zip.id }, { __component: 'shared.download', file: image.id }] } });
      await expectRefused(zone, /file/, new RegExp(`file ${image.id}`), /allowed: files, audios/);
      assert.deepEqual(zone.body.error.details.errors[0].path, ['blocks', '1', 'file']);
      await expectRefused(await t.post('/api/articles', { data: { title: 'gallery', blocks: [{ __component: 'shared.gallery', photos: [image.id, audio.id] }] } }), /photos/);

      const created = await create('articles', { title: 'nested ok', seo: { metaTitle: 'x', shareImage: image.id }, blocks: [{ __component: 'shared.download', file: audio.id }, { __component: 'shared.download', file: zip.id }] });
      const populated = await read(`/api/articles/${created.documentId}?populate[seo][populate]=shareImage&populate[blocks][on][shared.download][populate]=file`);
      assert.equal(populated.seo.shareImage.id, image.id);
      assert.deepEqual(populated.blocks.map((block: Body) => block.file.id), [audio.id, zip.id]);
    });

    it('the allowedTypes check reads nothing more: its files are read with the query that resolves the ids', async () => {
      const files: TestFile[] = [];
      for (let n = 0; n < 20; n += 1) files.push(await createFile('image/png'));
      const statements = async (data: Record<string, unknown>): Promise<number> => {
        const { result, statements } = await t.app.database.counter.measure(() => t.post('/api/articles', { data }));
        assert.equal(result.status, 201, result.text);
        return statements;
      };
      const unchecked = await statements({ title: 'unchecked', attachments: files.map((file) => file.id) });
      const checked = await statements({ title: 'checked', photos: files.map((file) => file.id) });
      const few = await statements({ title: 'few', photos: [files[0]!.id] });
      assert.equal(checked, unchecked);
      assert.equal(checked, few);
    });
  });

  describe('populate', () => {
    let file: TestFile;
    let other: TestFile;
    let documentId: string;

    before(async () => {
      file = await createFile('image/png', { alternativeText: 'alt', caption: 'cap', focalPoint: { x: 1, y: 2 }, provider_metadata: { key: 'v' } });
      other = await createFile('application/pdf');
      documentId = (await create('articles', {
        title: 'populated',
        cover: file.id,
        attachments: [other.id, file.id],
        seo: { metaTitle: 'seo', shareImage: file.id },
        blocks: [{ __component: 'shared.gallery', caption: 'g', photos: [file.id] }, { __component: 'shared.quote', body: 'q' }, { __component: 'shared.download', label: 'd', file: other.id }],
      })).documentId;
    });

    it('populate=cover gives the whole file object, every public field and nothing else', async () => {
      const data = await read(`/api/articles/${documentId}?populate=cover`);
      assert.deepEqual(Object.keys(data.cover), FILE_FIELDS);
      assert.equal(data.cover.id, file.id);
      assert.equal(data.cover.documentId, file.documentId);
      assert.equal(data.cover.name, file.name);
      assert.equal(data.cover.alternativeText, 'alt');
      assert.equal(data.cover.caption, 'cap');
      assert.deepEqual(data.cover.focalPoint, { x: 1, y: 2 });
      assert.equal(data.cover.width, 800);
      assert.equal(data.cover.height, 600);
      assert.equal(data.cover.formats.thumbnail.width, 208);
      assert.equal(data.cover.mime, 'image/png');
      assert.equal(data.cover.size, 12.34);
      assert.equal(data.cover.provider, 'local');
      assert.deepEqual(data.cover.provider_metadata, { key: 'v' });
      assert.equal(typeof data.cover.publishedAt, 'string');
      assert.equal('attachments' in data, false, 'only what is asked for');
    });

    it('media are left out without populate', async () => {
      const data = await read(`/api/articles/${documentId}`);
      for (const key of ['cover', 'attachments', 'photos', 'seo', 'blocks']) assert.equal(key in data, false, key);
    });

    it('populate=* includes media (one level), for a caller with no upload permission', async () => {
      const data = await read(`/api/articles/${documentId}?populate=*`);
      assert.deepEqual(Object.keys(data.cover), FILE_FIELDS);
      assert.deepEqual(ids(data.attachments), [other.id, file.id]);
      assert.deepEqual(Object.keys(data.attachments[0]), FILE_FIELDS);
      assert.deepEqual(data.photos, []);
      assert.equal('shareImage' in data.seo, false, 'media inside components need a nested populate');
      // Lists too.
      const list = (await t.get('/api/articles?populate=*&filters[title][$eq]=populated')).body.data;
      assert.equal(list[0].cover.id, file.id);
    });

    it('media inside components and dynamic-zone items', async () => {
      const data = await read(`/api/articles/${documentId}?populate[seo][populate]=*&populate[blocks][populate]=*`);
      assert.deepEqual(Object.keys(data.seo.shareImage), FILE_FIELDS);
      assert.equal(data.seo.shareImage.id, file.id);
      assert.deepEqual(ids(data.blocks[0].photos), [file.id]);
      assert.equal(data.blocks[1].body, 'q');
      assert.equal(data.blocks[2].file.id, other.id);
      assert.deepEqual(Object.keys(data.blocks[2].file), FILE_FIELDS);

      const dotted = await read(`/api/articles/${documentId}?populate=seo.shareImage`);
      assert.equal(dotted.seo.shareImage.id, file.id);
      const fragment = await read(`/api/articles/${documentId}?populate[blocks][on][shared.gallery][populate][photos][fields][0]=url`);
      assert.deepEqual(fragment.blocks[0].photos, [{ id: file.id, documentId: file.documentId, url: `/uploads/${(await read(`/api/articles/${documentId}?populate=cover`)).cover.hash}.png` }]);
    });

    it('fields and count apply to populated media', async () => {
      const data = await read(`/api/articles/${documentId}?populate[cover][fields][0]=name&populate[cover][fields][1]=mime&populate[attachments][count]=true`);
      assert.deepEqual(data.cover, { id: file.id, documentId: file.documentId, name: file.name, mime: 'image/png' });
      assert.deepEqual(data.attachments, { count: 2 });
    });

    it('media cannot be filtered or sorted on, and private file fields cannot be asked for', async () => {
      for (const query of ['filters[cover][id][$eq]=1', 'filters[attachments][name][$eq]=x', 'sort=cover.name']) {
        const response = await t.get(`/api/articles?${query}`);
        assert.equal(response.status, 400, `${query}: ${response.text}`);
      }
      const response = await t.get(`/api/articles/${documentId}?populate[cover][fields][0]=folderPath`);
      assert.equal(response.status, 400, response.text);
    });

    it('the v4 format nests media in { data } like relations', async () => {
      const response = await t.request('GET', `/api/articles/${documentId}?populate[cover]=true&populate[attachments]=true&populate[photos]=true&populate[seo][populate]=shareImage`, { headers: { 'Strapi-Response-Format': 'v4' } });
      assert.equal(response.status, 200, response.text);
      const attributes = response.body.data.attributes;
      assert.equal(attributes.cover.data.id, file.id);
      assert.equal(attributes.cover.data.attributes.name, file.name);
      assert.equal(attributes.cover.data.attributes.formats.thumbnail.width, 208);
      assert.deepEqual(attributes.attachments.data.map((entry: Body) => entry.id), [other.id, file.id]);
      assert.deepEqual(attributes.photos, { data: [] });
      assert.equal(attributes.seo.shareImage.data.id, file.id);

      const cleared = await create('articles', { title: 'v4 empty' });
      const empty = await t.request('GET', `/api/articles/${cleared.documentId}?populate=cover`, { headers: { 'Strapi-Response-Format': 'v4' } });
      assert.deepEqual(empty.body.data.attributes.cover, { data: null });
    });
  });

  describe('deleting a file', () => {
    it('removes it from every media attribute, in content-types, components and zones, and lists stay ordered 1..n', async () => {
      const [a, b, c] = [await createFile('image/png'), await createFile('image/jpeg'), await createFile('video/mp4')];
      const first = await create('articles', {
        title: 'delete 1', cover: b.id, attachments: [a.id, b.id, c.id], photos: [b.id, a.id],
        seo: { shareImage: b.id }, blocks: [{ __component: 'shared.gallery', photos: [a.id, b.id, c.id] }],
      });
      const second = await create('articles', { title: 'delete 2', attachments: [b.id, c.id] });
      const post = await create('posts', { title: 'delete 3', cover: b.id, gallery: [c.id, b.id, a.id] });
      await put('posts', post.documentId, { gallery: [b.id, a.id] }, '?status=draft');

      await deleteFile(b);
      const full = 'populate[cover]=true&populate[attachments]=true&populate[photos]=true&populate[seo][populate]=*&populate[blocks][populate]=*';
      const one = await article(first.documentId, full);
      assert.equal(one.cover, null);
      assert.deepEqual(ids(one.attachments), [a.id, c.id]);
      assert.deepEqual(ids(one.photos), [a.id]);
      assert.equal(one.seo.shareImage, null);
      assert.deepEqual(ids(one.blocks[0].photos), [a.id, c.id]);
      assert.deepEqual(ids((await article(second.documentId)).attachments), [c.id]);
      const published = await read(`/api/posts/${post.documentId}?populate=*`);
      assert.equal(published.cover, null);
      assert.deepEqual(ids(published.gallery), [c.id, a.id]);
      const draft = await read(`/api/posts/${post.documentId}?status=draft&populate=*`);
      assert.deepEqual(ids(draft.gallery), [a.id]);

      const links = t.app.registry.links.filter((link) => link.target.uid === FILE_UID);
      assert.ok(links.length >= 6, 'every media attribute has its link table');
      for (const link of links) {
        const rows = await t.app.database.db.selectFrom(link.table).select(LINK_COLUMNS.target).where(LINK_COLUMNS.target, '=', b.documentId).execute();
        assert.deepEqual(rows, [], `${link.table} still links the deleted file`);
      }
      await expectContiguousOrders(t.app);

      // The lists still take new files at their end.
      await put('articles', second.documentId, { attachments: [c.id, a.id] });
      assert.deepEqual(ids((await article(second.documentId)).attachments), [c.id, a.id]);
    });
  });

  describe('Draft & Publish', () => {
    it('publishing copies the draft\'s media to the published version', async () => {
      const [a, b, c] = [await createFile('image/png'), await createFile('image/jpeg'), await createFile('video/mp4')];
      const draft = await create('posts', { title: 'draft first', cover: a.id, gallery: [c.id, a.id] }, '?status=draft');
      const missing = await t.get(`/api/posts/${draft.documentId}?populate=*`);
      assert.equal(missing.status, 404, 'not published yet');

      const published = await t.request('POST', `/api/posts/${draft.documentId}/actions/publish?populate=*`);
      assert.equal(published.status, 200, published.text);
      assert.equal(published.body.data.cover.id, a.id);
      assert.deepEqual(ids(published.body.data.gallery), [c.id, a.id]);
      assert.deepEqual(Object.keys(published.body.data.cover), FILE_FIELDS);

      // A draft change shows in draft reads only, until the next publish.
      await put('posts', draft.documentId, { cover: b.id, gallery: [b.id] }, '?status=draft');
      const stillPublished = await read(`/api/posts/${draft.documentId}?populate=*`);
      assert.equal(stillPublished.cover.id, a.id);
      assert.deepEqual(ids(stillPublished.gallery), [c.id, a.id]);
      const draftRead = await read(`/api/posts/${draft.documentId}?status=draft&populate=*`);
      assert.equal(draftRead.cover.id, b.id);
      assert.deepEqual(ids(draftRead.gallery), [b.id]);

      const republished = await t.request('POST', `/api/posts/${draft.documentId}/actions/publish`);
      assert.equal(republished.status, 200, republished.text);
      const after = await read(`/api/posts/${draft.documentId}?populate=*`);
      assert.equal(after.cover.id, b.id);
      assert.deepEqual(ids(after.gallery), [b.id]);
      await expectContiguousOrders(t.app);
    });

    it('a write without status sets the media of both versions', async () => {
      const [a, b] = [await createFile('image/png'), await createFile('image/png')];
      const post = await create('posts', { title: 'both', cover: a.id });
      await put('posts', post.documentId, { cover: b.id, gallery: [a.id, b.id] });
      for (const status of ['published', 'draft']) {
        const data = await read(`/api/posts/${post.documentId}?status=${status}&populate=*`);
        assert.equal(data.cover.id, b.id, status);
        assert.deepEqual(ids(data.gallery), [a.id, b.id], status);
      }
    });
  });
});

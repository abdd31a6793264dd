import assert from 'node:assert/strict';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { EVENT_OUTBOX_TABLE } from '../../src/core/events/event-outbox.js';
import { createTestAdmin } from '../helpers/admin-users.js';
import { fixturePath, ROOT, startTestApp, type TestApp } from '../helpers/test-app.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are arbitrary JSON */

const ADMIN = { ADMIN_EMAIL: 'media@example.com', ADMIN_PASSWORD: 'Media1234' };

/** Strapi 5.54's answers, recorded by test/fixtures/strapi-admin/upload/record.mjs. */
interface Recorded {
  readonly status: number;
  readonly body: any;
}

async function recordings(): Promise<Record<string, Recorded>> {
  return JSON.parse(await readFile(path.join(ROOT, 'test/fixtures/strapi-admin/upload/recorded.json'), 'utf8')) as Record<string, Recorded>;
}

/** The keys of an object, sorted: the shape compared with Strapi's (values differ by run). */
const keys = (value: Record<string, unknown>): string[] => Object.keys(value).sort();

async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 200 } } }).png().toBuffer();
}

function form(files: readonly [string, Buffer][], fileInfo?: unknown): FormData {
  const data = new FormData();
  for (const [name, body] of files) data.append('files', new Blob([body], { type: 'image/png' }), name);
  if (fileInfo !== undefined) for (const info of Array.isArray(fileInfo) ? fileInfo : [fileInfo]) data.append('fileInfo', JSON.stringify(info));
  return data;
}

describe('media library admin API (Strapi 5.54 /upload admin routes)', () => {
  let t: TestApp;
  let project: string;
  let strapi: Record<string, Recorded>;
  let admin: Record<string, string>;
  /** A custom role with no permission at all. */
  let nobody: Record<string, string>;
  /** Strapi's Editor: every media library action but the settings. */
  let editor: Record<string, string>;
  /** Strapi's Author: read and update only what they created (admin::is-creator). */
  let author: Record<string, string>;
  const call = (method: string, url: string, body?: unknown, headers = admin) => t.request(method, url, { headers, ...(body === undefined ? {} : { body }) });
  async function multipart(method: string, url: string, body: FormData, headers = admin): Promise<{ status: number; body: any }> {
    const response = await fetch(t.baseUrl + url, { method, body, headers });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }
  const stored = async (): Promise<string[]> => (await readdir(path.join(project, 'public', 'uploads')).catch(() => [] as string[])).filter((name) => !name.startsWith('.')).sort();
  async function count(table: string): Promise<number> {
    const row = await t.app.database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    return Number(row?.n ?? 0);
  }
  /** Everything a refused request must leave as it was. */
  const snapshot = async () => ({
    folders: await t.app.database.db.selectFrom('upload_folders').select(['id', 'name', 'path']).orderBy('id').execute(),
    parents: await t.app.database.db.selectFrom('upload_folders_parent_lnk').select(['folder_id', 'inv_folder_id']).orderBy('folder_id').execute(),
    files: await t.app.database.db.selectFrom('files').select(['id', 'name', 'folder_path', 'alternative_text']).orderBy('id').execute(),
    links: await t.app.database.db.selectFrom('files_folder_lnk').select(['file_id', 'folder_id']).orderBy('file_id').execute(),
    stored: await stored(),
  });
  async function events(name: string): Promise<number> {
    const row = await t.app.database.db.selectFrom(EVENT_OUTBOX_TABLE.name).select((eb) => eb.fn.countAll().as('n')).where('event', '=', name).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  let folderA: any;
  let folderB: any;
  let folderC: any;
  let folderD: any;
  let red: any;
  let one: any;
  let two: any;

  before(async () => {
    strapi = await recordings();
    project = await mkdtemp(path.join(tmpdir(), 'tessera-upload-admin-'));
    await cp(fixturePath('upload-app'), project, { recursive: true });
    t = await startTestApp({
      fixture: project,
      env: ADMIN,
      override: (config) => ({ ...config, permissions: { ...config.permissions, public: { ...config.permissions.public, 'plugin::upload.content-api': ['upload'] } } }),
    });
    const login = await t.post('/admin/login', { email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD });
    assert.equal(login.status, 200, login.text);
    admin = { authorization: `Bearer ${login.body.data.token}` };
    // A custom role without any media library action.
    await t.app.database.db.insertInto('admin_roles').values({ document_id: 'nomediaroledocument00001', name: 'No media', code: 'no-media', description: 'nothing' }).execute();
    nobody = (await createTestAdmin(t, ['no-media'])).headers;
    editor = (await createTestAdmin(t, ['strapi-editor'])).headers;
    author = (await createTestAdmin(t, ['strapi-author'])).headers;
    // Media events are recorded while a listener (the webhooks plugin's, with an enabled webhook) is on.
    t.app.changeListeners.set('upload-admin-test', true);
  });
  after(async () => {
    await t?.close();
    if (project) await rm(project, { recursive: true, force: true });
  });

  it('creates folders with Strapi\'s shape, paths and path ids; refuses bad names and clashes, writing nothing', async () => {
    const created = await call('POST', '/upload/folders', { name: 'A', parent: null });
    assert.equal(created.status, 201, created.text);
    folderA = created.body.data;
    assert.deepEqual(keys(folderA), keys(strapi['folders-create']!.body.data));
    assert.equal(folderA.path, `/${folderA.pathId}`);
    assert.equal(folderA.locale, null);
    assert.match(folderA.documentId, /^[a-z0-9]{24}$/);
    folderB = (await call('POST', '/upload/folders', { name: 'B', parent: folderA.id })).body.data;
    assert.equal(folderB.path, `${folderA.path}/${folderB.pathId}`);
    folderC = (await call('POST', '/upload/folders', { name: 'C', parent: String(folderB.id) })).body.data;
    assert.equal(folderC.path, `${folderB.path}/${folderC.pathId}`);
    folderD = (await call('POST', '/upload/folders', { name: 'D', parent: null })).body.data;
    // The same name elsewhere is fine.
    const sameNameElsewhere = await call('POST', '/upload/folders', { name: 'B', parent: folderD.id });
    assert.equal(sameNameElsewhere.status, 201);
    await call('POST', '/upload/actions/bulk-delete', { folderIds: [sameNameElsewhere.body.data.id] });

    const before = await snapshot();
    const refusals: [unknown, string, string][] = [
      [{ name: 'B', parent: folderA.id }, 'folders-create-clash', 'A folder with this name already exists'],
      [{ name: 'a/b', parent: null }, 'folders-create-slash', 'name cannot contain slashes'],
      [{ name: 'X', parent: 999999 }, 'folders-create-no-parent-folder', 'parent folder does not exist'],
      [{ name: 'Y', parent: null, color: 'red' }, 'folders-create-unknown-key', 'this field has unspecified keys: color'],
      [{}, 'folders-create-empty', 'name is a required field'],
      [{ name: ' padded ', parent: null }, '', 'name cannot start or end with a whitespace'],
      [{ name: 'Z', parent: 'abc' }, '', 'parent must be a valid ID'],
      [{ name: 'Z', parent: true }, '', 'parent must be a valid ID'],
      [{ name: 42, parent: null }, '', 'name must be a `string` type, but the final value was: `42`.'],
      [{ name: 'x'.repeat(256), parent: null }, '', 'name must be at most 255 characters'],
      [[{ name: 'in an array' }], '', 'this must be a `object` type'],
    ];
    for (const [body, recorded, message] of refusals) {
      const response = await call('POST', '/upload/folders', body);
      assert.equal(response.status, 400, `${JSON.stringify(body)}: ${response.text}`);
      assert.equal(response.body.error.name, 'ValidationError');
      assert.equal(response.body.error.message, message);
      if (recorded) assert.deepEqual(response.body.error.details.errors.map((error: any) => error.path), strapi[recorded]!.body.error.details.errors.map((error: any) => error.path));
    }
    const hostile: [string, string, unknown][] = [
      ['PUT', `/upload/folders/${folderA.id}`, { parent: -1 }],
      ['PUT', `/upload/folders/${folderA.id}`, { name: '' }],
      ['PUT', `/upload/folders/${folderA.id}`, 'A'],
      ['POST', '/upload/actions/bulk-delete', { folderIds: Array.from({ length: 1001 }, (_, index) => index + 1) }],
      ['POST', '/upload/actions/bulk-delete', { folderIds: 'all' }],
      ['POST', '/upload/actions/bulk-move', { destinationFolderId: folderD.id, folderIds: [folderA.id], extra: true }],
      ['POST', '/upload/actions/bulk-update', { updates: [{ id: '1', fileInfo: {} }] }],
    ];
    for (const [method, url, body] of hostile) {
      const response = await call(method, url, body);
      assert.equal(response.status, 400, `${method} ${url} ${JSON.stringify(body).slice(0, 80)}: ${response.text}`);
      assert.equal(response.body.error.name, 'ValidationError');
    }
    assert.deepEqual(await snapshot(), before);
  });

  it('uploads into a folder and to the root; a missing folder is a 400 with nothing stored', async () => {
    const into = await multipart('POST', '/upload', form([['red.png', await png(300, 200)]], { name: 'red.png', alternativeText: 'alt', caption: 'cap', folder: folderB.id }));
    assert.equal(into.status, 201, JSON.stringify(into.body));
    [red] = into.body;
    assert.deepEqual(keys(red), keys(strapi['upload-into-folder']!.body[0]));
    assert.equal(red.folderPath, folderB.path);
    assert.equal(red.isUrlSigned, false);
    const root = await multipart('POST', '/upload', form([['one.png', await png(20, 10)], ['two.png', await png(10, 20)]], [{ name: 'one.png', folder: null }, { name: 'two.png' }]));
    assert.equal(root.status, 201, JSON.stringify(root.body));
    [one, two] = root.body;
    assert.deepEqual([one.folderPath, two.folderPath], ['/', '/']);
    assert.equal(await events('media.create'), 3);

    const before = await snapshot();
    const missing = await multipart('POST', '/upload', form([['x.png', await png(10, 10)]], { folder: 999999 }));
    assert.equal(missing.status, 400, JSON.stringify(missing.body));
    assert.deepEqual(missing.body.error.details.errors[0].path, ['fileInfo', 'folder']);
    const empty = await multipart('POST', '/upload', (() => { const data = new FormData(); data.append('fileInfo', '{}'); return data; })());
    assert.equal(empty.status, 400);
    assert.deepEqual(empty.body.error, strapi['upload-empty']!.body.error);
    assert.deepEqual(await snapshot(), before);
    assert.equal(await events('media.create'), 3);
  });

  it('lists folders as the admin asks (root, in a folder, search) with counts; gets one; the structure', async () => {
    const root = await call('GET', '/upload/folders?filters[$and][0][parent][id][$null]=true&populate[children][count]=true&populate[files][count]=true&pagination[pageSize]=-1&sort=name:ASC');
    assert.equal(root.status, 200, root.text);
    assert.deepEqual(root.body.data.map((folder: any) => folder.name), ['A', 'D']);
    assert.deepEqual(keys(root.body.data[0]), keys(strapi['folders-list-root']!.body.data[0]));
    assert.deepEqual([root.body.data[0].children, root.body.data[0].files], [{ count: 1 }, { count: 0 }]);
    const inA = await call('GET', `/upload/folders?filters[$and][0][parent][id]=${folderA.id}&populate[children][count]=true&populate[files][count]=true&pagination[pageSize]=-1`);
    assert.deepEqual(inA.body.data.map((folder: any) => [folder.name, folder.children.count, folder.files.count]), [['B', 1, 1]]);
    const search = await call('GET', '/upload/folders?_q=c&pagination[pageSize]=-1');
    assert.deepEqual(search.body.data.map((folder: any) => folder.name), ['C']);
    const one = await call('GET', `/upload/folders/${folderB.id}`);
    assert.deepEqual(keys(one.body.data), keys(strapi['folders-get']!.body.data));
    assert.deepEqual([one.body.data.children, one.body.data.files], [{ count: 1 }, { count: 1 }]);
    for (const id of ['999999', 'abc']) {
      const missing = await call('GET', `/upload/folders/${id}`);
      assert.equal(missing.status, 404);
      assert.deepEqual(missing.body.error, strapi['folders-get-missing']!.body.error);
    }
    const structure = await call('GET', '/upload/folder-structure');
    assert.deepEqual(structure.body, { data: [{ id: folderA.id, name: 'A', children: [{ id: folderB.id, name: 'B', children: [{ id: folderC.id, name: 'C', children: [] }] }] }, { id: folderD.id, name: 'D', children: [] }] });
    const bad = await call('GET', '/upload/folders?filters[name][$eq]=A');
    assert.equal(bad.status, 400);
  });

  it('lists files by folder, root and search, sorted and paginated, with their folder', async () => {
    const inB = await call('GET', `/upload/files?sort=createdAt:DESC&page=1&pageSize=10&filters[$and][0][folder][id]=${folderB.id}`);
    assert.equal(inB.status, 200, inB.text);
    assert.deepEqual(keys(inB.body), keys(strapi['files-list-folder']!.body));
    assert.deepEqual(inB.body.results.map((file: any) => file.id), [red.id]);
    assert.deepEqual(keys(inB.body.results[0]), keys(strapi['files-list-folder']!.body.results[0]));
    assert.equal(inB.body.results[0].folder.id, folderB.id);
    const root = await call('GET', '/upload/files?sort=name:DESC&page=1&pageSize=1&filters[$and][0][folder][id][$null]=true');
    assert.deepEqual(root.body.pagination, { page: 1, pageSize: 1, pageCount: 2, total: 2 });
    assert.deepEqual(root.body.results.map((file: any) => [file.name, file.folder]), [['two.png', null]]);
    const search = await call('GET', '/upload/files?sort=name:ASC&page=1&pageSize=10&_q=O.PNG');
    assert.deepEqual(search.body.results.map((file: any) => file.name), ['two.png']);
    const got = await call('GET', `/upload/files/${red.id}`);
    assert.deepEqual(keys(got.body), keys(strapi['files-get']!.body));
    assert.deepEqual(keys(got.body.createdBy), keys(strapi['files-get']!.body.createdBy));
    assert.equal(got.body.folder.id, folderB.id);
    assert.equal(got.body.folderPath, folderB.path);
    const missing = await call('GET', '/upload/files/999999');
    assert.deepEqual([missing.status, missing.body.error], [404, strapi['files-get-missing']!.body.error]);
    for (const query of ['pageSize=1000', 'page=0', 'sort=nope:ASC', 'filters[folder][id][$gt]=1', 'nope=1']) {
      assert.equal((await call('GET', `/upload/files?${query}`)).status, 400, query);
    }
  });

  it('updates file info (JSON and multipart, and POST /upload?id=), moves a file by its folder; refuses bad info writing nothing', async () => {
    const updated = await call('PUT', `/upload/files/${red.id}`, { fileInfo: { name: 'renamed.png', alternativeText: 'alt2', caption: 'cap2', focalPoint: { x: 10, y: 20 }, folder: folderA.id } });
    assert.equal(updated.status, 200, updated.text);
    assert.deepEqual(keys(updated.body), keys(strapi['files-update-info']!.body));
    assert.deepEqual([updated.body.name, updated.body.alternativeText, updated.body.focalPoint, updated.body.folderPath], ['renamed.png', 'alt2', { x: 10, y: 20 }, folderA.path]);
    const multi = await multipart('PUT', `/upload/files/${red.id}`, (() => { const data = new FormData(); data.append('fileInfo', JSON.stringify({ caption: 'cap3' })); return data; })());
    assert.equal(multi.status, 200, JSON.stringify(multi.body));
    assert.equal(multi.body.caption, 'cap3');
    const viaPost = await multipart('POST', `/upload?id=${red.id}`, (() => { const data = new FormData(); data.append('fileInfo', JSON.stringify({ alternativeText: 'via-post' })); return data; })());
    assert.equal(viaPost.body.alternativeText, 'via-post');
    assert.equal(await events('media.update'), 3);

    const before = await snapshot();
    const focal = await call('PUT', `/upload/files/${red.id}`, { fileInfo: { focalPoint: { x: 500, y: 20 } } });
    assert.deepEqual([focal.status, focal.body.error.message], [400, strapi['files-update-info-bad-focal']!.body.error.message]);
    const folder = await call('PUT', `/upload/files/${red.id}`, { fileInfo: { name: 'never.png', folder: 999999 } });
    assert.deepEqual([folder.status, folder.body.error.details], [400, strapi['files-update-info-bad-folder']!.body.error.details]);
    const missing = await call('PUT', '/upload/files/999999', { fileInfo: { name: 'x' } });
    assert.deepEqual([missing.status, missing.body.error], [404, strapi['files-update-info-missing']!.body.error]);
    assert.equal((await call('PUT', `/upload/files/${red.id}`, { fileInfo: { name: 'x' }, extra: 1 })).status, 400);
    assert.deepEqual(await snapshot(), before);
    assert.equal(await events('media.update'), 3);
  });

  it('uploads one file (POST /upload/files) and updates several at once (bulk-update), all checked before any is written', async () => {
    const single = await multipart('POST', '/upload/files', form([['single.png', await png(12, 12)]], { name: 'single.png', folder: folderB.id }));
    assert.equal(single.status, 201, JSON.stringify(single.body));
    assert.deepEqual(keys(single.body), keys(strapi['files-upload-single']!.body));
    assert.equal(single.body.folderPath, folderB.path);
    const updates = await events('media.update');
    const bulk = await call('POST', '/upload/actions/bulk-update', { updates: [{ id: single.body.id, fileInfo: { alternativeText: 'bulk', caption: 'bulk-cap' } }, { id: one.id, fileInfo: { name: 'one-bulk.png' } }] });
    assert.equal(bulk.status, 200, bulk.text);
    assert.deepEqual(keys(bulk.body[0]), keys(strapi['bulk-update']!.body[0]));
    assert.deepEqual(bulk.body.map((file: any) => [file.id, file.alternativeText, file.name]), [[single.body.id, 'bulk', 'single.png'], [one.id, null, 'one-bulk.png']]);
    assert.equal(await events('media.update'), updates + 2);
    const before = await snapshot();
    const empty = await call('POST', '/upload/actions/bulk-update', { updates: [] });
    assert.deepEqual([empty.status, empty.body.error], [400, strapi['bulk-update-empty']!.body.error]);
    const missing = await call('POST', '/upload/actions/bulk-update', { updates: [{ id: one.id, fileInfo: { name: 'never.png' } }, { id: 999999, fileInfo: { name: 'x' } }] });
    assert.deepEqual([missing.status, missing.body.error], [404, strapi['bulk-update-missing']!.body.error]);
    const badFolder = await call('POST', '/upload/actions/bulk-update', { updates: [{ id: one.id, fileInfo: { name: 'never.png' } }, { id: single.body.id, fileInfo: { folder: 999999 } }] });
    assert.equal(badFolder.status, 400);
    assert.deepEqual(await snapshot(), before);
    assert.equal(await events('media.update'), updates + 2);
    await call('POST', '/upload/actions/bulk-delete', { fileIds: [single.body.id] });
    one = (await call('GET', `/upload/files/${one.id}`)).body;
  });

  it('replaces a file\'s content in place, keeping its folder', async () => {
    const before = await stored();
    const replaced = await multipart('POST', `/upload/files/${red.id}/replace`, form([['blue.png', await png(400, 100)]]));
    assert.equal(replaced.status, 200, JSON.stringify(replaced.body));
    assert.deepEqual(keys(replaced.body), keys(strapi['files-replace']!.body));
    assert.deepEqual([replaced.body.id, replaced.body.width, replaced.body.height, replaced.body.folderPath], [red.id, 400, 100, folderA.path]);
    red = replaced.body;
    assert.equal(await events('media.update'), 6);
    // The old objects are gone, the new ones stored.
    const after = await stored();
    assert.ok(after.some((name) => name.startsWith(red.hash)));
    assert.equal(after.length, before.length);
    const two = await multipart('POST', `/upload/files/${red.id}/replace`, form([['a.png', await png(5, 5)], ['b.png', await png(5, 5)]]));
    assert.deepEqual([two.status, two.body.error.message], [400, 'Cannot replace a file with multiple ones']);
    // The media library's writes name their creator but keep no history (the content manager's saves do).
    const history = await t.app.database.db.selectFrom('tessera_history_versions').select((eb) => eb.fn.countAll().as('n')).where('content_type', '=', 'plugin::upload.file').executeTakeFirst();
    assert.equal(Number(history?.n), 0);
  });

  it('moves a folder with its subfolders and files in one go; refuses moving into itself or a descendant, and name clashes', async () => {
    const before = await snapshot();
    for (const parent of [folderA.id, folderC.id]) {
      const refused = await call('PUT', `/upload/folders/${folderA.id}`, { parent });
      assert.equal(refused.status, 400);
      assert.deepEqual(refused.body.error.message, strapi['folders-move-into-child']!.body.error.message);
    }
    const clash = await call('PUT', `/upload/folders/${folderD.id}`, { name: 'A' });
    assert.deepEqual([clash.status, clash.body.error.message], [400, 'A folder with this name already exists']);
    const missing = await call('PUT', '/upload/folders/999999', { name: 'Z' });
    assert.deepEqual([missing.status, missing.body.error], [404, strapi['folders-update-missing']!.body.error]);
    assert.deepEqual(await snapshot(), before);

    const moved = await call('PUT', `/upload/folders/${folderA.id}`, { name: 'A2', parent: folderD.id });
    assert.equal(moved.status, 200, moved.text);
    assert.deepEqual(keys(moved.body.data), keys(strapi['folders-move']!.body.data));
    assert.equal(moved.body.data.path, `${folderD.path}/${folderA.pathId}`);
    const c = (await call('GET', `/upload/folders/${folderC.id}`)).body.data;
    assert.equal(c.path, `${folderD.path}/${folderA.pathId}/${folderB.pathId}/${folderC.pathId}`);
    const file = (await call('GET', `/upload/files/${red.id}`)).body;
    assert.equal(file.folderPath, moved.body.data.path);
    folderA = moved.body.data;
    const renamed = await call('PUT', `/upload/folders/${folderD.id}`, { name: 'D2' });
    assert.deepEqual([renamed.body.data.name, renamed.body.data.path], ['D2', folderD.path]);
  });

  it('bulk-moves files and folders; refuses a missing destination, a move inside itself and name clashes', async () => {
    const before = await snapshot();
    const inside = await call('POST', '/upload/actions/bulk-move', { destinationFolderId: folderC.id, fileIds: [one.id], folderIds: [folderA.id] });
    assert.deepEqual([inside.status, inside.body.error.message], [400, 'folders cannot be moved inside themselves or one of its children: A2']);
    const missing = await call('POST', '/upload/actions/bulk-move', { destinationFolderId: 999999, fileIds: [], folderIds: [] });
    assert.deepEqual([missing.status, missing.body.error], [400, strapi['bulk-move-missing-destination']!.body.error]);
    const undefinedDestination = await call('POST', '/upload/actions/bulk-move', { fileIds: [one.id] });
    assert.equal(undefinedDestination.status, 400);
    const badIds = await call('POST', '/upload/actions/bulk-move', { destinationFolderId: null, fileIds: ['x'] });
    assert.equal(badIds.status, 400);
    assert.deepEqual(await snapshot(), before);

    const moved = await call('POST', '/upload/actions/bulk-move', { destinationFolderId: folderD.id, fileIds: [one.id], folderIds: [folderB.id] });
    assert.equal(moved.status, 200, moved.text);
    assert.deepEqual(keys(moved.body.data), ['files', 'folders']);
    assert.deepEqual(keys(moved.body.data.files[0]), keys(strapi['bulk-move']!.body.data.files[0]).concat('isUrlSigned').sort());
    assert.deepEqual(keys(moved.body.data.folders[0]), keys(strapi['bulk-move']!.body.data.folders[0]));
    assert.equal(moved.body.data.files[0].folderPath, folderD.path);
    assert.equal(moved.body.data.folders[0].path, `${folderD.path}/${folderB.pathId}`);
    const c = (await call('GET', `/upload/folders/${folderC.id}`)).body.data;
    assert.equal(c.path, `${folderD.path}/${folderB.pathId}/${folderC.pathId}`);
    const structure = (await call('GET', '/upload/folder-structure')).body.data;
    assert.deepEqual(structure.map((node: any) => [node.name, node.children.map((child: any) => child.name)]), [['D2', ['A2', 'B']]]);
    // Bulk moves announce nothing, as in Strapi.
    assert.equal(await events('media.update'), 6);
  });

  it('a bulk delete refused by a project hook at its 3rd file deletes nothing: rows, links, folders, objects and events stay', async () => {
    const sent = await multipart('POST', '/upload', form([['k1.png', await png(6, 6)], ['k2.png', await png(6, 7)], ['k3.png', await png(6, 8)]], { folder: folderC.id }));
    assert.equal(sent.status, 201, JSON.stringify(sent.body));
    const ids = sent.body.map((file: any) => file.id);
    let third: string = sent.body[2].documentId;
    t.app.hooks.lifecycles.subscribe({
      models: ['plugin::upload.file'],
      beforeDelete(event) {
        if ((event.params.where as { documentId?: string }).documentId === third) throw new Error('kept by the project');
      },
    });
    const before = await snapshot();
    const deletes = await events('media.delete');
    const refused = await call('POST', '/upload/actions/bulk-delete', { fileIds: ids });
    assert.equal(refused.status, 500, refused.text);
    assert.deepEqual(await snapshot(), before);
    assert.equal(await events('media.delete'), deletes);
    // Without the refused file, the other two go in one transaction, with one media.delete each.
    const done = await call('POST', '/upload/actions/bulk-delete', { fileIds: ids.slice(0, 2) });
    assert.equal(done.status, 200, done.text);
    assert.equal(await events('media.delete'), deletes + 2);
    const left = await t.app.database.db.selectFrom('files').select('id').where('id', 'in', ids).execute();
    assert.deepEqual(left.map((row) => Number(row.id)), [ids[2]]);
    third = '';
    assert.equal((await call('POST', '/upload/actions/bulk-delete', { fileIds: [ids[2]] })).status, 200);
  });

  it('bulk-deletes files and folder trees: every folder below and every file inside go, objects removed from the provider', async () => {
    const loose = await multipart('POST', '/upload', form([['loose.png', await png(12, 12)]]));
    const inC = await multipart('POST', '/upload', form([['deep.png', await png(12, 12)]], { folder: folderC.id }));
    assert.equal(inC.status, 201);
    const deletes = await events('media.delete');
    const response = await call('POST', '/upload/actions/bulk-delete', { fileIds: [loose.body[0].id], folderIds: [folderD.id] });
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(response.body.data.folders.map((folder: any) => folder.id), [folderD.id]);
    assert.deepEqual(response.body.data.files.map((file: any) => file.id), [loose.body[0].id]);
    assert.deepEqual(keys(response.body.data.folders[0]), keys(strapi['bulk-delete']!.body.data.folders[0]));
    assert.equal(await count('upload_folders'), 0);
    assert.equal(await count('upload_folders_parent_lnk'), 0);
    assert.equal(await count('files_folder_lnk'), 0);
    // What is left: the root file two.png (one.png, red and deep were in the tree).
    const left = await t.app.database.db.selectFrom('files').select('name').execute();
    // one-bulk.png moved into D (bulk-move) went with it.
    assert.deepEqual(left.map((row) => row.name), ['two.png']);
    assert.deepEqual((await stored()).filter((name) => !name.includes(String(two.hash))), []);
    assert.equal(await events('media.delete'), deletes + 4);
    const bad = await call('POST', '/upload/actions/bulk-delete', { fileIds: [{}] });
    assert.equal(bad.status, 400);
  });

  it('deletes one file (DELETE /upload/files/:id) with its event', async () => {
    const deletes = await events('media.delete');
    const response = await call('DELETE', `/upload/files/${two.id}`);
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(keys(response.body), keys(strapi['files-delete']!.body));
    assert.deepEqual(keys(response.body.createdBy), keys(strapi['files-delete']!.body.createdBy));
    assert.equal((await call('DELETE', `/upload/files/${two.id}`)).status, 404);
    assert.equal(await events('media.delete'), deletes + 1);
    assert.deepEqual(await stored(), []);
  });

  it('settings: stored, validated, and honoured by uploads (responsiveDimensions off: the thumbnail only)', async () => {
    const initial = await call('GET', '/upload/settings');
    assert.deepEqual(initial.body, strapi['settings-get']!.body);
    const bad = await call('PUT', '/upload/settings', { sizeOptimization: 'x' });
    assert.deepEqual([bad.status, bad.body.error], [400, strapi['settings-put-bad']!.body.error]);
    const big = await png(1200, 800);
    const withFormats = await multipart('POST', '/upload', form([['big.png', big]]));
    assert.deepEqual(Object.keys(withFormats.body[0].formats).sort(), ['large', 'medium', 'small', 'thumbnail']);
    const put = await call('PUT', '/upload/settings', { sizeOptimization: false, responsiveDimensions: false, autoOrientation: false, concurrentUploadRequests: 5 });
    assert.deepEqual(put.body, { data: { sizeOptimization: false, responsiveDimensions: false, autoOrientation: false, aiMetadata: true } });
    assert.deepEqual((await call('GET', '/upload/settings')).body.data.responsiveDimensions, false);
    const thumbnailOnly = await multipart('POST', '/upload', form([['big2.png', big]]));
    assert.deepEqual(Object.keys(thumbnailOnly.body[0].formats), ['thumbnail']);
    // sizeOptimization off: the original bytes, as sent.
    assert.equal(thumbnailOnly.body[0].size, Math.round(big.length / 10) / 100);
  });

  it('configuration of the list view: stored and validated', async () => {
    assert.deepEqual((await call('GET', '/upload/configuration')).body, strapi['configuration-get']!.body);
    const put = await call('PUT', '/upload/configuration', { pageSize: 50, sort: 'name:ASC' });
    assert.deepEqual(put.body, { data: { pageSize: 50, sort: 'name:ASC' } });
    assert.deepEqual((await call('GET', '/upload/configuration')).body, { data: { pageSize: 50, sort: 'name:ASC' } });
    const bad = await call('PUT', '/upload/configuration', { pageSize: 'x', sort: 'nope' });
    assert.deepEqual([bad.status, bad.body.error], [400, strapi['configuration-put-bad']!.body.error]);
    assert.deepEqual((await call('GET', '/upload/configuration')).body.data, { pageSize: 50, sort: 'name:ASC' });
  });

  it('content API uploads go to the "API Uploads" folder, made again when it was deleted, named around a taken name', async () => {
    const first = await multipart('POST', '/api/upload', form([['api-1.png', await png(6, 6)]]), {});
    assert.equal(first.status, 201, JSON.stringify(first.body));
    assert.ok(!('folderPath' in first.body[0]), 'folderPath stays private in the content API');
    const folders = (await call('GET', '/upload/folders?filters[$and][0][parent][id][$null]=true')).body.data;
    const api = folders.find((folder: any) => folder.name === 'API Uploads');
    assert.ok(api, JSON.stringify(folders));
    const second = await multipart('POST', '/api/upload', form([['api-2.png', await png(6, 6)], ['api-3.png', await png(6, 6)]]), {});
    assert.equal(second.status, 201);
    const listed = await call('GET', `/upload/files?filters[$and][0][folder][id]=${api.id}&sort=name:ASC`);
    assert.deepEqual(listed.body.results.map((file: any) => file.name), ['api-1.png', 'api-2.png', 'api-3.png']);
    assert.equal((await call('POST', '/upload/actions/bulk-delete', { folderIds: [api.id] })).status, 200);
    // Gone: the next upload makes it again; a user folder holding the name pushes it to "(1)".
    assert.equal((await call('POST', '/upload/folders', { name: 'API Uploads', parent: null })).status, 201);
    await multipart('POST', '/api/upload', form([['api-4.png', await png(6, 6)]]), {});
    const names = (await call('GET', '/upload/folders?filters[$and][0][parent][id][$null]=true&sort=name:ASC')).body.data.map((folder: any) => [folder.name, folder.files.count]);
    assert.deepEqual(names.filter(([name]: [string]) => name.startsWith('API')), [['API Uploads', 0], ['API Uploads (1)', 1]]);
  });

  it('a role without media library actions gets 403 everywhere, writing nothing; no admin token is a 401', async () => {
    const before = await snapshot();
    const routes: [string, string, unknown?][] = [
      ['GET', '/upload/files'],
      ['GET', '/upload/files/1'],
      ['PUT', '/upload/files/1', { fileInfo: { name: 'x' } }],
      ['DELETE', '/upload/files/1'],
      ['GET', '/upload/folders'],
      ['GET', '/upload/folders/1'],
      ['POST', '/upload/folders', { name: 'nope', parent: null }],
      ['PUT', '/upload/folders/1', { name: 'nope' }],
      ['GET', '/upload/folder-structure'],
      ['POST', '/upload/actions/bulk-delete', { fileIds: [], folderIds: [] }],
      ['POST', '/upload/actions/bulk-move', { destinationFolderId: null, fileIds: [], folderIds: [] }],
      ['POST', '/upload/actions/bulk-update', { updates: [{ id: 1, fileInfo: { name: 'x' } }] }],
      ['GET', '/upload/settings'],
      ['PUT', '/upload/settings', { sizeOptimization: true, responsiveDimensions: true }],
      ['PUT', '/upload/configuration', { pageSize: 10, sort: 'name:ASC' }],
    ];
    for (const [method, url, body] of routes) {
      const denied = await call(method, url, body, nobody);
      assert.equal(denied.status, 403, `${method} ${url}: ${denied.text}`);
      // Strapi's route policies answer PolicyError; the routes whose controller checks (PUT /upload/files/:id) ForbiddenError.
      const expected = method === 'PUT' && url.startsWith('/upload/files/') ? { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} } : { status: 403, name: 'PolicyError', message: 'Policy Failed', details: {} };
      assert.deepEqual(denied.body.error, expected, `${method} ${url}`);
      const anonymous = await call(method, url, body, {});
      assert.equal(anonymous.status, 401, `${method} ${url}`);
    }
    const upload = await multipart('POST', '/upload', form([['x.png', await png(5, 5)]]), nobody);
    assert.equal(upload.status, 403);
    // A content API token or user JWT is no admin token.
    assert.equal((await call('GET', '/upload/files', undefined, { authorization: 'Bearer not-a-token' })).status, 401);
    // Reading the view configuration needs only an admin.
    assert.equal((await call('GET', '/upload/configuration', undefined, nobody)).status, 200);
    assert.deepEqual(await snapshot(), before);
  });

  it('Editor: the media library but not its settings; Author: uploads, reads and changes its own files only (admin::is-creator)', async () => {
    assert.equal((await call('GET', '/upload/settings', undefined, editor)).status, 403);
    const folder = await call('POST', '/upload/folders', { name: 'Editorial', parent: null }, editor);
    assert.equal(folder.status, 201, folder.text);
    const uploaded = await multipart('POST', '/upload', form([['ed.png', await png(8, 8)]], { folder: folder.body.data.id }), editor);
    assert.equal(uploaded.status, 201, JSON.stringify(uploaded.body));
    const file = uploaded.body[0];
    assert.equal((await call('GET', `/upload/files/${file.id}`, undefined, editor)).status, 200);

    const byAuthor = await multipart('POST', '/upload', form([['au.png', await png(8, 8)]]), author);
    assert.equal(byAuthor.status, 201, JSON.stringify(byAuthor.body));
    const own = byAuthor.body[0];
    // admin::is-creator: the Author lists and changes the files they uploaded, and no other.
    const listed = await call('GET', '/upload/files', undefined, author);
    assert.deepEqual([listed.status, listed.body.results.map((item: any) => item.id), listed.body.pagination.total], [200, [own.id], 1]);
    const mine = await call('GET', `/upload/files/${own.id}`, undefined, author);
    assert.equal(mine.status, 200, mine.text);
    const authorUser = await call('GET', '/admin/users/me', undefined, author);
    assert.equal(mine.body.createdBy.id, authorUser.body.data.id);
    assert.equal((await call('GET', `/upload/files/${file.id}`, undefined, editor)).body.createdBy.email, (await call('GET', '/admin/users/me', undefined, editor)).body.data.email);
    assert.equal((await call('PUT', `/upload/files/${own.id}`, { fileInfo: { name: 'mine.png' } }, author)).status, 200);
    const before = await snapshot();
    assert.equal((await call('GET', `/upload/files/${file.id}`, undefined, author)).status, 403);
    assert.equal((await call('PUT', `/upload/files/${file.id}`, { fileInfo: { name: 'mine.png' } }, author)).status, 403);
    assert.equal((await call('DELETE', `/upload/files/${file.id}`, undefined, author)).status, 403);
    assert.equal((await call('POST', '/upload/actions/bulk-delete', { fileIds: [own.id, file.id] }, author)).status, 403);
    assert.equal((await call('POST', '/upload/actions/bulk-delete', { folderIds: [folder.body.data.id] }, author)).status, 403);
    assert.equal((await call('GET', '/upload/settings', undefined, author)).status, 403);
    assert.deepEqual(await snapshot(), before);
    assert.equal((await call('PUT', '/upload/configuration', { pageSize: 20, sort: 'createdAt:DESC' }, author)).status, 200);
    assert.equal((await call('POST', '/upload/actions/bulk-delete', { fileIds: [own.id] }, author)).status, 200);
  });
});

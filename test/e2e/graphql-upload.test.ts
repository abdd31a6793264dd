// @databases: sqlite — the GraphQL multipart transport; the file rows are covered by upload-api on every database
import assert from 'node:assert/strict';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fixturePath, startTestApp, type TestApp, type TestResponse } from '../helpers/test-app.js';
import { withGraphqlShape } from '../helpers/graphql-config.js';

/**
 * The upload plugin's GraphQL mutations (reference §1 Media): files uploaded over REST, then
 * renamed and deleted over GraphQL with the REST routes' permissions (`upload`, `destroy`), in
 * both schema shapes. Reads are shadow CRUD's `uploadFiles`.
 */

interface UploadedFile {
  readonly id: number;
  readonly documentId: string;
  readonly name: string;
  readonly hash: string;
  readonly ext: string;
}


const UPDATE = `mutation ($id: ID!, $info: FileInfoInput) {
  updateUploadFile(id: $id, info: $info) { documentId name alternativeText caption url mime } }`;
const DELETE = 'mutation ($id: ID!) { deleteUploadFile(id: $id) { documentId name } }';

function setup(shape: 'entity' | 'flat') {
  const state = { project: '', app: undefined as unknown as TestApp, jwt: '' };

  const graphql = (query: string, variables: Record<string, unknown> = {}, jwt: string | null = state.jwt): Promise<TestResponse> =>
    state.app.request('POST', '/graphql', { body: { query, variables }, headers: jwt ? { authorization: `Bearer ${jwt}` } : {} });

  async function upload(name: string, text: string): Promise<UploadedFile> {
    const form = new FormData();
    form.append('files', new Blob([text], { type: 'text/plain' }), name);
    const response = await fetch(`${state.app.baseUrl}/api/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${state.jwt}` } });
    assert.equal(response.status, 201, await response.clone().text());
    const [file] = (await response.json()) as UploadedFile[];
    assert.ok(file);
    return file;
  }

  before(async () => {
    state.project = await mkdtemp(path.join(tmpdir(), 'tessera-graphql-upload-'));
    await cp(fixturePath('upload-app'), state.project, { recursive: true });
    state.app = await startTestApp({ fixture: state.project, override: withGraphqlShape(shape) });
    // The fixture grants the upload actions to the authenticated role only.
    const registered = await state.app.post('/api/auth/local/register', { username: 'uploader', email: 'uploader@example.com', password: 'Uploader-pass-1' });
    assert.equal(registered.status, 200, registered.text);
    state.jwt = registered.body.jwt;
  });
  after(async () => {
    await state.app.close();
    await rm(state.project, { recursive: true, force: true });
  });
  return { state, graphql, upload };
}

function assertCode(response: TestResponse, code: string, message?: string): void {
  const error = response.body?.errors?.[0];
  assert.ok(error, response.text);
  assert.equal(error.extensions.code, code, response.text);
  if (message !== undefined) assert.equal(error.message, message);
}

describe('upload over GraphQL (entity shape)', () => {
  const { state, graphql, upload } = setup('entity');

  it('updateUploadFile changes name, alternativeText and caption by numeric id, as POST /upload?id= does', async () => {
    const file = await upload('first.txt', 'one');
    const response = await graphql(UPDATE, { id: String(file.id), info: { name: 'renamed.txt', alternativeText: 'Alt', caption: 'Cap' } });
    assert.equal(response.body.errors, undefined, response.text);
    assert.deepEqual(response.body.data.updateUploadFile, {
      documentId: file.documentId, name: 'renamed.txt', alternativeText: 'Alt', caption: 'Cap', url: `/uploads/${file.hash}${file.ext}`, mime: 'text/plain',
    });
    const rest = await state.app.request('GET', `/api/upload/files/${file.id}`, { headers: { authorization: `Bearer ${state.jwt}` } });
    assert.equal(rest.status, 200, rest.text);
    assert.equal(rest.body.name, 'renamed.txt');
    assert.equal(rest.body.caption, 'Cap');
  });

  it('updateUploadFile takes the entity id (the documentId), and leaves unset keys alone', async () => {
    const file = await upload('second.txt', 'two');
    const byDocumentId = await graphql(UPDATE, { id: file.documentId, info: { caption: 'Only caption' } });
    assert.equal(byDocumentId.body.errors, undefined, byDocumentId.text);
    assert.equal(byDocumentId.body.data.updateUploadFile.name, 'second.txt');
    assert.equal(byDocumentId.body.data.updateUploadFile.caption, 'Only caption');
    const list = await graphql('{ uploadFiles(sort: ["id:asc"]) { data { id attributes { name caption } } meta { pagination { total } } } }');
    assert.equal(list.body.errors, undefined, list.text);
    const entry = list.body.data.uploadFiles.data.find((item: { id: string }) => item.id === file.documentId);
    assert.deepEqual(entry?.attributes, { name: 'second.txt', caption: 'Only caption' });
  });

  it('refuses bad input and unknown ids with 4xx-class GraphQL errors', async () => {
    const file = await upload('third.txt', 'three');
    assertCode(await graphql(UPDATE, { id: String(file.id), info: { name: '  ' } }), 'BAD_USER_INPUT');
    for (const id of ['999999', '0', '-1', 'abc', '99999999999']) {
      assertCode(await graphql(UPDATE, { id, info: { caption: 'x' } }), 'STRAPI_NOT_FOUND_ERROR');
      assertCode(await graphql(DELETE, { id }), 'STRAPI_NOT_FOUND_ERROR');
    }
  });

  it('needs the upload and destroy permissions: the Public role has neither', async () => {
    const file = await upload('guarded.txt', 'guarded');
    assertCode(await graphql(UPDATE, { id: String(file.id), info: { caption: 'x' } }, null), 'FORBIDDEN');
    assertCode(await graphql(DELETE, { id: String(file.id) }, null), 'FORBIDDEN');
    const rest = await state.app.request('GET', `/api/upload/files/${file.id}`, { headers: { authorization: `Bearer ${state.jwt}` } });
    assert.equal(rest.status, 200);
    assert.equal(rest.body.caption, null);
  });

  it('deleteUploadFile answers the file, removes its row and its stored object', async () => {
    const file = await upload('doomed.txt', 'doomed');
    const stored = path.join(state.project, 'public', 'uploads');
    assert.ok((await readdir(stored)).includes(`${file.hash}${file.ext}`));
    const response = await graphql(DELETE, { id: String(file.id) });
    assert.equal(response.body.errors, undefined, response.text);
    assert.deepEqual(response.body.data.deleteUploadFile, { documentId: file.documentId, name: 'doomed.txt' });
    assert.ok(!(await readdir(stored)).includes(`${file.hash}${file.ext}`));
    const rest = await state.app.request('GET', `/api/upload/files/${file.id}`, { headers: { authorization: `Bearer ${state.jwt}` } });
    assert.equal(rest.status, 404);
    assertCode(await graphql(DELETE, { id: String(file.id) }), 'STRAPI_NOT_FOUND_ERROR');
  });
});

describe('upload over GraphQL (flat shape)', () => {
  const { graphql, upload } = setup('flat');

  it('updates and deletes by numeric id and lists with uploadFiles', async () => {
    const file = await upload('flat.txt', 'flat');
    const updated = await graphql(UPDATE, { id: String(file.id), info: { alternativeText: 'Flat alt' } });
    assert.equal(updated.body.errors, undefined, updated.text);
    assert.equal(updated.body.data.updateUploadFile.alternativeText, 'Flat alt');
    const list = await graphql('{ uploadFiles { documentId name alternativeText } }');
    assert.equal(list.body.errors, undefined, list.text);
    assert.deepEqual(list.body.data.uploadFiles, [{ documentId: file.documentId, name: 'flat.txt', alternativeText: 'Flat alt' }]);
    const deleted = await graphql(DELETE, { id: String(file.id) });
    assert.equal(deleted.body.errors, undefined, deleted.text);
    assert.equal(deleted.body.data.deleteUploadFile.name, 'flat.txt');
    const after = await graphql('{ uploadFiles { documentId } }');
    assert.deepEqual(after.body.data.uploadFiles, []);
  });
});

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import type { App } from '../app.js';
import { servedAlready } from './serve.js';

const dir = mkdtempSync(path.join(tmpdir(), 'tessera-served-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const schema = path.join(dir, 'src', 'api', 'post', 'content-types', 'post', 'schema.json');
const definition = { kind: 'collectionType', info: { singularName: 'post', pluralName: 'posts' }, attributes: { title: { type: 'string' } } };
const app = {
  modelRuntime: { source: () => ({ types: [{ uid: 'api::post.post', apiName: 'post', modelName: 'post', file: schema, definition }], components: [] }) },
} as unknown as Pick<App, 'modelRuntime'>;

describe('tessera develop: what the content-type builder wrote is not a reason to reload', () => {
  it('skips a definition file holding the served definition, and removed paths no served definition lives in', () => {
    mkdirSync(path.dirname(schema), { recursive: true });
    writeFileSync(schema, `${JSON.stringify(definition, null, 2)}\n`);
    assert.equal(servedAlready(app, dir, schema), true);
    assert.equal(servedAlready(app, dir, path.join(dir, 'src', 'api', 'gone')), true);
    assert.equal(servedAlready(app, dir, path.join(dir, 'src', 'components', 'old', 'x.json')), true);
  });

  it('reloads for hand edits: another definition, a removed served file, files outside the model folders', () => {
    writeFileSync(schema, JSON.stringify({ ...definition, attributes: {} }));
    assert.equal(servedAlready(app, dir, schema), false);
    rmSync(schema);
    assert.equal(servedAlready(app, dir, schema), false);
    assert.equal(servedAlready(app, dir, path.join(dir, 'src', 'api')), false, 'a served definition lives under it');
    assert.equal(servedAlready(app, dir, path.join(dir, 'src', 'index.ts')), false);
  });
});

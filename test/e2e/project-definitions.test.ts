import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { createApp } from '../../src/server/app.js';
import { isPluginType } from '../../src/core/schema/content-type.js';
import { DefinitionError } from '../../src/core/shared/errors.js';
import { createTempProjects, schemaPath } from '../helpers/temp-projects.js';

/**
 * Broken projects are generated into a temp folder: each test writes the one mistake it is
 * about next to an otherwise valid project, and checks that the start stops naming the file
 * and the attribute.
 */
const projects = createTempProjects('tessera-broken-');
after(() => projects.remove());

function collection(singularName: string, pluralName: string, attributes: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return { kind: 'collectionType', info: { singularName, pluralName, displayName: singularName }, attributes, ...extra };
}

/** A project with a valid `article` type and a `post` type with the given attributes. */
function projectWithPost(attributes: Record<string, unknown>): { dir: string; file: string } {
  const dir = projects.write({
    [schemaPath('article')]: collection('article', 'articles', { title: { type: 'string' } }),
    [schemaPath('post')]: collection('post', 'posts', attributes),
  });
  return { dir, file: path.join(dir, schemaPath('post')) };
}

function startOptions(dir: string): Parameters<typeof createApp>[0] {
  return {
    projectDir: dir,
    override: (config) => ({ ...config, server: { ...config.server, host: '127.0.0.1', port: 0 }, database: { client: 'sqlite', filename: ':memory:' } }),
  };
}

function start(dir: string) {
  return createApp(startOptions(dir));
}

/** The start rejects with a DefinitionError of exactly `<file>: <problem>`. */
async function stopsWith(dir: string, file: string, problem: string | RegExp): Promise<void> {
  await assert.rejects(start(dir), (error: unknown) => {
    assert.ok(error instanceof DefinitionError, `expected a DefinitionError, got ${String(error)}`);
    assert.equal(error.file, file);
    if (typeof problem === 'string') {
      assert.equal(error.problem, problem);
      assert.equal(error.message, `${file}: ${problem}`);
    } else {
      assert.match(error.problem, problem);
    }
    return true;
  });
}

async function attributeStops(attributes: Record<string, unknown>, problem: string): Promise<void> {
  const { dir, file } = projectWithPost(attributes);
  await stopsWith(dir, file, problem);
}

describe('a project with a broken attribute does not start', () => {
  it('starts when nothing is broken (the base the other tests break)', async () => {
    const app = await start(projectWithPost({ title: { type: 'string' } }).dir);
    assert.deepEqual(app.registry.contentTypes.filter((type) => !isPluginType(type)).map((type) => type.uid), ['api::article.article', 'api::post.post']);
    await app.close();
  });

  it('unknown type', async () => {
    await attributeStops({ title: { type: 'varchar' } }, 'attribute "title": unknown type "varchar"');
  });

  it('missing type', async () => {
    await attributeStops({ title: { required: true } }, 'attribute "title": missing "type"');
  });

  it('media accepting unknown kinds of file', async () => {
    await attributeStops({ title: { type: 'string' }, link: { type: 'media', allowedTypes: ['pictures'] } }, 'attribute "link": option "allowedTypes" must be a non-empty array of images, files, videos, audios');
  });

  it('a relation to a content-type that does not exist', async () => {
    await attributeStops({ link: { type: 'relation', relation: 'oneWay', target: 'api::nothing.nothing' } }, 'attribute "link": target "api::nothing.nothing" is not a content-type of this project');
  });

  it('a component that does not exist', async () => {
    await attributeStops({ seo: { type: 'component', component: 'shared.seo' } }, 'attribute "seo": component "shared.seo" does not exist (expected src/components/shared/seo.json)');
  });

  it('bad attribute name', async () => {
    await attributeStops({ 'sub-title': { type: 'string' } }, 'attribute "sub-title": a name starts with a letter, holds only letters, digits and underscores, and has at most 60 characters');
  });

  for (const name of ['id', 'documentId', 'document_id', 'DocumentID']) {
    it(`reserved name ${name} (as Strapi's loader refuses it)`, async () => {
      await attributeStops({ [name]: { type: 'string' } }, `attribute "${name}": the name is reserved for the identifiers "id" and "documentId" (in any spelling, as in Strapi)`);
    });
  }

  it('a name that a system field has (Strapi would silently replace the attribute by its field)', async () => {
    await attributeStops({ createdAt: { type: 'string' } }, 'attribute "createdAt": the name is taken by a system field ("createdAt": when the version was created); rename the attribute');
    await attributeStops({ published_at: { type: 'datetime' } }, 'attribute "published_at": its column "published_at" collides with the system field "publishedAt"');
    const localized = { title: { type: 'string' }, locale: { type: 'string' } };
    const { dir, file } = projectWithPost({});
    await writeFile(file, JSON.stringify(collection('post', 'posts', localized, { pluginOptions: { i18n: { localized: true } } })));
    await stopsWith(dir, file, 'attribute "locale": the name is taken by a system field ("locale": the version\'s locale, on localized content-types); rename the attribute');
  });

  it("starts with the names only Strapi's content-type builder refuses (meta, status, locale, localizations, …)", async () => {
    const names = ['meta', 'status', 'locale', 'localizations', 'createdBy', 'updatedBy', 'entry_id', 'strapiStage'];
    const app = await start(projectWithPost(Object.fromEntries(names.map((name) => [name, { type: 'string' }]))).dir);
    const post = app.registry.get('api::post.post');
    assert.deepEqual(post?.scalarAttributes.map((attribute) => attribute.name), names);
    await app.close();
  });

  it('enumeration without enum', async () => {
    await attributeStops({ kind: { type: 'enumeration' } }, 'attribute "kind": an enumeration needs "enum": a non-empty array of non-empty strings');
  });

  it('uid whose targetField does not exist', async () => {
    await attributeStops({ slug: { type: 'uid', targetField: 'name' } }, 'attribute "slug": targetField "name" is not an attribute of this content-type');
  });

  it('uid whose targetField is not text', async () => {
    await attributeStops(
      { rank: { type: 'integer' }, slug: { type: 'uid', targetField: 'rank' } },
      'attribute "slug": targetField "rank" must be a string or text attribute',
    );
  });

  it('min greater than max', async () => {
    await attributeStops({ rating: { type: 'float', min: 5, max: 1 } }, 'attribute "rating": min is greater than max');
  });

  it('minLength on a number', async () => {
    await attributeStops({ views: { type: 'integer', minLength: 1 } }, 'attribute "views": minLength/maxLength apply only to text attributes');
  });

  it('bad regex', async () => {
    await attributeStops({ code: { type: 'string', regex: '[a-' } }, 'attribute "code": option "regex" is not a valid regular expression: [a-');
  });

  it('a regex the linear-time engine cannot run (a backreference): named with its file and attribute', async () => {
    await attributeStops(
      { code: { type: 'string', regex: '^(a)\\1$' } },
      'attribute "code": option "regex" uses syntax the linear-time regex engine (RE2) cannot run — backreferences, lookahead or lookbehind: ^(a)\\1$ (error parsing regexp: invalid escape sequence: `\\1`); rewrite the pattern without it',
    );
  });

  it('an option Tessera does not read starts (Strapi ignores it) and is reported once, with the option it is one letter off', async () => {
    const { dir } = projectWithPost({ title: { type: 'string', maxlength: 10, displayName: 'Title' } });
    const logs: string[] = [];
    const app = await createApp({ ...startOptions(dir), log: (message) => logs.push(message) });
    await app.close();
    const report = logs.filter((line) => line.startsWith('Schema keys Tessera does not use'));
    assert.deepEqual(report, [
      `Schema keys Tessera does not use (loaded and kept in the files, as Strapi ignores them): ${schemaPath('post')}: attributes.title.maxlength (did you mean "maxLength"?), attributes.title.displayName`,
    ]);
  });

  it('option of the wrong type', async () => {
    await attributeStops({ title: { type: 'string', required: 'true' } }, 'attribute "title": option "required" must be a boolean');
  });
});

describe('custom fields and extensions that cannot be served stop the start', () => {
  it('an unregistered custom field: names the attribute and both ways to map it', async () => {
    await attributeStops(
      { tone: { type: 'customField', customField: 'plugin::tone-picker.tone' } },
      `attribute "tone": custom field "plugin::tone-picker.tone" is not registered, and Tessera does not run its plugin's code: register it in the register() of src/index with strapi.customFields.register({ name: 'tone', plugin: 'tone-picker', type: 'string' }), or map it to the type it stores in config/server: customFields: { 'plugin::tone-picker.tone': 'string' } (any of string, text, richtext, json, integer, …)`,
    );
    await attributeStops({ tone: { type: 'customField' } }, 'attribute "tone": a custom field needs "customField": the uid of the field (plugin::<plugin>.<name> or global::<name>)');
  });

  it('a custom field takes the rules of its underlying type', async () => {
    const dir = projects.write({
      [schemaPath('post')]: collection('post', 'posts', { stars: { type: 'customField', customField: 'global::stars', maxLength: 3 } }),
      'config/server.json': JSON.stringify({ customFields: { 'global::stars': { type: 'integer' } } }),
    });
    await stopsWith(dir, path.join(dir, schemaPath('post')), 'attribute "stars": minLength/maxLength apply only to text attributes');
  });

  it('a config/server customFields mapping that is not a custom field uid or type', async () => {
    for (const [mapping, problem] of [
      [{ 'plugin::tone-picker.tone': 'relation' }, 'customFields "plugin::tone-picker.tone": the type must be one of biginteger, boolean, date, datetime, decimal, email, enumeration, float, integer, json, password, richtext, string, text, time, uid, got "relation"'],
      [{ tone: 'string' }, 'customFields: "tone" is not a custom field uid (plugin::<plugin>.<name> or global::<name>)'],
      [['string'], 'customFields must be an object: { "<custom field uid>": "<type>" }'],
    ] as const) {
      const dir = projects.write({ [schemaPath('post')]: collection('post', 'posts', { title: { type: 'string' } }), 'config/server.json': JSON.stringify({ customFields: mapping }) });
      await assert.rejects(start(dir), (error: unknown) => error instanceof DefinitionError && error.file.startsWith(path.join(dir, 'config', 'server')) && error.problem === problem);
    }
  });

  it('strapi.customFields.register() with what Strapi refuses: the message names src/index', async () => {
    for (const [field, problem] of [
      [{ name: 'tone', type: 'media' }, /Custom field type: 'media' is not a valid Strapi type/],
      [{ name: '1tone', type: 'string' }, /Custom field name: '1tone' is not a valid object key/],
      [{ type: 'string' }, /Custom fields require a 'name' and 'type' key/],
      [{ name: 'tone', type: 'string', inputSize: { default: 5, isResizable: true } }, /Custom fields require a valid default input size/],
    ] as const) {
      const dir = projects.write({
        [schemaPath('post')]: collection('post', 'posts', { title: { type: 'string' } }),
        'src/index.mjs': `export default { register({ strapi }) { strapi.customFields.register(${JSON.stringify(field)}); } };`,
      });
      await assert.rejects(start(dir), (error: unknown) => error instanceof DefinitionError && error.file === path.join(dir, 'src', 'index.mjs') && problem.test(error.problem));
    }
    const twice = projects.write({
      [schemaPath('post')]: collection('post', 'posts', { title: { type: 'string' } }),
      'src/index.mjs': `export default { register({ strapi }) { strapi.customFields.register([{ name: 'tone', type: 'string' }, { name: 'tone', type: 'text' }]); } };`,
    });
    await assert.rejects(start(twice), /Custom field: 'global::tone' has already been registered/);
  });

  it('a user extension that drops or retypes what the plugin reads', async () => {
    const user = (attributes: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
      kind: 'collectionType',
      collectionName: 'up_users',
      info: { singularName: 'user', pluralName: 'users', displayName: 'User' },
      options: { draftAndPublish: false },
      attributes,
      ...extra,
    });
    const file = 'src/extensions/users-permissions/content-types/user/schema.json';
    for (const [definition, problem] of [
      [user({ username: { type: 'string' }, job: { type: 'string' } }), /must keep "email", "provider", "password"/],
      [user({ job: { type: 'string' } }, { collectionName: 'users' }), /collectionName must stay "up_users"/],
    ] as const) {
      const dir = projects.write({ [schemaPath('article')]: collection('article', 'articles', { title: { type: 'string' } }), [file]: definition });
      await assert.rejects(start(dir), (error: unknown) => error instanceof DefinitionError && error.file === path.join(dir, file) && problem.test(error.problem) && error.problem.startsWith('extends plugin::users-permissions.user: '));
    }
  });

  it('a relation to the user with inversedBy needs the other side in the user extension', async () => {
    const dir = projects.write({
      [schemaPath('article')]: collection('article', 'articles', { author: { type: 'relation', relation: 'manyToOne', target: 'plugin::users-permissions.user', inversedBy: 'articles' } }),
    });
    await stopsWith(dir, path.join(dir, schemaPath('article')), 'attribute "author": inversedBy "articles" must name a relation of plugin::users-permissions.user with target "api::article.article" and mappedBy "author"');
  });
});

describe('a project with broken content-types does not start', () => {
  it('invalid JSON in schema.json', async () => {
    const dir = projects.write({ [schemaPath('article')]: '{ "kind": "collectionType", "attributes": { "title": { "type": "string" }, } }' });
    await stopsWith(dir, path.join(dir, schemaPath('article')), /^not valid JSON: /);
  });

  it('a pluralName used by two types', async () => {
    const dir = projects.write({
      [schemaPath('article')]: collection('article', 'articles', {}),
      [schemaPath('post')]: collection('post', 'articles', {}, { collectionName: 'posts' }),
    });
    await stopsWith(dir, path.join(dir, schemaPath('post')), `pluralName "articles" is already used by api::article.article (${path.join(dir, schemaPath('article'))})`);
  });

  it('a singularName used by two types', async () => {
    const dir = projects.write({
      [schemaPath('article')]: collection('article', 'articles', {}),
      [schemaPath('post')]: collection('article', 'posts', {}),
    });
    await stopsWith(dir, path.join(dir, schemaPath('post')), `singularName "article" is already used by api::article.article (${path.join(dir, schemaPath('article'))})`);
  });

  it("a singularName equal to another type's pluralName", async () => {
    const dir = projects.write({
      [schemaPath('news')]: collection('news-item', 'news', {}),
      [schemaPath('page')]: { kind: 'singleType', info: { singularName: 'news', pluralName: 'pages' }, attributes: {} },
    });
    await stopsWith(dir, path.join(dir, schemaPath('page')), `singularName "news" is already used by api::news.news (${path.join(dir, schemaPath('news'))})`);
  });

  it('a collectionName used by two types', async () => {
    const dir = projects.write({
      [schemaPath('article')]: collection('article', 'articles', {}, { collectionName: 'content' }),
      [schemaPath('post')]: collection('post', 'posts', {}, { collectionName: 'content' }),
    });
    await stopsWith(dir, path.join(dir, schemaPath('post')), `collectionName "content" is already used by api::article.article (${path.join(dir, schemaPath('article'))})`);
  });

  it('an unknown kind', async () => {
    const dir = projects.write({ [schemaPath('article')]: collection('article', 'articles', {}, { kind: 'component' }) });
    await stopsWith(dir, path.join(dir, schemaPath('article')), 'kind must be "collectionType" or "singleType", got "component"');
  });

  it('a default that breaks its own attribute rules', async () => {
    await attributeStops(
      { kind: { type: 'enumeration', enum: ['a', 'b'], default: 'c' } },
      'attribute "kind": invalid default: kind must be one of the following values: a, b',
    );
    await attributeStops({ count: { type: 'integer', default: 'many' } }, 'attribute "count": invalid default: count must be a `number` type, but the final value was: `"many"`.');
    await attributeStops({ code: { type: 'string', maxLength: 2, default: 'abc' } }, 'attribute "code": invalid default: code must be at most 2 characters');
  });

  it('two types whose derived index names meet', async () => {
    const dir = projects.write({
      [schemaPath('alpha')]: collection('alpha', 'alphas', { b_documents: { type: 'string', unique: true } }, { collectionName: 'a' }),
      [schemaPath('beta')]: collection('beta', 'betas', {}, { collectionName: 'a_b' }),
    });
    await stopsWith(
      dir,
      path.join(dir, schemaPath('beta')),
      `collectionName "a_b": its table's index or sequence "a_b_documents_idx" collides with a name of api::alpha.alpha (${path.join(dir, schemaPath('alpha'))}); rename the collectionName or the attribute`,
    );
  });

  it('a content-type folder whose name cannot be part of a uid', async () => {
    const dir = projects.write({ 'src/api/My Blog/content-types/post/schema.json': collection('post', 'posts', {}) });
    await stopsWith(dir, path.join(dir, 'src/api/My Blog'), 'a folder name must be kebab-case (lowercase letters, digits and dashes, starting with a letter)');
  });

  it('ignores a content-type folder without schema.json', async () => {
    const dir = projects.write({ [schemaPath('article')]: collection('article', 'articles', {}), 'src/api/draft/content-types/draft/notes.txt': 'later' });
    const app = await start(dir);
    assert.deepEqual(app.registry.contentTypes.filter((type) => !isPluginType(type)).map((type) => type.uid), ['api::article.article']);
    await app.close();
  });

  it("a collectionName of one of Tessera's own tables (the API would read it, deleting the type would drop it)", async () => {
    for (const collectionName of ['tessera_store', 'admin_users', 'strapi_api_tokens', 'up_permissions', 'i18n_locale', 'tessera_locks', 'up_users']) {
      const dir = projects.write({ [schemaPath('grab')]: collection('grab', 'grabs', { key: { type: 'string' } }, { collectionName }) });
      await stopsWith(dir, path.join(dir, schemaPath('grab')), new RegExp(`^collectionName "${collectionName}"`));
    }
  });

  it('a collectionName the database keeps for itself (pg_, sqlite_, its schemas)', async () => {
    for (const collectionName of ['pg_class', 'sqlite_master', 'information_schema', 'mysql']) {
      const dir = projects.write({ [schemaPath('grab')]: collection('grab', 'grabs', {}, { collectionName }) });
      await stopsWith(dir, path.join(dir, schemaPath('grab')), /is not available: |is reserved by the database/);
    }
  });

  it("a relation whose link table would be one of Tessera's tables, naming the attribute", async () => {
    const dir = projects.write({ [schemaPath('grab')]: collection('grab', 'grabs', { usersRoles: { type: 'relation', relation: 'manyToMany', target: 'api::grab.grab' } }, { collectionName: 'admin' }) });
    await stopsWith(dir, path.join(dir, schemaPath('grab')), /^attribute "usersRoles": its link table "admin_users_roles_lnk" collides with a name of Tessera's own storage \(table "admin_users_roles_lnk"\)/);
  });

  it('a singularName or pluralName that a route under the REST prefix takes (upload, auth, users, i18n, …)', async () => {
    for (const [singular, plural, key, name] of [
      ['upload-item', 'upload', 'pluralName', 'upload'],
      ['auth-item', 'auth', 'pluralName', 'auth'],
      ['i18n', 'i18n-items', 'singularName', 'i18n'],
      ['connect-item', 'connect', 'pluralName', 'connect'],
    ] as const) {
      const dir = projects.write({ [schemaPath('grab')]: collection(singular, plural, {}) });
      await stopsWith(dir, path.join(dir, schemaPath('grab')), `${key} "${name}" is taken by a route Tessera serves (/api/${name}…); choose another name`);
    }
  });

  it('a type with more columns than the database holds, before any table is created', async () => {
    const attributes = Object.fromEntries(Array.from({ length: 2001 }, (_, index) => [`f${index}`, { type: 'integer' }]));
    const dir = projects.write({ [schemaPath('wide')]: collection('wide', 'wides', attributes) });
    await assert.rejects(start(dir), /The database cannot hold table "wides": SQLite allows at most 2000 columns in a table; table "wides" would have 2008/);
  });
});

describe('components are read from src/components/<category>/<name>.json', () => {
  const post = (attributes: Record<string, unknown>) => ({ [schemaPath('post')]: collection('post', 'posts', attributes) });

  it('loads components by category and name, nested ones included', async () => {
    const dir = projects.write({
      ...post({ seo: { type: 'component', component: 'shared.seo' } }),
      'src/components/shared/seo.json': { info: { displayName: 'Seo' }, attributes: { metaTitle: { type: 'string' }, link: { type: 'component', component: 'nav-items.link' } } },
      'src/components/nav-items/link.json': { attributes: { url: { type: 'string' } } },
    });
    const app = await start(dir);
    assert.deepEqual(app.registry.components.map((component) => [component.uid, component.collectionName]), [
      ['nav-items.link', 'components_nav_items_link'],
      ['shared.seo', 'components_shared_seo'],
    ]);
    await app.close();
  });

  it('stops on a component file that is not JSON, naming it', async () => {
    const dir = projects.write({ ...post({}), 'src/components/shared/seo.json': '{ "attributes": ' });
    await stopsWith(dir, path.join(dir, 'src/components/shared/seo.json'), /^not valid JSON: /);
  });

  it('stops on a category or file name that cannot be part of a uid', async () => {
    const badCategory = projects.write({ ...post({}), 'src/components/Shared/seo.json': { attributes: {} } });
    await stopsWith(badCategory, path.join(badCategory, 'src/components/Shared'), 'a component category must be kebab-case (lowercase letters, digits and dashes, starting with a letter)');
    const badName = projects.write({ ...post({}), 'src/components/shared/Seo_Meta.json': { attributes: {} } });
    await stopsWith(badName, path.join(badName, 'src/components/shared/Seo_Meta.json'), 'a component file name must be kebab-case (lowercase letters, digits and dashes, starting with a letter)');
  });

  it('stops on a broken attribute of a component, naming the component file', async () => {
    const dir = projects.write({ ...post({}), 'src/components/shared/seo.json': { attributes: { metaTitle: { type: 'strin' } } } });
    await stopsWith(dir, path.join(dir, 'src/components/shared/seo.json'), 'attribute "metaTitle": unknown type "strin"');
  });
});

describe('a project with a broken config or index does not start', () => {
  const base = { [schemaPath('article')]: collection('article', 'articles', {}) };

  it('a config file that throws', async () => {
    const dir = projects.write({ ...base, 'config/server.js': "throw new Error('no server for you');" });
    await stopsWith(dir, path.join(dir, 'config/server.js'), 'could not be loaded: no server for you');
  });

  it('a config function that throws', async () => {
    const dir = projects.write({ ...base, 'config/database.mjs': "export default () => { throw new Error('missing secret'); };" });
    await stopsWith(dir, path.join(dir, 'config/database.mjs'), 'could not be loaded: missing secret');
  });

  it('a config file that exports a non-object', async () => {
    const dir = projects.write({ ...base, 'config/api.mjs': "export default 'rest';" });
    await stopsWith(dir, path.join(dir, 'config/api.mjs'), 'must export an object or a function returning one');
  });

  it('a config value of the wrong kind', async () => {
    const dir = projects.write({ ...base, 'config/api.json': { rest: { prefix: 'v1' } } });
    await stopsWith(dir, path.join(dir, 'config/api'), 'rest.prefix must be a path such as "/api"');
  });

  it('a src/index that throws while loading', async () => {
    const dir = projects.write({ ...base, 'src/index.mjs': "throw new Error('broken index');" });
    await stopsWith(dir, path.join(dir, 'src/index.mjs'), 'could not be loaded: broken index');
  });

  it('a bootstrap that is not a function', async () => {
    const dir = projects.write({ ...base, 'src/index.js': 'export default { bootstrap: 5 };' });
    await stopsWith(dir, path.join(dir, 'src/index.js'), '"bootstrap" must be a function');
  });
});

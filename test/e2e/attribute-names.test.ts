import assert from 'node:assert/strict';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fixturePath, startTestApp, type TestApp, type TestResponse } from '../helpers/test-app.js';
import { withGraphqlConfig } from '../helpers/graphql-config.js';

/**
 * Attribute names that Strapi's loader accepts and its content-type builder refuses (`meta`,
 * `status`, `locale`, `localizations`, `createdBy`, `entryId`, …) are attributes like any other
 * when a project's files define them (fixture `attribute-names`): written, read, filtered,
 * sorted and selected over REST and GraphQL, never confused with the envelope's `meta`, the
 * `status` and `locale` parameters or the system `localizations`.
 *
 * - `api::event.event` (no Draft & Publish, not localized): meta, status, locale, localizations
 *   (a relation to pages), createdBy, entryId.
 * - `api::page.page` (Draft & Publish, localized): meta (json), status (enumeration), seo
 *   (component `shared.seo` with meta, locale, status, localizations), event (a relation).
 */

type Body = TestResponse['body'];

const withShape = (shape: 'entity' | 'flat') => withGraphqlConfig({ shape });

describe('attributes named like system fields or parameters (REST)', () => {
  let t: TestApp;
  const ids: Record<string, string> = {};

  async function created(plural: string, data: Record<string, unknown>, query = ''): Promise<Body> {
    const response = await t.post(`/api/${plural}${query}`, { data });
    assert.equal(response.status, 201, response.text);
    return response.body;
  }
  async function ok(url: string): Promise<Body> {
    const response = await t.get(url);
    assert.equal(response.status, 200, `${url} → ${response.text}`);
    return response.body;
  }

  before(async () => {
    t = await startTestApp({ fixture: 'attribute-names' });
    ids.home = (await created('pages', { title: 'Home', meta: { description: 'home page' }, status: 'open' })).data.documentId;
    ids.about = (await created('pages', { title: 'About', status: 'closed' })).data.documentId;
  });
  after(() => t.close());

  it('create: every such attribute is stored and answered inside data; the envelope keeps its own meta', async () => {
    const body = await created('events', { name: 'Launch', meta: 'm-launch', status: 'planned', locale: 'fr-CA', localizations: [ids.home], createdBy: 'ann', entryId: 7 });
    ids.launch = body.data.documentId;
    assert.deepEqual(body.meta, {});
    assert.equal(body.data.meta, 'm-launch');
    assert.equal(body.data.status, 'planned');
    assert.equal(body.data.locale, 'fr-CA', 'a value, not a configured locale: the type is not localized');
    assert.equal(body.data.createdBy, 'ann');
    assert.equal(body.data.entryId, 7);
    assert.equal(body.data.localizations, undefined, 'a relation, not populated by default');
    ids.review = (await created('events', { name: 'Review', meta: 'm-review', status: 'done', locale: 'de' })).data.documentId;
  });

  it('findOne and list: the attributes come back, the list envelope has its pagination meta', async () => {
    const one = await ok(`/api/events/${ids.launch}?populate=localizations`);
    assert.equal(one.data.meta, 'm-launch');
    assert.equal(one.data.locale, 'fr-CA');
    assert.deepEqual(one.data.localizations.map((page: { title: string }) => page.title), ['Home']);
    assert.deepEqual(one.meta, {});
    const list = await ok('/api/events?sort=name');
    assert.deepEqual(list.data.map((event: { meta: string }) => event.meta), ['m-launch', 'm-review']);
    assert.deepEqual(list.meta, { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 2 } });
  });

  it('filters, sort and fields name the attributes', async () => {
    const names = (body: Body) => body.data.map((event: { name: string }) => event.name);
    assert.deepEqual(names(await ok('/api/events?filters[meta][$eq]=m-review')), ['Review']);
    assert.deepEqual(names(await ok('/api/events?filters[locale][$eq]=fr-CA')), ['Launch']);
    assert.deepEqual(names(await ok('/api/events?filters[status][$eq]=done')), ['Review']);
    assert.deepEqual(names(await ok('/api/events?filters[createdBy][$eq]=ann')), ['Launch']);
    assert.deepEqual(names(await ok('/api/events?filters[localizations][title][$eq]=Home')), ['Launch']);
    assert.deepEqual(names(await ok('/api/events?sort=meta:desc')), ['Review', 'Launch']);
    assert.deepEqual(names(await ok('/api/events?sort=locale:asc')), ['Review', 'Launch']);
    const fields = await ok('/api/events?fields[0]=meta&fields[1]=locale&fields[2]=status&sort=name');
    assert.deepEqual(
      fields.data.map(({ id: _id, ...rest }: Record<string, unknown>) => rest),
      [
        { documentId: ids.launch, meta: 'm-launch', locale: 'fr-CA', status: 'planned' },
        { documentId: ids.review, meta: 'm-review', locale: 'de', status: 'done' },
      ],
    );
  });

  it('update writes them (data.locale of a type without locales is its attribute)', async () => {
    const response = await t.put(`/api/events/${ids.review}`, { data: { meta: 'm-reviewed', locale: 'en', status: 'planned', entryId: 8 } });
    assert.equal(response.status, 200, response.text);
    assert.deepEqual([response.body.data.meta, response.body.data.locale, response.body.data.status, response.body.data.entryId], ['m-reviewed', 'en', 'planned', 8]);
    const read = await ok(`/api/events/${ids.review}`);
    assert.deepEqual([read.data.meta, read.data.locale, read.data.status], ['m-reviewed', 'en', 'planned']);
  });

  it('on a Draft & Publish, localized type: ?status chooses the version, filters[status] the attribute; data.locale still chooses the locale', async () => {
    const draft = await created('pages', { title: 'Draft only', status: 'open', meta: [1, 2] }, '?status=draft');
    assert.equal(draft.data.status, 'open');
    assert.equal(draft.data.publishedAt, null);
    assert.deepEqual(draft.data.meta, [1, 2]);
    const titles = (body: Body) => body.data.map((page: { title: string }) => page.title);
    assert.deepEqual(titles(await ok('/api/pages?filters[status][$eq]=open&sort=title')), ['Home']);
    assert.deepEqual(titles(await ok('/api/pages?status=draft&filters[status][$eq]=open&sort=title')), ['Draft only', 'Home']);
    assert.deepEqual(titles(await ok('/api/pages?status=draft&sort[0]=status:desc&sort[1]=title')), ['Draft only', 'Home', 'About']);
    const fields = await ok(`/api/pages/${ids.home}?fields[0]=status&fields[1]=meta`);
    assert.deepEqual(fields.data, { id: fields.data.id, documentId: ids.home, status: 'open', meta: { description: 'home page' } });

    const french = await t.put(`/api/pages/${ids.home}?locale=fr`, { data: { title: 'Accueil', status: 'closed', seo: { meta: 'sm', locale: 'fr-FR', status: 'x', localizations: ['en-GB'] }, event: ids.launch } });
    assert.equal(french.status, 200, french.text);
    assert.equal(french.body.data.locale, 'fr');
    assert.equal(french.body.data.status, 'closed');
    const populated = await ok(`/api/pages/${ids.home}?locale=fr&populate=seo`);
    assert.deepEqual({ ...populated.data.seo, id: 0 }, { id: 0, meta: 'sm', locale: 'fr-FR', status: 'x', localizations: ['en-GB'] });
    // A read of every locale adds the system locale of localized versions, never an attribute of that name.
    const everyLocale = await ok('/api/pages?locale=*&filters[title][$eq]=Accueil&fields[0]=title&populate[seo][fields][0]=meta&populate[event][fields][0]=name');
    assert.deepEqual(
      everyLocale.data.map((page: Record<string, Record<string, unknown>>) => [page.locale, { ...page.seo, id: 0 }, { ...page.event, id: 0 }]),
      [['fr', { id: 0, meta: 'sm' }, { id: 0, documentId: ids.launch, name: 'Launch' }]],
    );
    assert.equal((await ok(`/api/pages/${ids.home}`)).data.status, 'open', 'the English version keeps its own value');
    const byLocale = await created('pages', { title: 'Par corps', locale: 'fr', status: 'open' });
    assert.equal(byLocale.data.locale, 'fr');
    assert.equal(byLocale.data.status, 'open');
  });

  it('the v4 response format nests a user relation named localizations as a relation, and leaves a json one as it is', async () => {
    const response = await t.get(`/api/events/${ids.launch}?populate=localizations`, { 'strapi-response-format': 'v4' });
    assert.equal(response.status, 200, response.text);
    const { attributes } = response.body.data;
    assert.equal(attributes.meta, 'm-launch');
    assert.equal(attributes.localizations.data[0].attributes.title, 'Home');
    assert.equal(attributes.localizations.data[0].attributes.status, 'open');
    const page = await t.get(`/api/pages/${ids.home}?locale=fr&populate=seo`, { 'strapi-response-format': 'v4' });
    assert.equal(page.status, 200, page.text);
    assert.deepEqual(page.body.data.attributes.seo.localizations, ['en-GB']);
  });
});

for (const shape of ['entity', 'flat'] as const) {
  describe(`attributes named like system fields or parameters (GraphQL, ${shape} shape)`, () => {
    let t: TestApp;
    const ids: Record<string, string> = {};

    async function data(query: string, variables?: Record<string, unknown>): Promise<Body> {
      const response = await t.request('POST', '/graphql', { body: { query, variables } });
      assert.equal(response.status, 200, response.text);
      assert.equal(response.body.errors, undefined, response.text);
      return response.body.data;
    }
    /** The documents of a list answer in either shape: `{ data: [{ documentId, attributes }] }` or `[{ documentId, … }]`. */
    const documents = (list: Body): Record<string, unknown>[] =>
      shape === 'flat' ? list : list.data.map((entity: { id: string; attributes: Record<string, unknown> }) => ({ documentId: entity.id, ...entity.attributes }));
    const one = (entry: Body): Record<string, unknown> => (shape === 'flat' ? entry : { documentId: entry.data.id, ...entry.data.attributes });
    const id = shape === 'flat' ? 'documentId' : 'id';
    const wrap = (fields: string) => (shape === 'flat' ? `{ documentId ${fields} }` : `{ data { id attributes { ${fields} } } }`);
    const relationList = (fields: string) => (shape === 'flat' ? `{ ${fields} }` : `{ data { attributes { ${fields} } } }`);

    before(async () => {
      t = await startTestApp({ fixture: 'attribute-names', override: withShape(shape) });
      const home = await t.post('/api/pages', { data: { title: 'Home', status: 'open' } });
      assert.equal(home.status, 201, home.text);
      ids.home = home.body.data.documentId;
    });
    after(() => t.close());

    it('a mutation writes them and answers them', async () => {
      const answer = await data(
        `mutation($data: EventInput!) { createEvent(data: $data) ${wrap(`name meta status locale createdBy entryId localizations ${relationList('title status')}`)} }`,
        { data: { name: 'Launch', meta: 'm-launch', status: 'planned', locale: 'fr-CA', createdBy: 'ann', entryId: 7, localizations: [ids.home] } },
      );
      const event = one(answer.createEvent);
      ids.launch = String(event.documentId);
      assert.deepEqual({ ...event, documentId: null }, {
        documentId: null,
        name: 'Launch',
        meta: 'm-launch',
        status: 'planned',
        locale: 'fr-CA',
        createdBy: 'ann',
        entryId: 7,
        localizations: shape === 'flat' ? [{ title: 'Home', status: 'open' }] : { data: [{ attributes: { title: 'Home', status: 'open' } }] },
      });
      const second = await data(`mutation { createEvent(data: { name: "Review", meta: "m-review", status: done, locale: "de" }) ${wrap('meta')} }`);
      ids.review = String(one(second.createEvent).documentId);
      const updated = await data(`mutation($id: ID!) { updateEvent(${id}: $id, data: { meta: "m-reviewed", locale: "en" }) ${wrap('meta locale status')} }`, { id: ids.review });
      assert.deepEqual({ ...one(updated.updateEvent), documentId: null }, { documentId: null, meta: 'm-reviewed', locale: 'en', status: 'done' });
    });

    it('filters and sort name them; a list keeps its own meta', async () => {
      const names = async (args: string): Promise<unknown[]> => documents((await data(`{ events(${args}) ${wrap('name')} }`)).events).map((event) => event.name);
      assert.deepEqual(await names('filters: { meta: { eq: "m-launch" } }'), ['Launch']);
      assert.deepEqual(await names('filters: { locale: { eq: "en" } }'), ['Review']);
      assert.deepEqual(await names('filters: { status: { eq: "done" } }'), ['Review']);
      assert.deepEqual(await names('filters: { localizations: { title: { eq: "Home" } } }'), ['Launch']);
      assert.deepEqual(await names('sort: "meta:desc"'), ['Review', 'Launch']);
      const withMeta = shape === 'flat'
        ? await data('{ events_connection(sort: "name") { nodes { meta } pageInfo { total } } }')
        : await data('{ events(sort: "name") { data { attributes { meta } } meta { pagination { total } } } }');
      if (shape === 'flat') assert.deepEqual(withMeta.events_connection, { nodes: [{ meta: 'm-launch' }, { meta: 'm-reviewed' }], pageInfo: { total: 2 } });
      else assert.deepEqual(withMeta.events, { data: [{ attributes: { meta: 'm-launch' } }, { attributes: { meta: 'm-reviewed' } }], meta: { pagination: { total: 2 } } });
    });

    it('on a Draft & Publish, localized type: the status argument chooses the version, the status filter the attribute', async () => {
      const created = await data(`mutation { createPage(data: { title: "Draft only", status: open, meta: { a: 1 } }, status: DRAFT) ${wrap('title status meta publishedAt')} }`);
      assert.deepEqual({ ...one(created.createPage), documentId: null }, { documentId: null, title: 'Draft only', status: 'open', meta: { a: 1 }, publishedAt: null });
      const titles = async (args: string): Promise<unknown[]> => documents((await data(`{ pages(${args}) ${wrap('title status')} }`)).pages).map((page) => page.title);
      assert.deepEqual(await titles('filters: { status: { eq: "open" } }, sort: "title"'), ['Home']);
      assert.deepEqual(await titles('filters: { status: { eq: "open" } }, sort: "title", status: DRAFT'), ['Draft only', 'Home']);
      const french = await data(`mutation($id: ID!) { updatePage(${id}: $id, locale: "fr", data: { title: "Accueil", status: closed, seo: { meta: "sm", locale: "fr-FR", status: "x" } }) ${wrap('locale status seo { meta locale status }')} }`, { id: ids.home });
      assert.deepEqual({ ...one(french.updatePage), documentId: null }, { documentId: null, locale: 'fr', status: 'closed', seo: { meta: 'sm', locale: 'fr-FR', status: 'x' } });
      assert.deepEqual(await titles('locale: "fr", filters: { seo: { locale: { eq: "fr-FR" }, status: { eq: "x" } } }'), ['Accueil']);
    });
  });
}

describe("the content-type builder refuses Strapi's builder names for the attributes it creates", () => {
  const ADMIN = { email: 'names@example.com', password: 'Secret123' };
  let t: TestApp;
  let dir: string;
  let jwt: string;
  const admin = (method: string, url: string, body?: unknown): Promise<TestResponse> =>
    t.request(method, `/content-type-builder${url}`, { headers: { authorization: `Bearer ${jwt}` }, ...(body === undefined ? {} : { body }) });
  /** Every file of the project's src folder with its content: what "nothing written" compares. */
  async function files(): Promise<Record<string, string>> {
    const found: Record<string, string> = {};
    for (const entry of await readdir(path.join(dir, 'src'), { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) found[path.join(entry.parentPath, entry.name)] = await readFile(path.join(entry.parentPath, entry.name), 'utf8');
    }
    return found;
  }
  async function refused(method: string, url: string, body: unknown, pathInBody: string[], message: RegExp): Promise<void> {
    const response = await admin(method, url, body);
    assert.equal(response.status, 400, `${method} ${url} ${JSON.stringify(body)} → ${response.text}`);
    assert.equal(response.body.error.name, 'ValidationError');
    assert.deepEqual(response.body.error.details.errors[0].path, pathInBody, response.text);
    assert.match(response.body.error.message, message);
  }
  const type = (singularName: string, attributes: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    contentType: { singularName, pluralName: `${singularName}s`, displayName: singularName, attributes, ...extra },
  });
  const RESERVED = /the name is one the content-type builder does not give a new attribute/;
  const STATUS = /the name is reserved on Draft & Publish types/;

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'tessera-names-'));
    await cp(fixturePath('attribute-names'), dir, { recursive: true });
    t = await startTestApp({ fixture: dir, env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
    const login = await t.post('/admin/login', ADMIN);
    assert.equal(login.status, 200, login.text);
    jwt = login.body.data.token;
  });
  after(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('new attributes: every name of the list in any spelling, strapi-prefixed names, status on Draft & Publish types; nothing written', async () => {
    const before = await files();
    for (const name of ['meta', 'Meta', 'locale', 'localizations', 'createdBy', 'created_by_id', 'updatedById', 'entryId', 'entry_id', 'published_at', 'strapi', 'strapiStage']) {
      await refused('POST', '/content-types', type('gadget', { title: { type: 'string' }, [name]: { type: 'string' } }), ['contentType', 'attributes', name], RESERVED);
    }
    await refused('POST', '/content-types', type('gadget', { status: { type: 'string' } }, { draftAndPublish: true }), ['contentType', 'attributes', 'status'], STATUS);
    await refused('POST', '/components', { component: { category: 'shared', displayName: 'Card', attributes: { meta: { type: 'string' } } } }, ['component', 'attributes', 'meta'], RESERVED);
    assert.deepEqual(await files(), before);
    assert.equal((await t.get('/api/gadgets')).status, 404);
  });

  it('status is a name like any other without Draft & Publish, which then cannot be turned on', async () => {
    const created = await admin('POST', '/content-types', type('ticket', { status: { type: 'string' } }));
    assert.equal(created.status, 201, created.text);
    await refused('PUT', '/content-types/api::ticket.ticket', type('ticket', { status: { type: 'string' } }, { draftAndPublish: true }), ['contentType', 'draftAndPublish'], /draftAndPublish cannot be turned on while the content-type has an attribute "status"/);
    const token = await t.request('POST', '/admin/api-tokens', { headers: { authorization: `Bearer ${jwt}` }, body: { name: 'full', type: 'full-access' } });
    assert.equal(token.status, 201, token.text);
    const written = await t.request('POST', '/api/tickets', { headers: { authorization: `Bearer ${token.body.data.accessKey}` }, body: { data: { status: 'open' } } });
    assert.equal(written.status, 201, written.text);
    assert.equal(written.body.data.status, 'open');
  });

  it("attributes a project's files have keep their names: their types can be changed and others added", async () => {
    const event = (await admin('GET', '/content-types/api::event.event')).body.data.schema;
    const attributes = { ...event.attributes, meta: { type: 'text' }, venue: { type: 'string' } };
    const changed = await admin('PUT', '/content-types/api::event.event', { contentType: { singularName: 'event', pluralName: 'events', displayName: 'Event', attributes } });
    assert.equal(changed.status, 200, changed.text);
    const page = (await admin('GET', '/content-types/api::page.page')).body.data.schema;
    const withSubtitle = await admin('PUT', '/content-types/api::page.page', { contentType: { singularName: 'page', pluralName: 'pages', displayName: 'Page', draftAndPublish: true, attributes: { ...page.attributes, subtitle: { type: 'string' } } } });
    assert.equal(withSubtitle.status, 200, withSubtitle.text);
    const seo = (await admin('GET', '/components/shared.seo')).body.data.schema;
    const component = await admin('PUT', '/components/shared.seo', { component: { category: 'shared', displayName: 'Seo', attributes: { ...seo.attributes, caption: { type: 'string' } } } });
    assert.equal(component.status, 200, component.text);
    const written = await t.post('/api/events', { data: { name: 'After', meta: 'still meta', venue: 'Hall', locale: 'x' } });
    assert.equal(written.status, 201, written.text);
    assert.deepEqual([written.body.data.meta, written.body.data.venue, written.body.data.locale], ['still meta', 'Hall', 'x']);
  });

  it('a rename to a reserved name and the other side a targetAttribute creates are new attributes too', async () => {
    const before = await files();
    const event = (await admin('GET', '/content-types/api::event.event')).body.data.schema;
    const { venue, ...others } = event.attributes;
    await refused('PUT', '/content-types/api::event.event', { contentType: { singularName: 'event', pluralName: 'events', displayName: 'Event', attributes: { ...others, strapiVenue: venue } }, renames: { venue: 'strapiVenue' } }, ['contentType', 'attributes', 'strapiVenue'], RESERVED);
    const related = type('ticket', { status: { type: 'string' }, event: { type: 'relation', relation: 'manyToOne', target: 'api::event.event', targetAttribute: 'updatedBy' } });
    const response = await admin('PUT', '/content-types/api::ticket.ticket', related);
    assert.equal(response.status, 400, response.text);
    assert.match(response.body.error.message, /^api::event\.event: attribute "updatedBy": the name is one the content-type builder does not give a new attribute/);
    assert.deepEqual(await files(), before);
  });
});

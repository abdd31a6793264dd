import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createDocumentService, type DocumentService } from '../../src/core/documents/document-service.js';
import { validateData } from '../../src/core/documents/validate-data.js';
import { parseDocumentQuery } from '../../src/core/query/parse/parse-document-query.js';
import type { ContentType } from '../../src/core/schema/content-type.js';
import { FILE_UID } from '../../src/plugins/upload/file-type.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Shared media, components and dynamic zones (`pluginOptions.i18n.localized: false` on a
 * localized type) have one value per document and status, like shared scalars: a write in
 * any locale sets it in every locale's version of that status, a new locale takes it from the
 * document, and publish / discard-draft keep every locale of a status equal. Relations stay
 * per locale whatever the option says (as in the reference). Each locale keeps its own
 * component rows, whose ids stay stable by position.
 */

type Json = Record<string, unknown>;
type Status = 'draft' | 'published';

const POPULATE = 'populate[sharedImage]=true&populate[sharedGallery]=true&populate[sharedSeo][populate][shareImage]=true&populate[sharedZone]=true&populate[sharedLogo]=true&populate[localSeo]=true';

/** The parts of a page the tests compare: shared values, item ids and the per-locale ones. */
interface PageView {
  readonly note: unknown;
  readonly image: unknown;
  readonly gallery: unknown[];
  readonly seo: { id: number; metaTitle: unknown; shareImage: unknown } | null;
  readonly zone: { id: number; kind: string; text: unknown }[];
  readonly logo: unknown;
  readonly localSeo: unknown;
  readonly title: unknown;
}

function view(data: Json): PageView {
  const file = (value: unknown) => (value === null || value === undefined ? null : (value as Json).name);
  const seo = data.sharedSeo as Json | null;
  return {
    title: data.title,
    note: data.sharedNote,
    image: file(data.sharedImage),
    gallery: ((data.sharedGallery ?? []) as Json[]).map(file),
    seo: seo ? { id: seo.id as number, metaTitle: seo.metaTitle, shareImage: file(seo.shareImage) } : null,
    zone: ((data.sharedZone ?? []) as Json[]).map((item) => ({ id: item.id as number, kind: String(item.__component), text: item.body ?? item.metaTitle })),
    logo: data.sharedLogo ? (data.sharedLogo as Json).name : null,
    localSeo: data.localSeo ? (data.localSeo as Json).metaTitle : null,
  };
}

/** A view without ids: what must be equal across locales. */
function shared(page: PageView): Json {
  return { note: page.note, image: page.image, gallery: page.gallery, seo: page.seo && { metaTitle: page.seo.metaTitle, shareImage: page.seo.shareImage }, zone: page.zone.map(({ kind, text }) => ({ kind, text })) };
}

describe('versions: shared media, components and dynamic zones', () => {
  let t: TestApp;
  let documents: DocumentService;
  let fileType: ContentType;
  const files: Record<string, number> = {};
  const logos: Record<string, string> = {};

  before(async () => {
    t = await startTestApp({ fixture: 'shared-linked-app' });
    documents = createDocumentService({ database: t.app.database, registry: t.app.registry });
    const type = t.app.registry.get(FILE_UID);
    if (!type) throw new Error('no file type');
    fileType = type;
    // File rows as an upload leaves them, made through the document service (no upload API needed).
    for (const name of ['img1', 'img2', 'img3']) {
      const query = parseDocumentQuery({}, { contentType: fileType, rest: t.app.config.rest, registry: t.app.registry, locales: t.app.locales });
      const data = { name, hash: `${name}_hash`, ext: '.gif', mime: 'image/gif', size: 0.04, url: `/uploads/${name}.gif`, provider: 'local', width: 1, height: 1 };
      files[name] = Number((await documents.create({ write: validateData(data, fileType, 'create', t.app.registry), query })).id);
    }
    for (const name of ['Logo 1', 'Logo 2']) {
      const response = await t.post('/api/logos', { data: { name } });
      assert.equal(response.status, 201, response.text);
      logos[name] = response.body.data.documentId as string;
    }
  });
  after(() => t.close());

  async function read(documentId: string, locale: string, status: Status): Promise<PageView> {
    const response = await t.get(`/api/pages/${documentId}?locale=${locale}&${POPULATE}${status === 'draft' ? '&status=draft' : ''}`);
    assert.equal(response.status, 200, `${locale} ${status}: ${response.text}`);
    return view(response.body.data as Json);
  }

  async function write(method: 'POST' | 'PUT', url: string, data: Json): Promise<PageView> {
    const response = await t.request(method, `${url}${url.includes('?') ? '&' : '?'}${POPULATE}`, { body: { data } });
    assert.ok(response.status === 200 || response.status === 201, `${method} ${url}: ${response.status} ${response.text}`);
    return view(response.body.data as Json);
  }

  /** A page published in en with every shared attribute set, and its fr and de locales (which take them). */
  async function page(): Promise<string> {
    const response = await t.post(`/api/pages?${POPULATE}`, {
      data: {
        title: 'P en',
        sharedNote: 'note en',
        sharedImage: files.img1,
        sharedGallery: [files.img1, files.img2],
        sharedSeo: { metaTitle: 'seo en', shareImage: files.img1 },
        sharedZone: [{ __component: 'shared.quote', body: 'zone en' }, { __component: 'shared.seo', metaTitle: 'zone seo en' }],
        sharedLogo: logos['Logo 1'],
        localSeo: { metaTitle: 'local en' },
      },
    });
    assert.equal(response.status, 201, response.text);
    return response.body.data.documentId as string;
  }

  it('a new locale takes the document shared values as copies of its own (a required shared component need not be sent); relations stay per locale', async () => {
    const documentId = await page();
    const en = await read(documentId, 'en', 'published');
    const fr = await write('PUT', `/api/pages/${documentId}?locale=fr`, { title: 'P fr' });
    assert.deepEqual(shared(fr), shared(en));
    assert.deepEqual(shared(fr), {
      note: 'note en',
      image: 'img1',
      gallery: ['img1', 'img2'],
      seo: { metaTitle: 'seo en', shareImage: 'img1' },
      zone: [{ kind: 'shared.quote', text: 'zone en' }, { kind: 'shared.seo', text: 'zone seo en' }],
    });
    assert.notEqual(fr.seo?.id, en.seo?.id, 'each locale has its own component rows');
    assert.equal(fr.logo, null, 'a relation is never shared');
    assert.equal(fr.localSeo, null, 'a localized component is not copied');
    assert.deepEqual(shared(await read(documentId, 'fr', 'draft')), shared(en));
  });

  it('a write in one locale sets the shared values of every locale of that status, keeping each locale component ids', async () => {
    const documentId = await page();
    await write('PUT', `/api/pages/${documentId}?locale=fr`, { title: 'P fr' });
    await write('PUT', `/api/pages/${documentId}?locale=de&status=draft`, { title: 'P de' });
    const before = { en: await read(documentId, 'en', 'published'), enDraft: await read(documentId, 'en', 'draft') };

    const fr = await write('PUT', `/api/pages/${documentId}?locale=fr`, {
      sharedNote: 'note fr',
      sharedImage: files.img2,
      sharedGallery: [files.img3],
      sharedSeo: { metaTitle: 'seo fr', shareImage: files.img2 },
      sharedZone: [{ __component: 'shared.seo', metaTitle: 'zone seo fr' }, { __component: 'shared.quote', body: 'zone fr' }, { __component: 'shared.quote', body: 'zone fr 2' }],
      sharedLogo: logos['Logo 2'],
      localSeo: { metaTitle: 'local fr' },
    });
    const en = await read(documentId, 'en', 'published');
    // One image for the document: the English version shows the French write's values.
    assert.deepEqual(shared(en), shared(fr));
    assert.equal(en.image, 'img2');
    assert.equal(en.logo, 'Logo 1', 'relations stay per locale');
    assert.equal(en.localSeo, 'local en');
    assert.equal(en.seo?.id, before.en.seo?.id, 'the English component row is updated in place');
    // Drafts follow too (the write saved the fr draft, then published it), de's only draft included.
    assert.deepEqual(shared(await read(documentId, 'en', 'draft')), shared(fr));
    assert.deepEqual(shared(await read(documentId, 'de', 'draft')), shared(fr));
    assert.equal((await read(documentId, 'en', 'draft')).seo?.id, before.enDraft.seo?.id);
  });

  it('a draft write changes the drafts only; publishing any locale then sets every published version', async () => {
    const documentId = await page();
    await write('PUT', `/api/pages/${documentId}?locale=fr`, { title: 'P fr' });
    const published = await read(documentId, 'en', 'published');

    const frDraft = await write('PUT', `/api/pages/${documentId}?locale=fr&status=draft`, { sharedImage: files.img3, sharedSeo: { metaTitle: 'seo draft' }, sharedZone: [] });
    assert.deepEqual(shared(await read(documentId, 'en', 'draft')), shared(frDraft));
    assert.deepEqual(shared(await read(documentId, 'en', 'published')), shared(published), 'published versions keep their values');
    assert.deepEqual(shared(await read(documentId, 'fr', 'published')), shared(published));

    // Publishing en (whose draft holds the document's draft values) updates fr's published version too.
    const action = await t.post(`/api/pages/${documentId}/actions/publish?locale=en`, {});
    assert.equal(action.status, 200, action.text);
    const frPublished = await read(documentId, 'fr', 'published');
    assert.deepEqual(shared(frPublished), shared(frDraft));
    assert.deepEqual(frPublished.zone, []);
    assert.equal(frPublished.seo?.shareImage, null);
  });

  it('discard-draft resets every locale draft to the published values; unpublish leaves the others alone', async () => {
    const documentId = await page();
    await write('PUT', `/api/pages/${documentId}?locale=fr`, { title: 'P fr' });
    const published = await read(documentId, 'en', 'published');
    await write('PUT', `/api/pages/${documentId}?locale=en&status=draft`, { sharedGallery: [], sharedSeo: { metaTitle: 'unwanted' } });

    const discard = await t.post(`/api/pages/${documentId}/actions/discard-draft?locale=fr`, {});
    assert.equal(discard.status, 200, discard.text);
    assert.deepEqual(shared(await read(documentId, 'en', 'draft')), shared(published));
    assert.deepEqual(shared(await read(documentId, 'fr', 'draft')), shared(published));

    const unpublish = await t.post(`/api/pages/${documentId}/actions/unpublish?locale=fr`, {});
    assert.equal(unpublish.status, 200, unpublish.text);
    assert.deepEqual(shared(await read(documentId, 'en', 'published')), shared(published));
  });

  it('shares components on a localized type without Draft & Publish too', async () => {
    const created = await t.post('/api/banners?populate[quotes]=true', { data: { title: 'B en', quotes: [{ body: 'a' }] } });
    assert.equal(created.status, 201, created.text);
    const documentId = created.body.data.documentId as string;
    const fr = await t.put(`/api/banners/${documentId}?locale=fr&populate[quotes]=true`, { data: { title: 'B fr', quotes: [{ body: 'b' }, { body: 'c' }] } });
    assert.equal(fr.status, 200, fr.text);
    const en = await t.get(`/api/banners/${documentId}?populate[quotes]=true`);
    assert.deepEqual((en.body.data.quotes as Json[]).map((item) => item.body), ['b', 'c']);
    assert.equal(en.body.data.title, 'B en');
    assert.equal((en.body.data.quotes as Json[])[0]?.id, (created.body.data.quotes as Json[])[0]?.id, 'the en item keeps its id');
  });

  it('costs the same statements whatever the number of items, files and locales (per shape, not per item)', async () => {
    const measure = async (locales: readonly string[], pairs: number): Promise<number> => {
      const documentId = await page();
      for (const locale of locales) await write('PUT', `/api/pages/${documentId}?locale=${locale}`, { title: `P ${locale}` });
      // Both kinds grow past the two stored items: updates and inserts of each kind, in every locale.
      const zone = Array.from({ length: pairs }, (_, n) => [{ __component: 'shared.quote', body: `q${n}` }, { __component: 'shared.seo', metaTitle: `s${n}` }]).flat();
      const { statements } = await t.app.database.counter.measure(() =>
        t.put(`/api/pages/${documentId}?locale=en`, { data: { sharedZone: zone, sharedGallery: [files.img3], sharedSeo: { metaTitle: `m${pairs}`, shareImage: files.img2 } } }),
      );
      return statements;
    };
    assert.equal(await measure(['fr'], 2), await measure(['fr', 'de'], 5));
  });
});

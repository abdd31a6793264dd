import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp, type TestResponse } from '../helpers/test-app.js';

/**
 * One-sided relations (no `inversedBy`/`mappedBy`) are never exclusive, whatever their kind:
 * there is no inverse side to keep consistent, so every owner keeps the targets it links, as in
 * the reference (issue 14, item 2). The fixture is a marketing site's model: a `shared.logo-wall`
 * component with a `oneToMany` to logos, used as a component and in a dynamic zone of a
 * localized Draft & Publish page, which also has a one-sided `oneToOne` badge and `oneToMany`
 * sponsors.
 */

type Body = TestResponse['body'];

const POPULATE = [
  'populate[partners][populate][0]=logos',
  'populate[sections][on][shared.logo-wall][populate][0]=logos',
  'populate[badge]=true',
  'populate[sponsors]=true',
].join('&');

describe('one-sided relations are shared, not exclusive', () => {
  let t: TestApp;
  let counter = 0;

  before(async () => {
    t = await startTestApp({ fixture: 'logo-wall-app' });
  });
  after(() => t.close());

  async function logo(): Promise<string> {
    const response = await t.post('/api/logos', { data: { name: `logo ${++counter}` } });
    assert.equal(response.status, 201, response.text);
    return response.body.data.documentId;
  }

  async function write(method: 'POST' | 'PUT', url: string, data: Record<string, unknown>): Promise<Body> {
    const response = await t.request(method, url, { body: { data } });
    assert.equal(response.status, method === 'POST' ? 201 : 200, `${method} ${url}: ${response.text}`);
    return response.body.data;
  }

  /** What a read of the page shows of each one-sided relation, by logo documentId. */
  async function links(documentId: string, query = ''): Promise<{ partners: string[]; sections: string[][]; badge: string | null; sponsors: string[] }> {
    const response = await t.get(`/api/pages/${documentId}?${POPULATE}${query}`);
    assert.equal(response.status, 200, response.text);
    const page = response.body.data;
    const ids = (list: Body[] | undefined): string[] => (list ?? []).map((entry) => entry.documentId);
    return {
      partners: ids(page.partners?.logos),
      sections: (page.sections ?? []).map((section: Body) => ids(section.logos)),
      badge: page.badge?.documentId ?? null,
      sponsors: ids(page.sponsors),
    };
  }

  it('linking a logo from page B leaves it on page A, in components, dynamic zones and the page\'s own relations', async () => {
    const [l1, l2, l3] = [await logo(), await logo(), await logo()];
    const a = await write('POST', '/api/pages', {
      title: 'A',
      partners: { title: 'Partners', logos: [l1, l2] },
      sections: [{ __component: 'shared.logo-wall', logos: [l2, l3] }],
      badge: l1,
      sponsors: [l1, l3],
    });
    const b = await write('POST', '/api/pages', {
      title: 'B',
      partners: { title: 'Partners', logos: [l2, l1] },
      sections: [{ __component: 'shared.logo-wall', logos: [l3] }],
      badge: l1,
      sponsors: [l3],
    });
    // A third page connects rather than sets.
    const c = await write('POST', '/api/pages', { title: 'C', partners: { logos: [] } });
    const cRead = await t.get(`/api/pages/${c.documentId}?status=draft&populate=partners`);
    await write('PUT', `/api/pages/${c.documentId}`, { partners: { id: cRead.body.data.partners.id, logos: { connect: [l1, { documentId: l2, position: { start: true } }] } }, sponsors: { connect: [l1] } });

    const expectedA = { partners: [l1, l2], sections: [[l2, l3]], badge: l1, sponsors: [l1, l3] };
    assert.deepEqual(await links(a.documentId), expectedA);
    assert.deepEqual(await links(a.documentId, '&status=draft'), expectedA);
    assert.deepEqual(await links(b.documentId), { partners: [l2, l1], sections: [[l3]], badge: l1, sponsors: [l3] });
    assert.deepEqual(await links(c.documentId), { partners: [l2, l1], sections: [], badge: null, sponsors: [l1] });
  });

  it('a French version linking a logo leaves it on the English one', async () => {
    const [l1, l2] = [await logo(), await logo()];
    const page = await write('POST', '/api/pages', {
      title: 'Home',
      partners: { logos: [l1, l2] },
      sections: [{ __component: 'shared.logo-wall', logos: [l1] }],
      badge: l2,
      sponsors: [l1, l2],
    });
    await write('PUT', `/api/pages/${page.documentId}?locale=fr`, {
      title: 'Accueil',
      partners: { logos: [l2, l1] },
      sections: [{ __component: 'shared.logo-wall', logos: [l1] }],
      badge: l2,
      sponsors: [l2],
    });

    const english = { partners: [l1, l2], sections: [[l1]], badge: l2, sponsors: [l1, l2] };
    assert.deepEqual(await links(page.documentId), english);
    assert.deepEqual(await links(page.documentId, '&status=draft'), english);
    assert.deepEqual(await links(page.documentId, '&locale=fr'), { partners: [l2, l1], sections: [[l1]], badge: l2, sponsors: [l2] });

    // Changing the French links later still leaves the English ones alone.
    await write('PUT', `/api/pages/${page.documentId}?locale=fr`, { badge: l1, sponsors: { connect: [l1] } });
    assert.deepEqual(await links(page.documentId), english);
    assert.deepEqual((await links(page.documentId, '&locale=fr')).sponsors, [l2, l1]);
  });

  it('deleting one owner leaves the other owners\' links', async () => {
    const l1 = await logo();
    const a = await write('POST', '/api/pages', { title: 'Kept', partners: { logos: [l1] }, sponsors: [l1], badge: l1 });
    const b = await write('POST', '/api/pages', { title: 'Deleted', partners: { logos: [l1] }, sponsors: [l1], badge: l1 });
    const deleted = await t.del(`/api/pages/${b.documentId}`);
    assert.equal(deleted.status, 204, deleted.text);
    assert.deepEqual(await links(a.documentId), { partners: [l1], sections: [], badge: l1, sponsors: [l1] });
  });
});

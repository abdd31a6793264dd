import { deflateSync } from 'node:zlib';

/*
 * The operations whose webhook payloads were recorded from a real Strapi 5
 * (test/fixtures/strapi-webhooks/) and are replayed on Tessera by
 * test/e2e/webhooks-strapi-payloads.test.ts: one scenario, two drivers, so that both sides do
 * the same thing with the same data on the reference's model (article: D&P + i18n, with a
 * component, a dynamic zone, media and relations; author, category).
 */

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are arbitrary JSON */
export interface ScenarioAnswer {
  readonly status: number;
  readonly body: any;
}

export interface ScenarioFile {
  readonly name: string;
  readonly type: string;
  readonly data: Buffer;
}

/**
 * What a server is asked to do. `rest` and `upload` are the content API (public role); the
 * `draft…` operations are what the admin's content manager does on Strapi (create and update a
 * draft, publish, unpublish, discard, delete) — Tessera's REST equivalents on Tessera.
 */
export interface ScenarioDriver {
  rest(method: string, path: string, body?: unknown): Promise<ScenarioAnswer>;
  /** `POST /api/upload` (`id`: update that file, its information only when no file is sent). */
  upload(files: readonly ScenarioFile[], fileInfo?: Record<string, unknown>, id?: number): Promise<ScenarioAnswer>;
  deleteFile(id: number): Promise<ScenarioAnswer>;
  draftCreate(uid: string, data: Record<string, unknown>): Promise<ScenarioAnswer>;
  draftUpdate(uid: string, documentId: string, data: Record<string, unknown>): Promise<ScenarioAnswer>;
  draftAction(uid: string, documentId: string, action: 'publish' | 'unpublish' | 'discard'): Promise<ScenarioAnswer>;
  draftDelete(uid: string, documentId: string): Promise<ScenarioAnswer>;
}

/** Runs one named step and collects what it caused (the recorder waits for the webhooks; the test settles its outbox). */
export type ScenarioStep = (name: string, act: () => Promise<void>) => Promise<void>;

export const SCENARIO_EVENTS = ['entry.create', 'entry.update', 'entry.delete', 'entry.publish', 'entry.unpublish', 'entry.draft-discard', 'media.create', 'media.update', 'media.delete'];

const ARTICLE = 'api::article.article';

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** A deterministic RGB PNG of this size (no binary fixture needed; big enough images get a thumbnail). */
export function pngOf(width: number, height: number): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) row.set([(x * 7) % 256, (y * 5) % 256, 128], 1 + x * 3);
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer): Buffer => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, tail]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

function expect(answer: ScenarioAnswer, status: number | readonly number[], what: string): any {
  const statuses = typeof status === 'number' ? [status] : status;
  if (!statuses.includes(answer.status)) throw new Error(`${what}: expected ${statuses.join(' or ')}, got ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** The scenario's steps, in order (each named as its recording file). */
export async function runWebhookScenario(driver: ScenarioDriver, step: ScenarioStep): Promise<void> {
  let photo = 0;
  let small = 0;
  let authorId = '';
  let categoryId = '';
  let restArticle = '';
  let draftArticle = '';

  await step('01-media-upload', async () => {
    const files = expect(await driver.upload([{ name: 'webhook-photo.png', type: 'image/png', data: pngOf(300, 200) }]), 201, 'upload photo');
    photo = files[0].id;
  });
  await step('02-media-upload-small', async () => {
    const files = expect(await driver.upload([{ name: 'webhook-small.png', type: 'image/png', data: pngOf(40, 30) }]), 201, 'upload small');
    small = files[0].id;
  });
  await step('03-media-update-info', async () => {
    expect(await driver.upload([], { name: 'webhook-small-renamed.png', alternativeText: 'A small image', caption: 'Small caption' }, small), 200, 'update file info');
  });
  await step('04-rest-create-author', async () => {
    authorId = expect(await driver.rest('POST', '/api/authors', { data: { name: 'Webhook Author', email: 'webhook.author@example.com', avatar: small } }), 201, 'create author').data.documentId;
  });
  await step('05-rest-create-category', async () => {
    categoryId = expect(await driver.rest('POST', '/api/categories', { data: { name: 'Webhook Category', slug: 'webhook-category' } }), 201, 'create category').data.documentId;
  });
  await step('06-rest-create-article', async () => {
    const data = {
      title: 'Webhook payloads',
      slug: 'webhook-payloads',
      body: '# Heading\n\nSome **rich** text.',
      content: [{ type: 'paragraph', children: [{ type: 'text', text: 'Blocks text' }] }],
      views: 3,
      rating: 4.5,
      price: 9.99,
      isFeatured: true,
      publishDate: '2030-05-06',
      meta: { tags: ['a', 'b'], depth: 1 },
      kind: 'review',
      cover: photo,
      gallery: [photo, small],
      author: authorId,
      categories: [categoryId],
      seo: { metaTitle: 'SEO title', metaDescription: 'SEO description', shareImage: photo },
      blocks: [
        { __component: 'shared.quote', body: 'Quoted words', author: 'Someone' },
        { __component: 'shared.rich-text', body: 'Zone **rich** text' },
        { __component: 'shared.media', file: small },
      ],
    };
    restArticle = expect(await driver.rest('POST', '/api/articles', { data }), 201, 'create article').data.documentId;
  });
  await step('07-rest-update-article', async () => {
    expect(await driver.rest('PUT', `/api/articles/${restArticle}`, { data: { title: 'Webhook payloads, updated', views: 4 } }), 200, 'update article');
  });
  await step('08-rest-create-article-locale-fr', async () => {
    expect(await driver.rest('PUT', `/api/articles/${restArticle}?locale=fr`, { data: { title: 'Charges utiles', slug: 'charges-utiles', views: 5, seo: { metaTitle: 'SEO fr' } } }), 200, 'create the fr locale');
  });
  await step('09-rest-delete-article-locale-fr', async () => {
    expect(await driver.rest('DELETE', `/api/articles/${restArticle}?locale=fr`), 204, 'delete the fr locale');
  });
  await step('10-draft-create-article', async () => {
    const data = {
      title: 'Webhook draft',
      slug: 'webhook-draft',
      views: 1,
      cover: photo,
      author: authorId,
      categories: [categoryId],
      seo: { metaTitle: 'Draft SEO', shareImage: small },
      blocks: [{ __component: 'shared.quote', body: 'Draft quote', author: 'Drafter' }],
    };
    draftArticle = expect(await driver.draftCreate(ARTICLE, data), 201, 'draft create').data.documentId;
  });
  await step('11-draft-update-article', async () => {
    expect(await driver.draftUpdate(ARTICLE, draftArticle, { title: 'Webhook draft, edited', views: 2 }), 200, 'draft update');
  });
  await step('12-draft-publish-article', async () => {
    expect(await driver.draftAction(ARTICLE, draftArticle, 'publish'), 200, 'publish');
  });
  await step('13-draft-update-after-publish', async () => {
    expect(await driver.draftUpdate(ARTICLE, draftArticle, { title: 'Webhook draft, to be discarded' }), 200, 'draft update after publish');
  });
  await step('14-draft-discard', async () => {
    expect(await driver.draftAction(ARTICLE, draftArticle, 'discard'), 200, 'discard');
  });
  await step('15-draft-unpublish', async () => {
    expect(await driver.draftAction(ARTICLE, draftArticle, 'unpublish'), 200, 'unpublish');
  });
  await step('16-draft-delete-article', async () => {
    // The content manager answers 200 with the document, REST 204.
    expect(await driver.draftDelete(ARTICLE, draftArticle), [200, 204], 'draft delete');
  });
  await step('17-rest-delete-article', async () => {
    expect(await driver.rest('DELETE', `/api/articles/${restArticle}`), 204, 'delete article');
  });
  await step('18-rest-delete-category', async () => {
    expect(await driver.rest('DELETE', `/api/categories/${categoryId}`), 204, 'delete category');
  });
  await step('19-rest-put-single-type-create', async () => {
    expect(await driver.rest('PUT', '/api/homepage', { data: { title: 'Webhook home', hero: { metaTitle: 'Hero', shareImage: photo } } }), 200, 'create the homepage');
  });
  await step('20-rest-put-single-type-update', async () => {
    expect(await driver.rest('PUT', '/api/homepage', { data: { title: 'Webhook home, updated' } }), 200, 'update the homepage');
  });
  await step('21-rest-delete-single-type', async () => {
    expect(await driver.rest('DELETE', '/api/homepage'), 204, 'delete the homepage');
  });
  await step('22-media-replace', async () => {
    expect(await driver.upload([{ name: 'webhook-replacement.png', type: 'image/png', data: pngOf(50, 40) }], undefined, small), 200, 'replace the small file');
  });
  await step('23-media-delete', async () => {
    expect(await driver.deleteFile(photo), 200, 'delete photo');
  });
}

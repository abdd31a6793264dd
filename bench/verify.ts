import { createBody, updateBody } from './dataset.js';
import { LIST_PATH, populatePath } from './scenarios.js';

interface Answer {
  readonly status: number;
  readonly contentType: string | null;
  /** The response headers both servers should send alike (CORS and security headers). */
  readonly fixedHeaders: string;
  readonly body: unknown;
}

/** Headers that legitimately differ between two servers (per response, or per framework). */
const VARYING_HEADERS = new Set(['date', 'content-length', 'connection', 'keep-alive', 'content-type', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']);

async function call(baseUrl: string, method: string, path: string, body?: string): Promise<Answer> {
  const response = await fetch(baseUrl + path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body,
  });
  const fixedHeaders = [...response.headers].filter(([name]) => !VARYING_HEADERS.has(name)).map(([name, value]) => `${name}: ${value}`).sort().join('\n');
  return { status: response.status, contentType: response.headers.get('content-type'), fixedHeaders, body: (await response.json()) as unknown };
}

/** Values that differ between two correct servers: generated ids and clocks. */
function masked(value: unknown, keys: ReadonlySet<string>): unknown {
  if (Array.isArray(value)) return value.map((item) => masked(item, keys));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, keys.has(key) ? '<volatile>' : masked(item, keys)]));
}

/** The first path where two JSON values differ, in key order too (JSON.stringify keeps it). */
function firstDifference(a: unknown, b: unknown, path = '$'): string | null {
  if (JSON.stringify(a) === JSON.stringify(b)) return null;
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    const aKeys = Object.keys(a);
    const bKeys = Object.keys(b);
    if (aKeys.join(',') !== bKeys.join(',')) return `${path}: keys [${aKeys.join(', ')}] vs [${bKeys.join(', ')}]`;
    for (const key of aKeys) {
      const difference = firstDifference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${path}.${key}`);
      if (difference) return difference;
    }
  }
  return `${path}: ${JSON.stringify(a)?.slice(0, 200)} vs ${JSON.stringify(b)?.slice(0, 200)}`;
}

function compare(what: string, tessera: Answer, baseline: Answer, expectedStatus: number, volatile: ReadonlySet<string>): void {
  const problems: string[] = [];
  if (tessera.status !== expectedStatus) problems.push(`Tessera answered ${tessera.status}: ${JSON.stringify(tessera.body).slice(0, 300)}`);
  if (baseline.status !== expectedStatus) problems.push(`the baseline answered ${baseline.status}: ${JSON.stringify(baseline.body).slice(0, 300)}`);
  if (tessera.contentType !== baseline.contentType) problems.push(`content-type ${tessera.contentType} vs ${baseline.contentType}`);
  // The baseline pays for the same CORS and security headers (baseline-http.ts): keep them equal.
  if (tessera.fixedHeaders !== baseline.fixedHeaders) problems.push(`headers differ:\n    Tessera:\n${tessera.fixedHeaders}\n    baseline:\n${baseline.fixedHeaders}`);
  const difference = firstDifference(masked(tessera.body, volatile), masked(baseline.body, volatile));
  if (difference) problems.push(`JSON differs (Tessera vs baseline) at ${difference}`);
  if (problems.length > 0) throw new Error(`Tessera and the baseline disagree on ${what}:\n  ${problems.join('\n  ')}`);
}

const NOTHING: ReadonlySet<string> = new Set();
const WRITE_CLOCKS: ReadonlySet<string> = new Set(['createdAt', 'updatedAt', 'publishedAt']);

/** The populate scenario's pages must be full and hold what the scenario claims to read. */
function checkPopulated(body: unknown): void {
  const data = (body as { data: Record<string, unknown>[] }).data;
  if (data.length !== 25) throw new Error(`The populate scenario should return a full page of 25, got ${data.length}`);
  const kinds = new Set(data.flatMap((article) => (article.blocks as { __component: string }[]).map((block) => block.__component)));
  const complete = data.every((article) => article.author !== null && (article.categories as unknown[]).length > 0 && article.seo !== null);
  if (!complete || kinds.size !== 2) throw new Error('The populate scenario\'s page lacks an author, categories, an SEO component or one of the two block kinds');
}

/**
 * Before anything is measured: both servers must give the same answers, or the comparison
 * is meaningless. Reads must be identical byte for byte once parsed (key order included);
 * writes may differ only in generated documentIds and timestamps. Writes use sequence numbers
 * far from the load runs' so they cannot collide with them. `populatePages`: pages of the
 * populate scenario to compare too (when it runs).
 */
export async function verifySameAnswers(tesseraUrl: string, baselineUrl: string, documentId: string, populatePages: readonly number[] = []): Promise<void> {
  const both = (method: string, path: string, body?: string): Promise<[Answer, Answer]> =>
    Promise.all([call(tesseraUrl, method, path, body), call(baselineUrl, method, path, body)]);

  const [tesseraList, baselineList] = await both('GET', LIST_PATH);
  compare(`GET ${LIST_PATH}`, tesseraList, baselineList, 200, NOTHING);
  const listed = (tesseraList.body as { data: unknown[] }).data.length;
  if (listed !== 25) throw new Error(`The list scenario should return a full page of 25, got ${listed}`);

  for (const page of populatePages) {
    const [tesseraPage, baselinePage] = await both('GET', populatePath(page));
    compare(`GET ${populatePath(page)}`, tesseraPage, baselinePage, 200, NOTHING);
    checkPopulated(tesseraPage.body);
  }

  const [tesseraOne, baselineOne] = await both('GET', `/api/articles/${documentId}`);
  compare('GET /api/articles/:documentId', tesseraOne, baselineOne, 200, NOTHING);

  const [tesseraMissing, baselineMissing] = await both('GET', '/api/articles/nosuchdocument');
  if (tesseraMissing.status !== 404 || baselineMissing.status !== 404) throw new Error('Both servers must answer 404 for a missing documentId');

  const body = createBody(9_000_000);
  const [tesseraCreated, baselineCreated] = await both('POST', '/api/articles', body);
  compare('POST /api/articles', tesseraCreated, baselineCreated, 201, new Set([...WRITE_CLOCKS, 'documentId']));

  const [tesseraUpdated, baselineUpdated] = await both('PUT', `/api/articles/${documentId}`, updateBody(9_000_000));
  compare('PUT /api/articles/:documentId', tesseraUpdated, baselineUpdated, 200, WRITE_CLOCKS);
}

/**
 * A read-only scenario served from its own project (versions-bench.ts): each path must get
 * identical JSON and headers from both servers, and Tessera's body must pass `check`.
 */
export async function verifySamePages(tesseraUrl: string, baselineUrl: string, paths: readonly string[], check: (body: unknown) => void): Promise<void> {
  for (const path of paths) {
    const [tessera, baseline] = await Promise.all([call(tesseraUrl, 'GET', path), call(baselineUrl, 'GET', path)]);
    compare(`GET ${path}`, tessera, baseline, 200, NOTHING);
    check(tessera.body);
  }
}

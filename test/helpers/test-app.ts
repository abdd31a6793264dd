import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp, type App } from '../../src/server/app.js';
import type { AppConfig } from '../../src/core/config/app-config.js';
import type { Clock } from '../../src/core/shared/clock.js';
import { createHash } from 'node:crypto';
import { openDatabase } from '../../src/core/db/database.js';
import { syncSchema } from '../../src/core/db/sync-schema.js';
import { buildModel } from '../../src/core/model/build-model.js';
import { loadComponentDefinitions, loadDefinitions } from '../../src/core/schema/load-definitions.js';
import { BUILT_INS } from './built-ins.js';
import { createTestDatabase, TEMPLATES_ENV, testDatabaseKind, type SchemaTemplate } from './test-database.js';

/** The repository root, whether running from src (tsx) or from dist. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), fileURLToPath(import.meta.url).includes('/dist/') ? '../../..' : '../..');

export function fixturePath(name: string): string {
  return path.join(ROOT, 'test', 'fixtures', name);
}

export interface TestResponse {
  readonly status: number;
  readonly headers: Headers;
  /** Parsed JSON, or null for an empty body. */
  readonly body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
  readonly text: string;
}

export interface RequestOptions {
  /** A JSON value (serialized) or a raw string body. */
  readonly body?: unknown;
  readonly rawBody?: string | Buffer;
  readonly headers?: Record<string, string>;
}

export interface TestApp {
  readonly app: App;
  readonly baseUrl: string;
  request(method: string, url: string, options?: RequestOptions): Promise<TestResponse>;
  get(url: string, headers?: Record<string, string>): Promise<TestResponse>;
  post(url: string, body: unknown): Promise<TestResponse>;
  put(url: string, body: unknown): Promise<TestResponse>;
  del(url: string): Promise<TestResponse>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Folder under test/fixtures, or an absolute project path. */
  readonly fixture?: string;
  readonly override?: (config: AppConfig) => AppConfig;
  readonly env?: Record<string, string>;
  /** What the app says at start (warnings); ignored by default. */
  readonly log?: (message: string) => void;
  /** The app's clock (rate-limit windows, token lifetimes): a test moves it instead of sleeping. */
  readonly clock?: Clock;
  /**
   * false: the database starts empty, so that the app's start creates every table (for tests of
   * what that sync does). By default it may start from a template where the same schema was
   * synced before (see createTestDatabase); the start still runs its sync, which finds it done.
   */
  readonly presynced?: boolean;
  /** The built editor app to serve at /admin (default: the package's dist/admin). */
  readonly adminPanelDir?: string;
}

/**
 * The schema the app's start syncs for `projectDir`, made as the start makes it (src/server/app.ts);
 * undefined when the project's definitions do not build: the start itself must report that.
 */
async function schemaTemplate(projectDir: string): Promise<SchemaTemplate | undefined> {
  try {
    const { tables } = buildModel({ types: await loadDefinitions(projectDir), components: await loadComponentDefinitions(projectDir) }, BUILT_INS);
    const all = [...tables, ...BUILT_INS.tables];
    return {
      key: createHash('sha256').update(JSON.stringify(all)).digest('hex').slice(0, 16),
      build: async (config) => {
        const database = await openDatabase(config);
        try {
          await syncSchema(database, all);
        } finally {
          await database.close();
        }
      },
    };
  } catch {
    return undefined;
  }
}

/**
 * Starts a real server for a fixture project on a fresh database (in-memory SQLite, or a new
 * PostgreSQL or MySQL database when `TESSERA_TEST_DB` says so) and a free port. The start is the
 * real one, schema sync included (on PostgreSQL the database may be a copy of a pre-synced one).
 * Requests go over real HTTP (fetch), as clients send them.
 */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const fixture = options.fixture ?? 'kitchen-sink';
  const projectDir = path.isAbsolute(fixture) ? fixture : fixturePath(fixture);
  // Templates only where they pay (PostgreSQL copies a database faster than it runs the DDL) and the runner allows them.
  const templated = options.presynced !== false && testDatabaseKind() === 'postgres' && process.env[TEMPLATES_ENV] !== undefined;
  const database = await createTestDatabase(undefined, templated ? await schemaTemplate(projectDir) : undefined);
  let app: App;
  try {
    app = await createApp({
      projectDir,
      env: options.env ?? {},
      ...(options.log ? { log: options.log } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.adminPanelDir ? { adminPanelDir: options.adminPanelDir } : {}),
      override: (config) => {
        const base: AppConfig = { ...config, server: { ...config.server, host: '127.0.0.1', port: 0 }, database: database.config };
        return options.override ? options.override(base) : base;
      },
    });
  } catch (error) {
    await database.drop();
    throw error;
  }
  const baseUrl = await app.listen();
  const request = async (method: string, url: string, requestOptions: RequestOptions = {}): Promise<TestResponse> => {
    const headers: Record<string, string> = { ...requestOptions.headers };
    let body: string | Buffer | undefined;
    if (requestOptions.rawBody !== undefined) body = requestOptions.rawBody;
    else if (requestOptions.body !== undefined) {
      body = JSON.stringify(requestOptions.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(baseUrl + url, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = null;
    if (text.length > 0) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    return { status: response.status, headers: response.headers, body: parsed, text };
  };
  return {
    app,
    baseUrl,
    request,
    get: (url, headers) => request('GET', url, { headers: headers ?? {} }),
    post: (url, body) => request('POST', url, { body }),
    put: (url, body) => request('PUT', url, { body }),
    del: (url) => request('DELETE', url),
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

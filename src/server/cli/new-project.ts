import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CliError } from './cli-error.js';
import { packageRoot } from './package-root.js';

export interface NewProjectOptions {
  readonly projectDir: string;
  /** The folder the next steps' `cd` is relative to. */
  readonly cwd: string;
  readonly log: (message: string) => void;
}

function secret(): string {
  return randomBytes(16).toString('base64');
}

/** A folder name as an npm package name (lower case, no spaces or other characters npm refuses). */
function packageName(projectDir: string): string {
  const name = path
    .basename(projectDir)
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[._-]+|-+$/g, '');
  return name.length > 0 ? name : 'tessera-project';
}

// The config files are CommonJS `.js` files, as create-strapi-app writes them for a JavaScript
// project (whose package.json has no "type": "module"): the same files run on Strapi.
const CONFIG: Readonly<Record<string, string>> = {
  'config/server.js': `module.exports = ({ env }) => ({
  host: env('HOST', '0.0.0.0'),
  port: env.int('PORT', 1337),
  app: { keys: env.array('APP_KEYS') },
});
`,
  'config/admin.js': `module.exports = ({ env }) => ({
  auth: { secret: env('ADMIN_JWT_SECRET') },
  apiToken: { salt: env('API_TOKEN_SALT') },
  transfer: { token: { salt: env('TRANSFER_TOKEN_SALT') } },
});
`,
  'config/api.js': `module.exports = {
  rest: { prefix: '/api', defaultLimit: 25, maxLimit: 100, withCount: true },
};
`,
  'config/database.js': `const path = require('path');

module.exports = ({ env }) => ({
  connection: {
    client: 'sqlite',
    connection: { filename: path.join(__dirname, '..', env('DATABASE_FILENAME', '.tmp/data.db')) },
  },
});
`,
  'config/permissions.js': `// What the Public role (requests without credentials) may do; everything else is private.
// A Tessera addition: Strapi keeps these in its database, set in the admin panel.
module.exports = {
  public: {
    'api::article.article': ['find', 'findOne'],
    'api::author.author': ['find', 'findOne'],
    'api::category.category': ['find', 'findOne'],
    'api::homepage.homepage': ['find'],
  },
};
`,
  'config/env/production/server.js': `// Merged over config/server.js when NODE_ENV=production.
module.exports = ({ env }) => ({
  // Set IS_PROXIED=true behind a reverse proxy that sets X-Forwarded-For (client addresses, rate limits).
  proxy: env.bool('IS_PROXIED', false),
});
`,
  'config/env/production/database.js': `// Merged over config/database.js when NODE_ENV=production: the database comes from the environment.
const path = require('path');

module.exports = ({ env }) => {
  const client = env('DATABASE_CLIENT', 'sqlite');
  if (client === 'sqlite') {
    return { connection: { client, connection: { filename: path.join(__dirname, '..', '..', '..', env('DATABASE_FILENAME', '.tmp/data.db')) } } };
  }
  return {
    connection: {
      client,
      connection: {
        connectionString: env('DATABASE_URL'),
        host: env('DATABASE_HOST', 'localhost'),
        port: env.int('DATABASE_PORT', client === 'postgres' ? 5432 : 3306),
        database: env('DATABASE_NAME', 'tessera'),
        user: env('DATABASE_USERNAME', 'tessera'),
        password: env('DATABASE_PASSWORD', ''),
        ssl: env.bool('DATABASE_SSL', false),
      },
      pool: { min: env.int('DATABASE_POOL_MIN', 2), max: env.int('DATABASE_POOL_MAX', 10) },
    },
  };
};
`,
  '.gitignore': `node_modules/
.tmp/
.env
public/uploads/
`,
};

function envFile(): string {
  return `HOST=0.0.0.0
PORT=1337
APP_KEYS=${[secret(), secret(), secret(), secret()].join(',')}
API_TOKEN_SALT=${secret()}
ADMIN_JWT_SECRET=${secret()}
TRANSFER_TOKEN_SALT=${secret()}
JWT_SECRET=${secret()}
`;
}

const ENV_EXAMPLE = `HOST=0.0.0.0
PORT=1337
APP_KEYS="toBeModified1,toBeModified2"
API_TOKEN_SALT=tobemodified
ADMIN_JWT_SECRET=tobemodified
TRANSFER_TOKEN_SALT=tobemodified
JWT_SECRET=tobemodified
`;

function projectPackage(projectDir: string, tessera: { name: string; version: string; engines?: unknown }): string {
  const manifest = {
    name: packageName(projectDir),
    version: '0.1.0',
    private: true,
    description: 'A Tessera project',
    scripts: { develop: 'tessera develop', start: 'tessera start', tessera: 'tessera' },
    dependencies: { [tessera.name]: `^${tessera.version}` },
    ...(tessera.engines !== undefined ? { engines: tessera.engines } : {}),
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/**
 * `tessera new <dir>`: a project folder like examples/blog (its content-types, components and
 * seed script), with Strapi-format config, config/env/production/, a .env of fresh secrets and
 * a package.json whose scripts run tessera. Nothing is installed: that is `npm install`'s job.
 */
export async function newProject({ projectDir, cwd, log }: NewProjectOptions): Promise<void> {
  const existing = statSync(projectDir, { throwIfNoEntry: false });
  if (existing && (!existing.isDirectory() || readdirSync(projectDir).length > 0)) {
    throw new CliError(`${projectDir} already exists and is not empty: tessera new creates a project in a new or empty folder`);
  }
  const root = packageRoot();
  const tessera = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { name: string; version: string; engines?: unknown };
  mkdirSync(projectDir, { recursive: true });
  cpSync(path.join(root, 'examples', 'blog', 'src'), path.join(projectDir, 'src'), { recursive: true });
  const files: Record<string, string> = { ...CONFIG, '.env': envFile(), '.env.example': ENV_EXAMPLE, 'package.json': projectPackage(projectDir, tessera) };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(projectDir, file)), { recursive: true });
    writeFileSync(path.join(projectDir, file), text, file === '.env' ? { mode: 0o600 } : {});
  }
  const relative = path.relative(cwd, projectDir) || '.';
  log(`Created a Tessera project in ${projectDir} (.env holds fresh secrets: keep it out of version control).`);
  log(`Next:\n  cd ${relative}\n  npm install\n  npm run develop`);
}

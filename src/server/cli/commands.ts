/**
 * What each command accepts and how it is described, kept apart from the code that runs it:
 * `tessera --help`, `tessera <command> --help` and argument checking need no more than this
 * file, so they start without loading the server (see run-cli.ts).
 */
export interface CommandSpec {
  readonly name: string;
  /** The arguments as the usage line shows them, after `tessera <name>`. */
  readonly synopsis: string;
  /** One line (or two) for `tessera --help`. */
  readonly summary: string;
  /** The paragraphs `tessera <name> --help` adds below the usage line. */
  readonly details: string;
  /** Options taking a value. */
  readonly values: readonly string[];
  /** Switches. */
  readonly flags: readonly string[];
  readonly required: readonly string[];
  /** Positionals before the folder, and what the usage error calls them when missing. */
  readonly leading: readonly string[];
  /** `existing`: the folder argument (default: the current folder) must be a project; `new`: it is required and must not hold anything. */
  readonly folder: 'existing' | 'new';
}

const ENVIRONMENT = `The folder's .env and its config/ files are read as Strapi reads them; real environment
variables win over .env. HOST and PORT override config/server.`;

function spec(name: string, fields: Partial<CommandSpec> & Pick<CommandSpec, 'synopsis' | 'summary' | 'details'>): CommandSpec {
  return { name, values: [], flags: [], required: [], leading: [], folder: 'existing', ...fields };
}

export const COMMANDS: readonly CommandSpec[] = [
  spec('new', {
    synopsis: '<dir>',
    summary: 'create a project folder: a blog model, .env with fresh secrets, config/env/production',
    details: `Creates <dir> (it must not exist, or be empty) with a package.json whose scripts run tessera,
content-types and components like examples/blog, config/ in Strapi's format (config/env/production/
for production settings), a .env holding freshly generated secrets, and a .gitignore.
Then: cd <dir> && npm install && npm run develop.`,
    folder: 'new',
  }),
  spec('start', {
    synopsis: '[dir]',
    summary: 'serve a project folder (default: the current folder)',
    details: `Serves the project in <dir> (default: the current folder), as \`strapi start\` does.
NODE_ENV=production reads config/env/production/ over config/ and requires the secrets
(ADMIN_JWT_SECRET, API_TOKEN_SALT, JWT_SECRET). ADMIN_EMAIL and ADMIN_PASSWORD (with optional
ADMIN_FIRSTNAME, ADMIN_LASTNAME) create the first super-admin while no admin user exists.
SIGTERM or SIGINT stops the server gracefully (requests in flight finish first).
${ENVIRONMENT}`,
  }),
  spec('develop', {
    synopsis: '[dir]',
    summary: 'serve it and reload when src/, config/ or .env change',
    details: `Serves the project as \`start\` does and reloads it when a file under src/ or config/, or .env,
changes. An edit that does not load (a schema with an unknown type, a config file that throws)
is reported and the previous version keeps being served until the files load again.
${ENVIRONMENT}`,
  }),
  spec('build', {
    synopsis: '[dir]',
    summary: "check that the project loads, without serving it (Strapi's build step)",
    details: `Where a Strapi project's "build" script leads once it says tessera: there is nothing to compile
(no admin panel bundle; TypeScript files are evaluated as they are), so build checks that the
project loads as start would load it — config, .env, content-types, components, src/index —
without opening the database, and exits 1 naming the file when it does not.
${ENVIRONMENT}`,
  }),
  spec('migrate', {
    synopsis: '[dir] [--dry-run]',
    summary: `drop the columns the content model no longer has, printing each SQL statement;
                             --dry-run prints them and changes nothing`,
    details: `Starting never drops a column: a column the content model no longer has is kept (and named at
start). migrate drops them, printing every SQL statement; --dry-run prints them and changes nothing.
${ENVIRONMENT}`,
    flags: ['dry-run'],
  }),
  spec('admin:create-user', {
    synopsis: '--email <email> --password <password> [--firstname <name>] [--lastname <name>] [dir]',
    summary: "create a super-admin (the admin API's first user)",
    details: 'Creates a super-admin in the project database, without starting the server.',
    values: ['email', 'password', 'firstname', 'lastname'],
    required: ['email', 'password'],
  }),
  spec('admin:reset-password', {
    synopsis: '--email <email> --password <password> [dir]',
    summary: "set an admin user's password",
    details: "Sets an admin user's password in the project database, without starting the server.",
    values: ['email', 'password'],
    required: ['email', 'password'],
  }),
  spec('api-token:create', {
    synopsis: `--name <name> --type read-only|full-access|custom [--description <text>]
                   [--lifespan 7|30|90] [--permissions <action>,<action>…] [dir]`,
    summary: 'create an API token and print it (it is shown only this once)',
    details: `Creates an API token and prints it on the last line of the output: it is stored only as a hash
and cannot be shown again. --lifespan is in days (left out: the token never expires);
--permissions lists the actions of a custom token (api::article.article.find, …).`,
    values: ['name', 'type', 'description', 'lifespan', 'permissions'],
    required: ['name', 'type'],
  }),
  spec('api-token:list', {
    synopsis: '[dir]',
    summary: 'list the API tokens (never their values)',
    details: 'Lists the API tokens: id, name, type, permissions of custom tokens, expiry, last use.',
  }),
  spec('api-token:revoke', {
    synopsis: '<name|id> [dir]',
    summary: 'delete an API token: it stops working at once',
    details: 'Deletes the API token with that name or id (an argument of digits is tried as an id first).',
    leading: ['the API token name or id'],
  }),
];

export function findCommand(name: string): CommandSpec | undefined {
  return COMMANDS.find((command) => command.name === name);
}

const SUMMARY_COLUMN = 29;

function summaryLine(command: CommandSpec): string {
  const head = `  ${command.name} ${command.synopsis}`;
  // A long synopsis gets its summary on the next line, at the summary column.
  return head.length < SUMMARY_COLUMN - 1 ? `${head.padEnd(SUMMARY_COLUMN)}${command.summary}` : `${head}\n${' '.repeat(SUMMARY_COLUMN)}${command.summary}`;
}

export const EXIT_CODES = `Exit codes: 0 done, 1 the command failed (a project that does not load, a port in use, …),
2 a usage error (unknown command or option, missing argument).`;

export const USAGE = `Usage: tessera <command> [options] [project folder]

Commands:
${COMMANDS.map(summaryLine).join('\n')}

tessera <command> --help describes a command; tessera --version (or version) prints the version.
${EXIT_CODES}`;

/** `tessera <command> --help`. */
export function commandHelp(command: CommandSpec): string {
  return `Usage: tessera ${command.name} ${command.synopsis}\n\n${command.details}\n\n${EXIT_CODES}`;
}

/** The line a usage error ends with: where to read more. */
export function usageHint(command: CommandSpec): string {
  return `Usage: tessera ${command.name} ${command.synopsis}\n(tessera ${command.name} --help describes it)`;
}

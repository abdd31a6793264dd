import path from 'node:path';
import { createAdminUserService } from '../../transports/admin/admin-user-service.js';
import { resolveApiTokenSalt } from '../../plugins/api-tokens/api-token-salt.js';
import { createApiTokenService, type ApiTokenService, type ApiTokenView } from '../../plugins/api-tokens/api-token-service.js';
import { knownActions } from '../../core/auth/known-actions.js';
import { pluginActions } from '../features.js';
import type { EnvMap } from '../../core/config/env.js';
import { CmsError, DefinitionError, NotFoundError } from '../../core/shared/errors.js';
import { withProject, type OpenedProject } from './open-project.js';
import { parseCommandArgs, UsageError, type CommandArgs } from './parse-command-args.js';

export const ADMIN_COMMANDS_USAGE = `  admin:create-user --email <email> --password <password> [--firstname <name>] [--lastname <name>] [dir]
                             create a super-admin (the admin API's first user)
  admin:reset-password --email <email> --password <password> [dir]
                             set an admin user's password
  api-token:create --name <name> --type read-only|full-access|custom [--description <text>]
                   [--lifespan 7|30|90] [--permissions <action>,<action>…] [dir]
                             create an API token and print it (it is shown only this once)
  api-token:list [dir]       list the API tokens (never their values)
  api-token:revoke <name|id> [dir]
                             delete an API token: it stops working at once`;

interface CommandSpec {
  /** Options taking a value. */
  readonly options: readonly string[];
  readonly required: readonly string[];
  /** Positionals before the optional project folder. */
  readonly leading: number;
  readonly run: (project: OpenedProject, args: CommandArgs, log: (message: string) => void) => Promise<void>;
}

const DAY_MILLIS = 86_400_000;

function option(args: CommandArgs, name: string): string | undefined {
  return args.options.get(name);
}

async function tokenService(project: OpenedProject): Promise<ApiTokenService> {
  const actions = knownActions(project.registry, pluginActions());
  return createApiTokenService({ database: project.database, salt: await resolveApiTokenSalt(project.config, project.store), isKnownAction: (action) => actions.has(action) });
}

function describeExpiry(token: ApiTokenView): string {
  return token.expiresAt === null ? 'never expires' : `expires ${token.expiresAt}`;
}

const COMMANDS: Readonly<Record<string, CommandSpec>> = {
  'admin:create-user': {
    options: ['email', 'password', 'firstname', 'lastname'],
    required: ['email', 'password'],
    leading: 0,
    async run({ database }, args, log) {
      const users = createAdminUserService(database);
      await users.ensureRoles();
      const user = await users.create({ email: option(args, 'email'), password: option(args, 'password'), firstname: option(args, 'firstname') ?? null, lastname: option(args, 'lastname') ?? null });
      log(`Created the super-admin ${user.email} (id ${user.id}).`);
    },
  },
  'admin:reset-password': {
    options: ['email', 'password'],
    required: ['email', 'password'],
    leading: 0,
    async run({ database }, args, log) {
      const user = await createAdminUserService(database).resetPassword(option(args, 'email'), option(args, 'password'));
      log(`Changed the password of ${user.email}.`);
    },
  },
  'api-token:create': {
    options: ['name', 'type', 'description', 'lifespan', 'permissions'],
    required: ['name', 'type'],
    leading: 0,
    async run(project, args, log) {
      const lifespanDays = option(args, 'lifespan');
      if (lifespanDays !== undefined && !['7', '30', '90'].includes(lifespanDays)) throw new UsageError('--lifespan must be 7, 30 or 90 (days); leave it out for a token that never expires');
      const permissions = option(args, 'permissions');
      const token = await (
        await tokenService(project)
      ).create({
        name: option(args, 'name'),
        type: option(args, 'type'),
        ...(option(args, 'description') !== undefined ? { description: option(args, 'description') } : {}),
        ...(lifespanDays !== undefined ? { lifespan: Number(lifespanDays) * DAY_MILLIS } : {}),
        ...(permissions !== undefined ? { permissions: permissions.split(',').map((action) => action.trim()).filter((action) => action.length > 0) } : {}),
      });
      log(`Created the API token "${token.name}" (id ${token.id}, ${token.type}, ${describeExpiry(token)}${token.type === 'custom' ? `, ${token.permissions.length} permission${token.permissions.length === 1 ? '' : 's'}` : ''}).`);
      log('Copy it now: it is not stored and cannot be shown again.');
      log(token.accessKey);
    },
  },
  'api-token:list': {
    options: [],
    required: [],
    leading: 0,
    async run(project, _args, log) {
      const tokens = await (await tokenService(project)).list();
      if (tokens.length === 0) {
        log('No API tokens.');
        return;
      }
      for (const token of tokens) {
        const permissions = token.type === 'custom' ? ` [${token.permissions.join(', ')}]` : '';
        log(`${token.id}\t${token.name}\t${token.type}${permissions}\t${describeExpiry(token)}\tlast used ${token.lastUsedAt ?? 'never'}`);
      }
    },
  },
  'api-token:revoke': {
    options: [],
    required: [],
    leading: 1,
    async run(project, args, log) {
      const target = args.positional[0] ?? '';
      const tokens = await tokenService(project);
      // A name may consist of digits: an id is tried first, then the name.
      const token = (/^[1-9]\d{0,14}$/.test(target) ? await tokens.get(Number(target)) : null) ?? (await tokens.getByName(target));
      if (!token) throw new NotFoundError(`No API token has the name or id ${target}`);
      await tokens.revoke(token.id);
      log(`Revoked the API token "${token.name}" (id ${token.id}).`);
    },
  },
};

export function isAdminCommand(command: string): boolean {
  return Object.hasOwn(COMMANDS, command);
}

export interface AdminCommandIo {
  readonly env: EnvMap;
  readonly log: (message: string) => void;
  readonly error: (message: string) => void;
}

/** Runs one of the admin commands; resolves to the exit code (0 done, 1 refused, 2 usage). */
export async function runAdminCommand(command: string, argv: readonly string[], io: AdminCommandIo): Promise<number> {
  const spec = COMMANDS[command];
  if (!spec) throw new Error(`not an admin command: ${command}`);
  let args: CommandArgs;
  try {
    args = parseCommandArgs(argv, { values: spec.options });
    const missing = spec.required.filter((name) => !args.options.has(name));
    if (missing.length > 0) throw new UsageError(`missing ${missing.map((name) => `--${name}`).join(', ')}`);
    if (args.positional.length < spec.leading) throw new UsageError('missing the API token name or id');
    if (args.positional.length > spec.leading + 1) throw new UsageError(`unexpected argument ${args.positional[spec.leading + 1]}`);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.error(`tessera ${command}: ${error.message}\n\nUsage:\n${ADMIN_COMMANDS_USAGE}`);
    return 2;
  }
  const projectDir = path.resolve(args.positional[spec.leading] ?? '.');
  try {
    await withProject(projectDir, io.env, (project) => spec.run(project, args, io.log));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.error(`tessera ${command}: ${error.message}`);
      return 2;
    }
    if (error instanceof CmsError || error instanceof DefinitionError) {
      const fieldErrors = error instanceof CmsError && Array.isArray(error.details.errors) ? (error.details.errors as { message?: unknown }[]) : [];
      const extra = fieldErrors.length > 1 ? fieldErrors.map((entry) => `\n  - ${String(entry.message)}`).join('') : '';
      io.error(`tessera ${command}: ${error.message}${extra}`);
      return 1;
    }
    throw error;
  }
}

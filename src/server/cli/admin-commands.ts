import { createAdminUserService } from '../../transports/admin/admin-user-service.js';
import { resolveApiTokenSalt } from '../../plugins/api-tokens/api-token-salt.js';
import { createApiTokenService, type ApiTokenService, type ApiTokenView } from '../../plugins/api-tokens/api-token-service.js';
import { knownActions } from '../../core/auth/known-actions.js';
import { pluginActions } from '../features.js';
import type { EnvMap } from '../../core/config/env.js';
import { NotFoundError } from '../../core/shared/errors.js';
import { withProject, type OpenedProject } from './open-project.js';
import { UsageError, type CommandArgs } from './parse-command-args.js';

type CommandRun = (project: OpenedProject, args: CommandArgs, log: (message: string) => void) => Promise<void>;

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

/** What each admin command does; what it accepts is in commands.ts. */
const RUNS: Readonly<Record<string, CommandRun>> = {
  async 'admin:create-user'({ database }, args, log) {
    const users = createAdminUserService(database);
    await users.ensureRoles();
    const user = await users.create({ email: option(args, 'email'), password: option(args, 'password'), firstname: option(args, 'firstname') ?? null, lastname: option(args, 'lastname') ?? null });
    log(`Created the super-admin ${user.email} (id ${user.id}).`);
  },
  async 'admin:reset-password'({ database }, args, log) {
    const user = await createAdminUserService(database).resetPassword(option(args, 'email'), option(args, 'password'));
    log(`Changed the password of ${user.email}.`);
  },
  async 'api-token:create'(project, args, log) {
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
  async 'api-token:list'(project, _args, log) {
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
  async 'api-token:revoke'(project, args, log) {
    const target = args.positional[0] ?? '';
    const tokens = await tokenService(project);
    // A name may consist of digits: an id is tried first, then the name.
    const token = (/^[1-9]\d{0,14}$/.test(target) ? await tokens.get(Number(target)) : null) ?? (await tokens.getByName(target));
    if (!token) throw new NotFoundError(`No API token has the name or id ${target}`);
    await tokens.revoke(token.id);
    log(`Revoked the API token "${token.name}" (id ${token.id}).`);
  },
};

export interface AdminCommandIo {
  readonly env: EnvMap;
  readonly log: (message: string) => void;
}

/** Runs an admin command, its arguments checked already (run-cli.ts), on the project in `projectDir`. */
export async function runAdminCommand(command: string, args: CommandArgs, projectDir: string, io: AdminCommandIo): Promise<void> {
  const run = RUNS[command];
  if (!run) throw new Error(`not an admin command: ${command}`);
  await withProject(projectDir, io.env, (project) => run(project, args, io.log));
}

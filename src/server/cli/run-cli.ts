import path from 'node:path';
import { CmsError, DefinitionError } from '../../core/shared/errors.js';
import { CliError } from './cli-error.js';
import { commandHelp, COMMANDS, findCommand, USAGE, usageHint, type CommandSpec } from './commands.js';
import { packageVersion } from './package-version.js';
import { parseCommandArgs, UsageError, type CommandArgs } from './parse-command-args.js';
import type { Server } from './serve.js';

export interface CliIo {
  readonly env: NodeJS.ProcessEnv;
  /** The folder relative paths, and the default project folder, are taken from. */
  readonly cwd: string;
  readonly out: (message: string) => void;
  readonly err: (message: string) => void;
}

/** How a command ended: an exit code, or a server that runs until it is stopped. */
export type CliResult = { readonly code: 0 | 1 | 2 } | { readonly server: Server };

const HELP = new Set(['--help', '-h']);

function checkArgs(command: CommandSpec, argv: readonly string[]): CommandArgs {
  const args = parseCommandArgs(argv, { values: command.values, flags: command.flags });
  const missing = command.required.filter((name) => !args.options.has(name));
  if (missing.length > 0) throw new UsageError(`missing ${missing.map((name) => `--${name}`).join(', ')}`);
  const leading = command.leading.length;
  if (args.positional.length < leading) throw new UsageError(`missing ${command.leading[args.positional.length]}`);
  if (command.folder === 'new' && args.positional.length === 0) throw new UsageError('missing the folder to create');
  if (args.positional.length > leading + 1) throw new UsageError(`unexpected argument ${args.positional[leading + 1]}`);
  return args;
}

/** The verb of the one-line failure message, kept as each command has always printed it. */
function failurePrefix(command: string): string {
  if (command === 'start' || command === 'develop') return 'Tessera could not start: ';
  if (command === 'migrate') return 'Tessera could not migrate: ';
  if (command === 'build') return 'Tessera could not load the project: ';
  return `tessera ${command}: `;
}

/** A failure printed in one line, without a stack; anything else is a bug and keeps its stack. */
function oneLine(error: unknown): string | null {
  if (error instanceof DefinitionError || error instanceof CliError) return error.message;
  if (error instanceof CmsError) {
    const fieldErrors = Array.isArray(error.details.errors) ? (error.details.errors as { message?: unknown }[]) : [];
    return error.message + (fieldErrors.length > 1 ? fieldErrors.map((entry) => `\n  - ${String(entry.message)}`).join('') : '');
  }
  return null;
}

/**
 * Runs one command line. Each command's module is imported only when that command runs, so
 * that --help, --version and usage errors answer without loading the server (≈0.1 s instead
 * of the whole import graph). Exit codes: 0 done, 1 failed, 2 usage error.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<CliResult> {
  const [name, ...rest] = argv;
  if (name === undefined || HELP.has(name) || name === 'help') {
    const topic = name === 'help' && rest[0] !== undefined ? findCommand(rest[0]) : undefined;
    if (name === 'help' && rest[0] !== undefined && !topic) {
      io.err(`tessera: unknown command "${rest[0]}"\n\n${USAGE}`);
      return { code: 2 };
    }
    io.out(topic ? commandHelp(topic) : USAGE);
    return { code: 0 };
  }
  // `version` as Strapi's CLI spells it too.
  if (name === '--version' || name === '-v' || name === 'version') {
    io.out(packageVersion());
    return { code: 0 };
  }
  const command = findCommand(name);
  if (!command) {
    io.err(`tessera: unknown command "${name}" (commands: ${COMMANDS.map((each) => each.name).join(', ')})\nRun tessera --help for what each does.`);
    return { code: 2 };
  }
  const dashDash = rest.indexOf('--');
  if ((dashDash === -1 ? rest : rest.slice(0, dashDash)).some((arg) => HELP.has(arg))) {
    io.out(commandHelp(command));
    return { code: 0 };
  }
  let args: CommandArgs;
  try {
    args = checkArgs(command, rest);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`tessera ${name}: ${error.message}\n${usageHint(command)}`);
    return { code: 2 };
  }
  const projectDir = path.resolve(io.cwd, args.positional[command.leading.length] ?? '.');
  const log = (message: string): void => io.out(message);
  try {
    // Project code may read process.env itself, as under Strapi's start (see expose-project-env.ts);
    // the app is given the environment as it was, and reads .env itself.
    const env = name === 'start' || name === 'develop' || name === 'migrate' || name === 'build' ? (await import('./expose-project-env.js')).exposeProjectEnv(projectDir, io.env) : io.env;
    switch (name) {
      case 'new':
        await (await import('./new-project.js')).newProject({ projectDir, cwd: io.cwd, log });
        return { code: 0 };
      case 'start':
      case 'develop':
        return { server: await (await import('./serve.js')).serve({ projectDir, env, watch: name === 'develop', log }) };
      case 'build':
        await (await import('./build.js')).buildCommand({ projectDir, env, log });
        return { code: 0 };
      case 'migrate':
        await (await import('./migrate.js')).migrateCommand({ projectDir, env, dryRun: args.flags.has('dry-run'), log });
        return { code: 0 };
      default:
        await (await import('./admin-commands.js')).runAdminCommand(name, args, projectDir, { env: io.env, log });
        return { code: 0 };
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`tessera ${name}: ${error.message}\n${usageHint(command)}`);
      return { code: 2 };
    }
    const message = oneLine(error);
    if (message === null) throw error;
    io.err(`${failurePrefix(name)}${message}`);
    return { code: 1 };
  }
}

#!/usr/bin/env -S node --max-semi-space-size=8
import path from 'node:path';
import { migrateCommand } from './cli/migrate.js';
import { ADMIN_COMMANDS_USAGE, isAdminCommand, runAdminCommand } from './cli/admin-commands.js';
import { parseCommandArgs, UsageError, type CommandArgs } from './cli/parse-command-args.js';
import { exposeProjectEnv } from './cli/expose-project-env.js';
import { serve, type Server } from './cli/serve.js';
import { DefinitionError, ServiceUnavailableError } from '../core/shared/errors.js';

const USAGE = `Usage: tessera <command> [project folder]

Commands:
  start [dir]                serve a project folder (default: the current folder)
  develop [dir]              serve it and reload when src/ or config/ change
  migrate [dir] [--dry-run]  drop the columns the content model no longer has, printing
                             each SQL statement; --dry-run prints them and changes nothing
${ADMIN_COMMANDS_USAGE}

Environment: HOST, PORT override config/server; config files read any variable through env().
The project's .env (or the file ENV_PATH names) fills in variables the environment does not set.
ADMIN_EMAIL and ADMIN_PASSWORD (with optional ADMIN_FIRSTNAME, ADMIN_LASTNAME) create the first
super-admin at start while no admin user exists.
SIGTERM or SIGINT stops the server gracefully (requests in flight finish first).`;

/** How long after the grace period a shutdown may still take (closing the database) before the process gives up. */
const SHUTDOWN_MARGIN_MILLIS = 5000;

/**
 * SIGTERM / SIGINT: finish the requests in flight, close the database, exit 0. A second
 * signal, or a shutdown that overruns its grace period by far, exits 1 at once.
 */
function stopOnSignals(server: Server): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) {
      console.error(`${signal} again: exiting without waiting.`);
      process.exit(1);
    }
    stopping = true;
    const grace = server.shutdownTimeout();
    console.log(`${signal}: shutting down (requests in flight get up to ${grace} ms)…`);
    setTimeout(() => {
      console.error('Shutdown did not finish in time: exiting.');
      process.exit(1);
    }, grace + SHUTDOWN_MARGIN_MILLIS).unref();
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** The process entry: the only place that reads process.argv and process.env. */
async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== undefined && isAdminCommand(command)) {
    return runAdminCommand(command, rest, { env: process.env, log: (message) => console.log(message), error: (message) => console.error(message) });
  }
  if (command !== 'start' && command !== 'develop' && command !== 'migrate') {
    console.log(USAGE);
    return command === undefined || command === '--help' || command === 'help' ? 0 : 2;
  }
  let args: CommandArgs;
  try {
    args = parseCommandArgs(rest, { flags: command === 'migrate' ? ['dry-run'] : [] });
    if (args.positional.length > 1) throw new UsageError(`unexpected argument ${args.positional[1]}`);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`tessera ${command}: ${error.message}`);
    console.log(USAGE);
    return 2;
  }
  const projectDir = path.resolve(args.positional[0] ?? '.');
  const log = (message: string): void => console.log(message);
  try {
    const env = exposeProjectEnv(projectDir, process.env);
    if (command === 'migrate') {
      await migrateCommand({ projectDir, env, dryRun: args.flags.has('dry-run'), log });
      return 0;
    }
    stopOnSignals(await serve({ projectDir, env, watch: command === 'develop', log }));
    return -1;
  } catch (error) {
    if (error instanceof DefinitionError || error instanceof ServiceUnavailableError) {
      console.error(`Tessera could not ${command === 'migrate' ? 'migrate' : 'start'}: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);

#!/usr/bin/env -S node --max-semi-space-size=8
import path from 'node:path';
import { serve } from './cli/serve.js';
import { DefinitionError } from './shared/errors.js';

const USAGE = `Usage: tessera <command> [project folder]

Commands:
  start [dir]     serve a project folder (default: the current folder)
  develop [dir]   serve it and reload when src/ or config/ change

Environment: HOST, PORT override config/server; config files read any variable through env().`;

/** The process entry: the only place that reads process.argv and process.env. */
async function main(argv: readonly string[]): Promise<number> {
  const [command, dir] = argv;
  if (command !== 'start' && command !== 'develop') {
    console.log(USAGE);
    return command === undefined || command === '--help' || command === 'help' ? 0 : 2;
  }
  const projectDir = path.resolve(dir ?? '.');
  try {
    const server = await serve({ projectDir, env: process.env, watch: command === 'develop', log: (message) => console.log(message) });
    const stop = (): void => {
      server.stop().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    return -1;
  } catch (error) {
    if (error instanceof DefinitionError) {
      console.error(`Tessera could not start: ${error.message}`);
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

#!/usr/bin/env -S node --max-semi-space-size=8
import { runCli } from './cli/run-cli.js';
import type { Server } from './cli/serve.js';

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

// The process entry: the only place that reads process.argv, process.env and the working folder.
runCli(process.argv.slice(2), { env: process.env, cwd: process.cwd(), out: (message) => console.log(message), err: (message) => console.error(message) }).then(
  (result) => {
    if ('server' in result) stopOnSignals(result.server);
    else process.exitCode = result.code;
  },
  (error: unknown) => {
    // A bug, not a refusal: the stack is what it takes to report it.
    console.error(error);
    process.exitCode = 1;
  },
);

import { runCli } from '../../src/server/cli/run-cli.js';
import { childEnv, type Run } from './tessera-process.js';
import { ROOT } from './test-app.js';

/**
 * Runs a command line in this process, through the same dispatch as src/server/main.ts, with
 * its output captured as the process would print it: no node start per command. Commands that
 * serve (start, develop) are refused: a test serves through serve() or startTessera. Each kind
 * of command keeps one real `runTessera` spawn in its test, for the process entry itself.
 */
export async function runTesseraInProcess(args: readonly string[], extraEnv: Record<string, string> = {}, cwd = ROOT): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const result = await runCli(args, { env: childEnv(extraEnv), cwd, out: (message) => (stdout += `${message}\n`), err: (message) => (stderr += `${message}\n`) });
  if ('server' in result) {
    await result.server.stop();
    throw new Error(`tessera ${args.join(' ')} served: run it with startTessera`);
  }
  return { code: result.code, signal: null, stdout, stderr };
}

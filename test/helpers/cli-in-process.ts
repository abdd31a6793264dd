import { isAdminCommand, runAdminCommand } from '../../src/server/cli/admin-commands.js';
import { childEnv, type Run } from './tessera-process.js';

/**
 * Runs an admin command (`admin:*`, `api-token:*`) in this process, as src/server/main.ts dispatches it,
 * with its output captured as the process would print it: no node start per command. The test of
 * each command kind keeps one real `runTessera` spawn for the process entry itself.
 */
export async function runTesseraInProcess(args: readonly string[], extraEnv: Record<string, string> = {}): Promise<Run> {
  const [command, ...rest] = args;
  if (command === undefined || !isAdminCommand(command)) throw new Error(`not an admin command: ${String(command)} (spawn it with runTessera)`);
  let stdout = '';
  let stderr = '';
  const code = await runAdminCommand(command, rest, { env: childEnv(extraEnv), log: (message) => (stdout += `${message}\n`), error: (message) => (stderr += `${message}\n`) });
  return { code, signal: null, stdout, stderr };
}

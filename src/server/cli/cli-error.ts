/**
 * A failure the CLI reports as one line and exit code 1, without a stack: its message says
 * what to change (a port in use names PORT and HOST, a folder that is not a project says so).
 */
export class CliError extends Error {
  override readonly name = 'CliError';
}

/** A command's arguments: `--name value` / `--name=value` options and positionals, in order. */
export interface CommandArgs {
  readonly options: ReadonlyMap<string, string>;
  readonly positional: readonly string[];
}

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/**
 * Parses `args` allowing only `known` options, each taking a value; an option twice, an unknown
 * option or a missing value is a usage error (a mistyped flag must not be taken for the folder).
 */
export function parseCommandArgs(args: readonly string[], known: readonly string[]): CommandArgs {
  const options = new Map<string, string>();
  const positional: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const equals = arg.indexOf('=');
    const name = arg.slice(2, equals === -1 ? undefined : equals);
    if (!known.includes(name)) throw new UsageError(`unknown option --${name}`);
    if (options.has(name)) throw new UsageError(`--${name} given twice`);
    let value: string | undefined;
    if (equals !== -1) value = arg.slice(equals + 1);
    else {
      value = args[index + 1];
      index += 1;
    }
    if (value === undefined || (equals === -1 && value.startsWith('--'))) throw new UsageError(`--${name} needs a value`);
    options.set(name, value);
  }
  return { options, positional };
}

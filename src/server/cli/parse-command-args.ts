import { parseArgs } from 'node:util';

/** A command's arguments: `--name value` / `--name=value` options, `--flag` switches and positionals, in order. */
export interface CommandArgs {
  readonly options: ReadonlyMap<string, string>;
  readonly flags: ReadonlySet<string>;
  readonly positional: readonly string[];
}

/** The options a command knows: those taking a value, and switches. */
export interface CommandOptions {
  readonly values?: readonly string[];
  readonly flags?: readonly string[];
}

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

type OptionTypes = Record<string, { type: 'string' | 'boolean' }>;

function strictParse(args: string[], options: OptionTypes) {
  return parseArgs({ args, options, allowPositionals: true, strict: true, tokens: true });
}

/**
 * Parses `args` with `node:util` `parseArgs` in strict mode, allowing only the options given: an
 * unknown option, a missing value or an option given twice is a usage error (a mistyped flag
 * must not be taken for the folder).
 */
export function parseCommandArgs(args: readonly string[], known: CommandOptions): CommandArgs {
  const values = known.values ?? [];
  const flags = known.flags ?? [];
  const types: OptionTypes = Object.fromEntries([...values.map((name) => [name, { type: 'string' }] as const), ...flags.map((name) => [name, { type: 'boolean' }] as const)]);
  let parsed: ReturnType<typeof strictParse>;
  try {
    parsed = strictParse([...args], types);
  } catch (error) {
    // parseArgs' own messages name the option and the fix (ERR_PARSE_ARGS_*).
    if (error instanceof TypeError && typeof (error as NodeJS.ErrnoException).code === 'string' && (error as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS_')) {
      throw new UsageError(error.message);
    }
    throw error;
  }
  // parseArgs keeps the last of a repeated option; two values for one option are more likely a mistake.
  const seen = new Set<string>();
  for (const token of parsed.tokens) {
    if (token.kind !== 'option') continue;
    if (seen.has(token.name)) throw new UsageError(`--${token.name} given twice`);
    seen.add(token.name);
  }
  const options = new Map<string, string>();
  const switches = new Set<string>();
  for (const [name, value] of Object.entries(parsed.values)) {
    if (typeof value === 'string') options.set(name, value);
    else if (value === true) switches.add(name);
  }
  return { options, flags: switches, positional: parsed.positionals };
}

import { ValidationError, type FieldError } from './errors.js';
import { unstorableTextProblem } from './storable-text.js';

/**
 * The one reader of JSON request bodies (admin API, CLI input, auth bodies, the content-type
 * builder, upload `fileInfo`): typed field reads over a JSON object, every bad value a 400.
 * Callers differ in wording and in whether all problems come at once: what differs is a
 * `BodyDialect`, so that each keeps the exact answer its clients (and the reference) expect.
 */
export type Json = Readonly<Record<string, unknown>>;
export type BodyPath = readonly string[];

/** One problem found, before the dialect turns the list into the error thrown. */
export interface BodyProblem {
  readonly path: BodyPath;
  readonly message: string;
  /** What was sent; absent when not shown (secrets, text that cannot be stored). */
  readonly value?: unknown;
}

/** The error for keys outside the allowed ones (all of them, in body order; never empty). */
export type UnknownKeysError = (keys: readonly string[], at: BodyPath) => Error;

/** Predicates of a string field's problems; the message is `<key> <predicate>`. */
export interface StringWords {
  readonly notAString: string;
  /** Shorter than a minimum of 1. */
  readonly empty: string;
  readonly tooShort: (min: number) => string;
  readonly tooLong: (max: number) => string;
  readonly email: string;
}

export interface StringRule {
  readonly required?: boolean;
  /** Null is accepted and read as null. */
  readonly nullable?: boolean;
  /** Null and '' count as not sent (read as undefined), as the reference's yup schemas take them. */
  readonly emptyIsMissing?: boolean;
  /** Surrounding white space is cut before the length checks, and from the value read. */
  readonly trim?: boolean;
  /** Default: 1 when required, else 0. */
  readonly min?: number;
  readonly max?: number;
  readonly email?: boolean;
  /** A new password: refused past this many UTF-8 bytes (bcrypt would silently cut it). */
  readonly passwordBytes?: number;
  /** Never shown in an error (passwords, reset codes). */
  readonly secret?: boolean;
  /** False where the text never reaches a database column as sent. Default true. */
  readonly storable?: boolean;
  readonly words?: Partial<StringWords>;
}

export interface ListRule {
  /** Longest item. */
  readonly max?: number;
  /** The predicate when the value is not a list of non-empty strings. */
  readonly wording?: string;
}

export interface BodyDialect {
  /** The error when the body is not a JSON object. */
  readonly notAnObject?: (value: unknown) => Error;
  /** `'each'`: every unknown key is a problem (`Invalid key <key>`) at its path; else the error thrown at once. */
  readonly unknownKeys?: 'each' | UnknownKeysError;
  /** Every problem at once (thrown by `done()`), or the first thrown as soon as found. */
  readonly collect?: boolean;
  readonly toError?: (problems: readonly BodyProblem[]) => Error;
  /** What a problem shows of the value sent. */
  readonly echo?: (value: unknown) => unknown;
  /** Whether a string that cannot be stored is shown in its problem. */
  readonly echoUnstorable?: boolean;
  /** Defaults of every string rule and list rule of the dialect. */
  readonly strings?: StringRule;
  readonly lists?: ListRule;
}

type StringOf<R extends StringRule> = R extends { readonly required: true } ? string : R extends { readonly nullable: true } ? string | null | undefined : string | undefined;
type ObjectOf<R extends { readonly required?: boolean }> = R extends { readonly required: true } ? BodyChecker : BodyChecker | undefined;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const WORDS: StringWords = {
  notAString: 'must be a string',
  empty: 'must not be empty',
  tooShort: (min) => `must be at least ${min} characters`,
  tooLong: (max) => `must be at most ${max} characters`,
  email: 'must be a valid email',
};

function fieldErrors(problems: readonly BodyProblem[]): ValidationError {
  return ValidationError.fromFieldErrors(problems.map(({ path, message, ...shown }): FieldError => ({ path, message, name: 'ValidationError', ...shown })));
}

const HIDDEN: { readonly value?: unknown } = {};

export class BodyChecker {
  private constructor(
    /** The object read. */
    readonly body: Json,
    private readonly dialect: BodyDialect,
    /** Where `body` is in the request body; problems' paths start here. */
    readonly at: BodyPath,
    private readonly problems: BodyProblem[],
  ) {}

  static isObject(value: unknown): value is Json {
    return value !== null && typeof value === 'object' && !Array.isArray(value);
  }

  /** A request body: anything but a JSON object is the dialect's `notAnObject` error, thrown at once. */
  static of(body: unknown, dialect: BodyDialect = {}): BodyChecker {
    if (!BodyChecker.isObject(body)) throw dialect.notAnObject?.(body) ?? new ValidationError('The request body must be a JSON object');
    return new BodyChecker(body, dialect, [], []);
  }

  /** An object already known to be one (a query, one value wrapped as `{ [field]: value }`). */
  static over(body: Json, dialect: BodyDialect = {}): BodyChecker {
    return new BodyChecker(body, dialect, [], []);
  }

  /** Tessera's wording: 400 `Invalid key <key>` for the first one (ValidationError.invalidKey). */
  static readonly invalidKey: UnknownKeysError = (keys) => ValidationError.invalidKey(keys[0] ?? '', { source: 'body' });

  /** The reference's wording of the users-permissions bodies: `this field has unspecified keys: a, b`. */
  static readonly unspecifiedKeys: UnknownKeysError = (keys) => new ValidationError(`this field has unspecified keys: ${keys.join(', ')}`);

  /** Keys outside `allowed` are refused, not ignored (no mass assignment). */
  onlyKeys(allowed: readonly string[], wording: 'each' | UnknownKeysError = this.dialect.unknownKeys ?? BodyChecker.invalidKey): void {
    const unknown = Object.keys(this.body).filter((key) => !allowed.includes(key));
    if (unknown.length === 0) return;
    if (wording !== 'each') throw wording(unknown, this.at);
    for (const key of unknown) this.problem([key], `Invalid key ${key}`, this.body[key]);
  }

  /** A problem the caller found (path relative to this object); `value` is shown as given, if given. */
  problem(path: BodyPath, message: string, value?: unknown): void {
    this.add({ path: [...this.at, ...path], message, ...(value === undefined ? {} : { value }) });
  }

  /** Throws the problems found, if any (collecting dialects). */
  done(): void {
    if (this.problems.length > 0) throw this.toError(this.problems);
  }

  /** A string field; in a collecting dialect a failed field reads as '' when required, else undefined. */
  string<const R extends StringRule = Record<never, never>>(key: string, ruleIn?: R): StringOf<R> {
    const defaults = this.dialect.strings ?? {};
    const rule: StringRule = { ...defaults, ...ruleIn };
    const words: StringWords = { ...WORDS, ...defaults.words, ...ruleIn?.words };
    const value = this.body[key];
    const shown = rule.secret === true ? HIDDEN : this.shown(value);
    const fail = (message: string, show = shown): StringOf<R> => {
      this.add({ path: [...this.at, key], message, ...show });
      return (rule.required === true ? '' : undefined) as StringOf<R>;
    };
    const missing = value === undefined || (value === null && (rule.nullable === true || rule.emptyIsMissing === true)) || (value === '' && rule.emptyIsMissing === true);
    if (missing) {
      if (rule.required === true) return fail(`${key} is a required field`);
      return (value === null && rule.nullable === true ? null : undefined) as StringOf<R>;
    }
    if (typeof value !== 'string') return fail(`${key} ${words.notAString}`);
    const unstorable = rule.storable === false ? null : unstorableTextProblem(value);
    if (unstorable !== null) return fail(`${key} ${unstorable}`, this.dialect.echoUnstorable === true ? shown : HIDDEN);
    const text = rule.trim === true ? value.trim() : value;
    const min = rule.min ?? (rule.required === true ? 1 : 0);
    if (text.length < min) return fail(`${key} ${min === 1 ? words.empty : words.tooShort(min)}`);
    if (rule.max !== undefined && text.length > rule.max) return fail(`${key} ${words.tooLong(rule.max)}`);
    if (rule.email === true && !EMAIL.test(text)) return fail(`${key} ${words.email}`);
    if (rule.passwordBytes !== undefined && Buffer.byteLength(text) > rule.passwordBytes) return fail(`Password must be less than ${rule.passwordBytes + 1} bytes`);
    return text as StringOf<R>;
  }

  /**
   * Only the storable-text check of a field (when it holds a string): for values checked
   * otherwise but stored or looked up as sent.
   */
  storable(key: string): void {
    const value = this.body[key];
    const problem = typeof value === 'string' ? unstorableTextProblem(value) : null;
    if (problem !== null) this.add({ path: [...this.at, key], message: `${key} ${problem}`, ...(this.dialect.echoUnstorable === true ? this.shown(value) : HIDDEN) });
  }

  boolean(key: string): boolean | undefined {
    const value = this.body[key];
    if (value === undefined) return undefined;
    if (typeof value === 'boolean') return value;
    this.add({ path: [...this.at, key], message: `${key} must be a boolean`, ...this.shown(value) });
    return undefined;
  }

  /**
   * A nested object, read with the same dialect and problems. A required one that is missing or
   * not an object reads as `{}` (its problem recorded), so that its own required fields are
   * reported too.
   */
  object<const R extends { readonly required?: boolean } = Record<never, never>>(key: string, rule?: R): ObjectOf<R> {
    const value = this.body[key];
    const required = rule?.required === true;
    const child = (body: Json): BodyChecker => new BodyChecker(body, this.dialect, [...this.at, key], this.problems);
    if (BodyChecker.isObject(value)) return child(value);
    if (value === undefined && !required) return undefined as ObjectOf<R>;
    this.add({ path: [...this.at, key], message: value === undefined ? `${key} is a required field` : `${key} must be an object`, ...this.shown(value) });
    return (required ? child({}) : undefined) as ObjectOf<R>;
  }

  /** A list of non-empty strings, each storable; duplicates dropped. */
  stringList(key: string, ruleIn?: ListRule): string[] | undefined {
    const rule: ListRule = { ...this.dialect.lists, ...ruleIn };
    const value = this.body[key];
    if (value === undefined) return undefined;
    const max = rule.max ?? Infinity;
    if (!Array.isArray(value) || value.some((item) => typeof item !== 'string' || item.length === 0 || item.length > max)) {
      this.add({ path: [...this.at, key], message: `${key} ${rule.wording ?? 'must be a list of non-empty strings'}`, ...this.shown(value) });
      return undefined;
    }
    const items = value as string[];
    for (const item of items) {
      const problem = unstorableTextProblem(item);
      if (problem !== null) {
        this.add({ path: [...this.at, key], message: `${key} ${problem}`, ...(this.dialect.echoUnstorable === true ? this.shown(value) : HIDDEN) });
        return undefined;
      }
    }
    return [...new Set(items)];
  }

  private shown(value: unknown): { readonly value?: unknown } {
    return { value: this.dialect.echo === undefined ? value : this.dialect.echo(value) };
  }

  private toError(problems: readonly BodyProblem[]): Error {
    return (this.dialect.toError ?? fieldErrors)(problems);
  }

  private add(problem: BodyProblem): void {
    if (this.dialect.collect !== true) throw this.toError([problem]);
    this.problems.push(problem);
  }
}

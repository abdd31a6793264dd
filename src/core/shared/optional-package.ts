import { DefinitionError } from './errors.js';

/** What asks for an optional package: the configuration that turns the feature on, and the feature. */
export interface NeededBy {
  /** The project file that chose the feature, as users know it (`config/database`). */
  readonly file: string;
  /** What needs the package, in the user's words (`client "postgres"`). */
  readonly feature: string;
}

/**
 * A package that only some projects need (the database drivers, Redis, SMTP, S3, the GraphQL
 * console) is declared as an optional peer dependency: a project that turns the feature on
 * without installing it gets this, naming the package and the command, instead of a stack trace.
 */
export class MissingPackageError extends DefinitionError {
  constructor(
    readonly packageName: string,
    neededBy: NeededBy,
  ) {
    super(neededBy.file, `${neededBy.feature} needs the package ${packageName}, which is not installed: run npm install ${packageName}`);
  }
}

/** Whether `error` says that `packageName` itself (not something inside it) cannot be found. */
function isMissing(error: unknown, packageName: string): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && error instanceof Error && error.message.includes(`'${packageName}'`);
}

/** Loads an optional package (or a module of ours that imports it) at first use; its absence → {@link MissingPackageError}. */
export async function importOptional<T>(packageName: string, neededBy: NeededBy, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isMissing(error, packageName)) throw new MissingPackageError(packageName, neededBy);
    throw error;
  }
}

/** Whether an optional package is installed, without loading it. */
export function isInstalled(packageName: string): boolean {
  try {
    import.meta.resolve(packageName);
    return true;
  } catch (error) {
    if (isMissing(error, packageName)) return false;
    throw error;
  }
}

/**
 * Checks at start that an optional package is installed, without loading it (it is loaded
 * at first use): a project configured for a feature learns at start, not on the first request.
 */
export function assertInstalled(packageName: string, neededBy: NeededBy): void {
  if (!isInstalled(packageName)) throw new MissingPackageError(packageName, neededBy);
}

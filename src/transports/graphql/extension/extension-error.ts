import { DefinitionError } from '../../../core/shared/errors.js';

/**
 * A mistake in the project's GraphQL extensions (what `register()` gives the extension service,
 * the policies and middlewares it names). Raised where the extension service finds it, which
 * does not know the project's files; `asDefinitionError` names the file at the boundary, so
 * that the start stops with the message alone, never a stack trace.
 */
export class ExtensionError extends Error {
  override readonly name = 'GraphqlExtensionError';
}

/** An ExtensionError as the DefinitionError of `file` (the project's `src/index`); any other error as it is. */
export function asDefinitionError(error: unknown, file: string): unknown {
  return error instanceof ExtensionError ? new DefinitionError(file, error.message) : error;
}

import type { BodyProblem } from '../../core/shared/body-checker.js';
import { ValidationError, type DefinitionError, type FieldError } from '../../core/shared/errors.js';

/** The builder's 400: every problem with its path in the body and the value sent (null when none). */
export function problemsError(problems: readonly BodyProblem[]): ValidationError {
  const errors: FieldError[] = problems.map((problem) => ({ path: problem.path, message: problem.message, name: 'ValidationError', value: problem.value ?? null }));
  return ValidationError.fromFieldErrors(errors);
}

export function invalidAt(path: readonly string[], message: string, value?: unknown): ValidationError {
  return problemsError([{ path, message, value }]);
}

/** Where a definition problem of a model points within the request body (`contentType` or `component`). */
export interface ProblemRoot {
  /** The uid the request is about; the file name the checked draft gives it. */
  readonly uid: string;
  readonly key: 'contentType' | 'component';
}

const ATTRIBUTE = /^attribute "([^"]+)": (.*)$/s;
// The option an attribute problem names, in the wording of src/core/schema/normalize-*.ts.
const OPTION = /(?:option "([^"]+)"|needs "([^"]+)"|^(minLength|maxLength|min|max|regex|enum|targetField|inversedBy|mappedBy|component|components|target|relation)\b)/;
const TOP_LEVEL: readonly (readonly [RegExp, string | null])[] = [
  [/^info\.(singularName|pluralName|displayName|description)/, null],
  [/^singularName and pluralName/, 'pluralName'],
  [/^(singularName|pluralName|collectionName)\b/, null],
  [/^uid "/, 'singularName'],
  [/^kind/, 'kind'],
  [/^options\.draftAndPublish/, 'draftAndPublish'],
  [/^pluginOptions/, 'pluginOptions'],
  [/^"attributes"/, 'attributes'],
];

function pathOf(problem: string): string[] {
  const attribute = ATTRIBUTE.exec(problem);
  if (attribute) {
    const [, name = '', rest = ''] = attribute;
    if (/missing "type"|unknown type/.test(rest)) return ['attributes', name, 'type'];
    const option = OPTION.exec(rest);
    const key = option?.[1] ?? option?.[2] ?? option?.[3];
    return key === undefined ? ['attributes', name] : ['attributes', name, ...key.split('.')];
  }
  for (const [pattern, replacement] of TOP_LEVEL) {
    const match = pattern.exec(problem);
    if (match) return [replacement ?? match[1] ?? ''];
  }
  return [];
}

/**
 * A definition refused by the checks the start runs → 400 with the path in the request body
 * when the problem is in the model the request sends, else naming the other model it breaks.
 */
export function definitionProblem(error: DefinitionError, root: ProblemRoot): ValidationError {
  if (error.file === root.uid) return invalidAt([root.key, ...pathOf(error.problem)], error.problem);
  return invalidAt([], `${error.file}: ${error.problem}`);
}

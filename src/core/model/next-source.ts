import path from 'node:path';
import type { SourcedComponentDefinition, SourcedDefinition } from '../schema/definition.js';
import { isValidApiName } from '../schema/names.js';
import { ValidationError } from '../shared/errors.js';
import type { ModelChange, ModelSource } from './model-change.js';

/** An attribute whose data moves to a new name. */
export interface AttributeRename {
  readonly uid: string;
  readonly from: string;
  readonly to: string;
}

export interface NextSource {
  readonly source: ModelSource;
  readonly renames: readonly AttributeRename[];
}

/** Where a content-type's schema.json lives, relative to the project folder. */
export function typeFile(apiName: string, modelName: string): string {
  return path.join('src', 'api', apiName, 'content-types', modelName, 'schema.json');
}

/** Where a component's file lives, relative to the project folder. */
export function componentFile(category: string, name: string): string {
  return path.join('src', 'components', category, `${name}.json`);
}

function invalid(uid: string, message: string): ValidationError {
  return new ValidationError(message, { errors: [{ path: [uid], message }] });
}

function typeNames(uid: string): { apiName: string; modelName: string } {
  const match = /^api::([^.]+)\.([^.]+)$/.exec(uid);
  if (!match?.[1] || !match[2] || !isValidApiName(match[1]) || !isValidApiName(match[2])) {
    throw invalid(uid, 'A content-type uid is api::<api>.<name>, both kebab-case (lowercase letters, digits and dashes, starting with a letter)');
  }
  return { apiName: match[1], modelName: match[2] };
}

function componentNames(uid: string): { category: string; name: string } {
  const match = /^([^.:]+)\.([^.:]+)$/.exec(uid);
  if (!match?.[1] || !match[2] || !isValidApiName(match[1]) || !isValidApiName(match[2])) {
    throw invalid(uid, 'A component uid is <category>.<name>, both kebab-case (lowercase letters, digits and dashes, starting with a letter)');
  }
  return { category: match[1], name: match[2] };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The project's definitions after `changes`, in the order a fresh start would load them
 * (sorted by uid). Definitions keep `file` absolute in `projectDir`, as at start.
 */
export function nextSource(projectDir: string, current: ModelSource, changes: readonly ModelChange[]): NextSource {
  const types = new Map(current.types.map((type) => [type.uid, type]));
  const components = new Map(current.components.map((component) => [component.uid, component]));
  const renames: AttributeRename[] = [];
  for (const change of changes) {
    switch (change.kind) {
      case 'putType': {
        const { apiName, modelName } = typeNames(change.uid);
        if (!isObject(change.definition)) throw invalid(change.uid, 'A content-type definition must be a JSON object');
        const file = path.join(projectDir, typeFile(apiName, modelName));
        types.set(change.uid, { uid: change.uid, apiName, modelName, file, definition: change.definition } satisfies SourcedDefinition);
        break;
      }
      case 'deleteType':
        if (!types.delete(change.uid)) throw invalid(change.uid, `There is no content-type ${change.uid} in the project`);
        break;
      case 'putComponent': {
        const { category, name } = componentNames(change.uid);
        if (!isObject(change.definition)) throw invalid(change.uid, 'A component definition must be a JSON object');
        const file = path.join(projectDir, componentFile(category, name));
        components.set(change.uid, { uid: change.uid, category, name, file, definition: change.definition } satisfies SourcedComponentDefinition);
        break;
      }
      case 'deleteComponent':
        if (!components.delete(change.uid)) throw invalid(change.uid, `There is no component ${change.uid} in the project`);
        break;
      case 'renameAttribute':
        if (change.from === change.to) throw invalid(change.uid, 'A rename needs two different names');
        renames.push({ uid: change.uid, from: change.from, to: change.to });
        break;
    }
  }
  const byUid = <T extends { uid: string }>(a: T, b: T) => (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0);
  return { source: { types: [...types.values()].sort(byUid), components: [...components.values()].sort(byUid) }, renames };
}

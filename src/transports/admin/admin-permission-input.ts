import { ValidationError, type FieldError } from '../../core/shared/errors.js';
import { IS_CREATOR_CONDITION, SAME_ROLE_AS_CREATOR_CONDITION } from './admin-ability.js';
import { contentActionProperties, isContentAction, isPlainAction } from './admin-action-catalog.js';
import { contentSubjects, type AdminContentModel } from './admin-content-subjects.js';
import type { PermissionInput } from './default-admin-permissions.js';

export const ADMIN_CONDITIONS: readonly { readonly id: string; readonly displayName: string; readonly category: string }[] = [
  { id: IS_CREATOR_CONDITION, displayName: 'Is creator', category: 'default' },
  { id: SAME_ROLE_AS_CREATOR_CONDITION, displayName: 'Has same role as creator', category: 'default' },
];

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const stringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

/**
 * The body of PUT /admin/roles/:id/permissions, `{permissions:[{action, subject, properties,
 * conditions, actionParameters?}]}`, checked against the model: Strapi's messages for an unknown
 * action or subject; unlike Strapi (which stores them or drops them silently), unknown fields,
 * locales and conditions are refused too. Every problem is reported at once.
 */
export function readPermissionInputs(body: unknown, model: AdminContentModel): PermissionInput[] {
  const problems: FieldError[] = [];
  const fail = (path: readonly (string | number)[], message: string, value?: unknown): void => {
    problems.push({ path: path.map(String), message, name: 'ValidationError', ...(value === undefined ? {} : { value }) });
  };
  if (!isObject(body) || body.permissions === undefined) throw ValidationError.fromFieldErrors([{ path: ['permissions'], message: 'permissions is a required field', name: 'ValidationError' }]);
  const unknownKeys = Object.keys(body).filter((key) => key !== 'permissions');
  if (unknownKeys.length > 0) throw new ValidationError(`this field has unspecified keys: ${unknownKeys.join(', ')}`);
  if (!Array.isArray(body.permissions)) throw ValidationError.atField('permissions', 'permissions must be a `array` type', body.permissions);
  const subjects = new Map(contentSubjects(model.registry).map((subject) => [subject.uid, subject]));
  const localeCodes = new Set(model.locales.list().map((locale) => locale.code));
  const conditionIds = new Set(ADMIN_CONDITIONS.map((condition) => condition.id));
  const inputs: PermissionInput[] = [];
  body.permissions.forEach((entry: unknown, index: number) => {
    const at = ['permissions', index] as const;
    if (!isObject(entry)) return fail(at, 'permission must be an object', entry);
    const extra = Object.keys(entry).filter((key) => !['action', 'subject', 'properties', 'conditions', 'actionParameters', 'id'].includes(key));
    if (extra.length > 0) return fail(at, `this field has unspecified keys: ${extra.join(', ')}`, entry);
    const { action, subject } = entry;
    if (typeof action !== 'string' || (!isContentAction(action) && !isPlainAction(action))) return fail([...at, 'action'], 'action is not an existing permission action', action);
    const content = isContentAction(action);
    const target = typeof subject === 'string' ? subjects.get(subject) : undefined;
    if (content ? target === undefined : subject !== null && subject !== undefined) return fail([...at, 'subject'], 'Invalid subject submitted', subject);
    const properties = entry.properties ?? {};
    if (!isObject(properties)) return fail([...at, 'properties'], 'properties must be an object', properties);
    const applies = contentActionProperties(action);
    const kept: { fields?: string[]; locales?: string[] } = {};
    for (const [key, value] of Object.entries(properties)) {
      if (!(applies as readonly string[]).includes(key) || (key === 'locales' && target?.localized !== true)) return fail([...at, 'properties', key], `${key} does not apply to ${action}${target ? ` on ${target.uid}` : ''}`, value);
      if (!stringList(value)) return fail([...at, 'properties', key], `${key} must be a list of strings`, value);
      const known = key === 'fields' ? new Set(target?.fieldPaths) : localeCodes;
      const unknown = value.filter((item) => !known.has(item));
      if (unknown.length > 0) return fail([...at, 'properties', key], `${key} has unknown ${key === 'fields' ? 'fields' : 'locales'}: ${unknown.join(', ')}`, value);
      kept[key as 'fields' | 'locales'] = [...new Set(value)];
    }
    const conditions = entry.conditions ?? [];
    if (!stringList(conditions)) return fail([...at, 'conditions'], 'conditions must be a list of strings', conditions);
    const unknownConditions = conditions.filter((condition) => !conditionIds.has(condition));
    if (unknownConditions.length > 0) return fail([...at, 'conditions'], `Unknown conditions: ${unknownConditions.join(', ')}`, conditions);
    const parameters = entry.actionParameters ?? {};
    if (!isObject(parameters)) return fail([...at, 'actionParameters'], 'actionParameters must be an object', parameters);
    inputs.push({ action, subject: content ? (subject as string) : null, properties: kept, conditions: [...new Set(conditions)], actionParameters: parameters });
    return undefined;
  });
  if (problems.length > 0) throw ValidationError.fromFieldErrors(problems);
  return inputs;
}

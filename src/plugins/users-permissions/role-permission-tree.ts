import { ValidationError } from '../../core/shared/errors.js';

/** One action's entry in Strapi's permissions object. */
export interface ActionSetting {
  readonly enabled: boolean;
  readonly policy: string;
}

/**
 * Strapi's nested form of a role's permissions:
 * `{"api::article":{"controllers":{"article":{"find":{"enabled":true,"policy":""}}}}}`.
 */
export type PermissionTree = Record<string, { controllers: Record<string, Record<string, ActionSetting>> }>;

/** `api::article.article.find` → [`api::article`, `article`, `find`]; null for a name of another shape. */
function splitAction(name: string): [string, string, string] | null {
  const first = name.indexOf('.');
  const last = name.lastIndexOf('.');
  if (first <= 0 || last <= first + 1 || last === name.length - 1) return null;
  return [name.slice(0, first), name.slice(first + 1, last), name.slice(last + 1)];
}

/**
 * Every known action as Strapi's tree, `enabled` for those granted: the project's types
 * (`api::…`) first, then the plugins', each in the order given. A granted action that is no
 * longer known (a type deleted) is not shown.
 */
export function permissionTree(known: readonly string[], granted: ReadonlySet<string>): PermissionTree {
  const tree: PermissionTree = {};
  const ordered = [...known.filter((name) => name.startsWith('api::')), ...known.filter((name) => !name.startsWith('api::'))];
  for (const name of ordered) {
    const parts = splitAction(name);
    if (!parts) continue;
    const [namespace, controller, action] = parts;
    ((tree[namespace] ??= { controllers: {} }).controllers[controller] ??= {})[action] = { enabled: granted.has(name), policy: '' };
  }
  return tree;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The actions a permissions object enables, checked: the tree's shape, `enabled` a boolean
 * where given, and every enabled action a known one (an unknown action that is not enabled
 * is ignored: it grants nothing). `policy` is accepted and ignored (Tessera has no role
 * policies). All problems at once, at their path under `permissions`.
 */
export function enabledActionsOf(raw: unknown, isKnown: (action: string) => boolean): string[] {
  const problems: { path: string[]; message: string; value?: unknown }[] = [];
  const enabled: string[] = [];
  const expectObject = (value: unknown, path: string[]): value is Record<string, unknown> => {
    if (isRecord(value)) return true;
    problems.push({ path, message: `${path.join('.')} must be an object`, value });
    return false;
  };
  if (expectObject(raw, ['permissions'])) {
    for (const [namespace, group] of Object.entries(raw)) {
      const at = ['permissions', namespace];
      if (!expectObject(group, at) || !expectObject(group.controllers ?? {}, [...at, 'controllers'])) continue;
      for (const [controller, actions] of Object.entries(group.controllers ?? {})) {
        if (!expectObject(actions, [...at, 'controllers', controller])) continue;
        for (const [action, setting] of Object.entries(actions)) {
          const path = [...at, 'controllers', controller, action];
          if (!expectObject(setting, path)) continue;
          if (setting.enabled !== undefined && typeof setting.enabled !== 'boolean') {
            problems.push({ path: [...path, 'enabled'], message: `${[...path, 'enabled'].join('.')} must be a boolean`, value: setting.enabled });
            continue;
          }
          if (setting.enabled !== true) continue;
          const name = `${namespace}.${controller}.${action}`;
          if (isKnown(name)) enabled.push(name);
          else problems.push({ path, message: `Unknown permission provided: ${name}`, value: name });
        }
      }
    }
  }
  if (problems.length > 0) throw ValidationError.fromFieldErrors(problems.map((problem) => ({ ...problem, name: 'ValidationError' })));
  return [...new Set(enabled)];
}

/**
 * A role's type from its name as Strapi derives it (lodash `snakeCase`): words split at
 * spaces and punctuation, at lower-to-upper case changes and between letters and digits,
 * accents removed — `Upi18n Editor` → `upi_18_n_editor`, `Content Éditors` → `content_editors`.
 */
export function roleTypeFromName(name: string): string {
  const plain = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const words = plain.match(/[A-Z]{2,}(?=[A-Z][a-z]|[^A-Za-z]|$)|[A-Z]?[a-z]+|[A-Z]+|\d+/g) ?? [];
  return words.map((word) => word.toLowerCase()).join('_');
}

import type { Attribute } from './edit-types';
import { storedValue, type FieldNode, type FormFields, type GroupNode } from './form-model';
import type { MessageKey } from '../i18n/en';

/** A field's problem: a catalogue key and its values (the view translates it). */
export interface FieldProblem {
  readonly key: MessageKey;
  readonly values?: Readonly<Record<string, string | number>>;
}

/** Problems by path (`title`, `seo.metaTitle`, `sections.2.text`: Strapi's error paths joined by dots). */
export type FormProblems = ReadonlyMap<string, FieldProblem>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DEFAULT_UID = /^[A-Za-z0-9-_.~]*$/;

function isEmpty(node: FieldNode): boolean {
  switch (node.kind) {
    case 'scalar': {
      const value = node.value.value;
      return value === null || value === '' || (Array.isArray(value) && value.length === 0);
    }
    case 'component':
      return node.value.value === null;
    case 'repeatable':
    case 'dynamiczone':
      return node.items.value.length === 0;
    case 'relation':
      return node.items.value.length === 0;
    case 'media':
      return node.files.value.length === 0;
  }
}

function scalarProblem(attribute: Attribute, raw: unknown): FieldProblem | null {
  if (raw === '' || raw === null) return null;
  const value = storedValue(attribute, raw);
  switch (attribute.type) {
    case 'json':
      return value === undefined ? { key: 'edit.error.json' } : null;
    case 'integer':
    case 'biginteger':
    case 'float':
    case 'decimal': {
      const number = Number(raw);
      if (!Number.isFinite(number) || ((attribute.type === 'integer' || attribute.type === 'biginteger') && !/^-?\d+$/.test(String(raw).trim()))) return { key: 'edit.error.number' };
      if (attribute.min !== undefined && number < Number(attribute.min)) return { key: 'edit.error.min', values: { min: String(attribute.min) } };
      if (attribute.max !== undefined && number > Number(attribute.max)) return { key: 'edit.error.max', values: { max: String(attribute.max) } };
      return null;
    }
    case 'datetime':
      return value === undefined ? { key: 'edit.error.date' } : null;
    case 'email':
      if (typeof raw === 'string' && !EMAIL.test(raw)) return { key: 'edit.error.email' };
      break;
    case 'uid':
      if (typeof raw === 'string' && !new RegExp(attribute.regex ?? DEFAULT_UID.source).test(raw)) return { key: 'edit.error.uid' };
      break;
    default:
      break;
  }
  if (typeof raw === 'string') {
    if (attribute.minLength !== undefined && raw.length < attribute.minLength) return { key: 'edit.error.minLength', values: { min: attribute.minLength } };
    if (attribute.maxLength !== undefined && raw.length > attribute.maxLength) return { key: 'edit.error.maxLength', values: { max: attribute.maxLength } };
    if (attribute.regex !== undefined && attribute.type !== 'uid' && !new RegExp(attribute.regex).test(raw)) return { key: 'edit.error.regex' };
  }
  return null;
}

/**
 * The form's problems before a save. `publishing`: required fields count (Strapi checks them on
 * publish only: a draft may be incomplete); the other rules hold for drafts too.
 */
export function validateForm(fields: FormFields, { publishing }: { readonly publishing: boolean }): FormProblems {
  const problems = new Map<string, FieldProblem>();
  const visit = (group: FormFields, prefix: string): void => {
    for (const [name, node] of Object.entries(group)) {
      const path = `${prefix}${name}`;
      const required = node.attribute.required === true;
      if (publishing && required && isEmpty(node)) {
        problems.set(path, { key: 'edit.error.required' });
        continue;
      }
      switch (node.kind) {
        case 'scalar': {
          const problem = scalarProblem(node.attribute, node.value.value);
          if (problem !== null) problems.set(path, problem);
          break;
        }
        case 'component':
          if (node.value.value !== null) visit(node.value.value.fields, `${path}.`);
          break;
        case 'repeatable':
        case 'dynamiczone': {
          const items: readonly GroupNode[] = node.items.value;
          const { min, max } = node.attribute;
          if (min !== undefined && items.length < Number(min) && (publishing || items.length > 0)) problems.set(path, { key: 'edit.error.minItems', values: { min: String(min) } });
          else if (max !== undefined && items.length > Number(max)) problems.set(path, { key: 'edit.error.maxItems', values: { max: String(max) } });
          items.forEach((item, index) => visit(item.fields, `${path}.${index}.`));
          break;
        }
        case 'relation':
        case 'media':
          break;
      }
    }
  };
  visit(fields, '');
  return problems;
}

/** A server ValidationError's path as the form's: `["sections", 2, "text"]` → `sections.2.text`. */
export function problemPath(path: readonly (string | number)[]): string {
  return path.map(String).join('.');
}

import type { KeyValueStore } from '../../core/store/key-value-store.js';
import { BadRequestError } from '../../transports/admin/admin-errors.js';
import { FIELD_SIZES, type Json } from './content-manager-schemas.js';

/**
 * The view configuration of a content-type or component (list columns, edit layout, labels):
 * defaults computed from its DTO as Strapi computes them, what an admin PUT kept in the
 * key-value store over them, attributes the model lost dropped and new ones added.
 */

export interface Settings {
  readonly bulkable: boolean;
  readonly filterable: boolean;
  readonly searchable: boolean;
  readonly pageSize: number;
  readonly relationOpenMode: string;
  readonly mainField: string;
  readonly defaultSortBy: string;
  readonly defaultSortOrder: string;
}

export interface Configuration {
  readonly settings: Settings;
  readonly metadatas: Readonly<Record<string, { readonly edit: Json; readonly list: Json }>>;
  readonly layouts: { readonly list: readonly string[]; readonly edit: readonly (readonly { readonly name: string; readonly size: number }[])[] };
}

type Attributes = Readonly<Record<string, Json>>;

/** The DTO attributes of a model (content-manager-schemas.ts) and how to find a relation target's main field. */
export interface ConfigSubject {
  readonly uid: string;
  readonly attributes: Attributes;
  readonly mainFieldOf: (targetUid: string) => string;
}

const NOT_LISTABLE_TYPES: ReadonlySet<string> = new Set(['json', 'blocks', 'richtext', 'media', 'component', 'dynamiczone', 'password']);
const TO_MANY: ReadonlySet<string> = new Set(['oneToMany', 'manyToMany', 'manyWay']);
/** Shown in lists, never in the edit form. */
const HIDDEN_IN_EDIT: ReadonlySet<string> = new Set(['id', 'documentId', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy']);
const RELATION_OPEN_MODES: ReadonlySet<string> = new Set(['modal', 'page', 'newTab']);

/** Sortable and searchable in the list: scalars but long texts and JSON, to-one relations. */
export function isListable(attribute: Json): boolean {
  const type = String(attribute.type);
  if (NOT_LISTABLE_TYPES.has(type)) return false;
  if (type === 'relation') return !TO_MANY.has(String(attribute.relation));
  return true;
}

/** Strapi's default main field: the first string attribute, else `id`. */
export function defaultMainField(attributes: Attributes): string {
  return Object.keys(attributes).find((name) => attributes[name]?.type === 'string' && name !== 'id' && name !== 'documentId') ?? 'id';
}

function sizeOf(attribute: Json): number {
  return FIELD_SIZES[String(attribute.type)]?.default ?? 6;
}

/** The edit form: visible attributes in order, packed into rows of 12 columns. */
function defaultEditLayout(attributes: Attributes): { name: string; size: number }[][] {
  const rows: { name: string; size: number }[][] = [];
  let row: { name: string; size: number }[] = [];
  let width = 0;
  for (const [name, attribute] of Object.entries(attributes)) {
    if (HIDDEN_IN_EDIT.has(name)) continue;
    const size = sizeOf(attribute);
    if (width + size > 12 && row.length > 0) {
      rows.push(row);
      row = [];
      width = 0;
    }
    row.push({ name, size });
    width += size;
  }
  if (row.length > 0) rows.push(row);
  return rows;
}

function defaultMetadata(name: string, attribute: Json, subject: ConfigSubject): { edit: Json; list: Json } {
  const listable = isListable(attribute);
  if (name === 'id' || name === 'documentId') return { edit: {}, list: { label: name, searchable: true, sortable: true } };
  const mainField = attribute.type === 'relation' ? { mainField: subject.mainFieldOf(String(attribute.target)) } : {};
  return {
    edit: { label: name, description: '', placeholder: '', visible: !HIDDEN_IN_EDIT.has(name), editable: true, ...mainField },
    list: { label: name, searchable: listable, sortable: listable, ...mainField },
  };
}

export function defaultConfiguration(subject: ConfigSubject): Configuration {
  const { attributes } = subject;
  const mainField = defaultMainField(attributes);
  const metadatas = Object.fromEntries(Object.entries(attributes).map(([name, attribute]) => [name, defaultMetadata(name, attribute, subject)]));
  return {
    settings: { bulkable: true, filterable: true, searchable: true, pageSize: 10, relationOpenMode: 'modal', mainField, defaultSortBy: mainField, defaultSortOrder: 'ASC' },
    metadatas,
    layouts: {
      list: Object.entries(attributes)
        .filter(([name, attribute]) => name !== 'documentId' && isListable(attribute))
        .slice(0, 4)
        .map(([name]) => name),
      edit: defaultEditLayout(attributes),
    },
  };
}

const storeKey = (kind: 'content_types' | 'components', uid: string): string => `plugin_content_manager_configuration_${kind}::${uid}`;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A stored configuration over the defaults, for the model as it is now. */
function merged(defaults: Configuration, stored: unknown, attributes: Attributes): Configuration {
  if (!isRecord(stored)) return defaults;
  const settings = isRecord(stored.settings) ? { ...defaults.settings, ...(stored.settings as Partial<Settings>) } : defaults.settings;
  const storedMeta = isRecord(stored.metadatas) ? stored.metadatas : {};
  const metadatas = Object.fromEntries(
    Object.entries(defaults.metadatas).map(([name, meta]) => {
      const kept = storedMeta[name];
      if (!isRecord(kept)) return [name, meta];
      return [name, { edit: { ...meta.edit, ...(isRecord(kept.edit) ? kept.edit : {}) }, list: { ...meta.list, ...(isRecord(kept.list) ? kept.list : {}) } }];
    }),
  );
  const layouts = isRecord(stored.layouts) ? stored.layouts : {};
  const list = Array.isArray(layouts.list) ? layouts.list.filter((name): name is string => typeof name === 'string' && name in attributes) : defaults.layouts.list;
  let edit = defaults.layouts.edit;
  if (Array.isArray(layouts.edit)) {
    const rows = layouts.edit
      .filter(Array.isArray)
      .map((row: unknown[]) => row.filter((cell): cell is { name: string; size: number } => isRecord(cell) && typeof cell.name === 'string' && cell.name in attributes && typeof cell.size === 'number'))
      .filter((row) => row.length > 0);
    const placed = new Set(rows.flat().map((cell) => cell.name));
    // Attributes added since the PUT go at the end, as their default rows.
    const added = defaults.layouts.edit.map((row) => row.filter((cell) => !placed.has(cell.name))).filter((row) => row.length > 0);
    edit = [...rows, ...added];
  }
  return { settings, metadatas, layouts: { list, edit } };
}

export interface ConfigurationStore {
  read(kind: 'content_types' | 'components', subject: ConfigSubject): Promise<Configuration>;
  write(kind: 'content_types' | 'components', subject: ConfigSubject, body: unknown): Promise<Configuration>;
}

export function createConfigurationStore(store: KeyValueStore): ConfigurationStore {
  const read = async (kind: 'content_types' | 'components', subject: ConfigSubject): Promise<Configuration> =>
    merged(defaultConfiguration(subject), await store.get(storeKey(kind, subject.uid)), subject.attributes);
  return {
    read,
    async write(kind, subject, body) {
      const current = await read(kind, subject);
      const next = checkConfiguration(body, subject, current);
      await store.set(storeKey(kind, subject.uid), next);
      return read(kind, subject);
    },
  };
}

/**
 * A PUT body checked as Strapi's validator does (required booleans, pageSize 10–100, main field
 * and sort key listable, list columns listable, edit rows of {name,size}); its errors are a list of
 * strings in `details.errors`. Unknown keys are stripped; what the body leaves out stays.
 */
export function checkConfiguration(body: unknown, subject: ConfigSubject, current: Configuration): Configuration {
  const errors: string[] = [];
  const input = isRecord(body) ? body : {};
  const listable = (name: unknown): boolean => typeof name === 'string' && (name === 'id' || (subject.attributes[name] !== undefined && isListable(subject.attributes[name])));
  let settings = current.settings;
  if (input.settings !== undefined) {
    const raw = isRecord(input.settings) ? input.settings : {};
    for (const key of ['bulkable', 'filterable', 'searchable'] as const) {
      if (raw[key] === undefined) errors.push(`settings.${key} is a required field`);
      else if (typeof raw[key] !== 'boolean') errors.push(`settings.${key} must be a \`boolean\` type`);
    }
    const pageSize = raw.pageSize;
    if (pageSize !== undefined) {
      if (typeof pageSize !== 'number' || !Number.isInteger(pageSize)) errors.push('settings.pageSize must be an integer');
      else if (pageSize < 10) errors.push('settings.pageSize must be greater than or equal to 10');
      else if (pageSize > 100) errors.push('settings.pageSize must be less than or equal to 100');
    }
    for (const key of ['mainField', 'defaultSortBy'] as const) {
      if (raw[key] !== undefined && !listable(raw[key])) errors.push(`settings.${key} must be one of the following values: ${['id', ...Object.keys(subject.attributes).filter(listable)].filter((name, index, all) => all.indexOf(name) === index).join(', ')}`);
    }
    if (raw.defaultSortOrder !== undefined && raw.defaultSortOrder !== 'ASC' && raw.defaultSortOrder !== 'DESC') errors.push('settings.defaultSortOrder must be one of the following values: ASC, DESC');
    if (raw.relationOpenMode !== undefined && !RELATION_OPEN_MODES.has(String(raw.relationOpenMode))) errors.push('settings.relationOpenMode must be one of the following values: modal, page, newTab');
    const picked: Partial<Record<keyof Settings, unknown>> = {};
    for (const key of Object.keys(current.settings) as (keyof Settings)[]) if (raw[key] !== undefined) picked[key] = raw[key];
    settings = { ...current.settings, ...(picked as Partial<Settings>) };
  }
  let metadatas = current.metadatas;
  if (input.metadatas !== undefined) {
    if (!isRecord(input.metadatas)) errors.push('metadatas must be a `object` type');
    else {
      const next: Record<string, { edit: Json; list: Json }> = { ...current.metadatas };
      for (const [name, meta] of Object.entries(input.metadatas)) {
        const existing = current.metadatas[name];
        if (!existing) continue;
        if (!isRecord(meta)) {
          errors.push(`metadatas.${name} must be a \`object\` type`);
          continue;
        }
        const edit = isRecord(meta.edit) ? pick(meta.edit, ['label', 'description', 'placeholder', 'visible', 'editable', 'mainField']) : {};
        const list = isRecord(meta.list) ? pick(meta.list, ['label', 'searchable', 'sortable', 'mainField']) : {};
        for (const [key, value] of Object.entries({ ...edit, ...list })) {
          const wanted = key === 'visible' || key === 'editable' || key === 'searchable' || key === 'sortable' ? 'boolean' : 'string';
          if (typeof value !== wanted) errors.push(`metadatas.${name}.${key in edit ? 'edit' : 'list'}.${key} must be a \`${wanted}\` type`);
        }
        next[name] = { edit: { ...existing.edit, ...edit }, list: { ...existing.list, ...list } };
      }
      metadatas = next;
    }
  }
  let layouts = current.layouts;
  if (input.layouts !== undefined) {
    const raw = isRecord(input.layouts) ? input.layouts : {};
    let list = current.layouts.list;
    if (raw.list !== undefined) {
      if (!Array.isArray(raw.list)) errors.push('layouts.list must be a `array` type');
      else {
        raw.list.forEach((name, index) => {
          if (!listable(name)) errors.push(`layouts.list[${index}] must be one of the following values: ${Object.keys(subject.attributes).filter(listable).join(', ')}`);
        });
        list = raw.list.filter((name): name is string => typeof name === 'string');
      }
    }
    let edit = current.layouts.edit;
    if (raw.edit !== undefined) {
      if (!Array.isArray(raw.edit)) errors.push('layouts.edit must be a `array` type');
      else {
        const rows: { name: string; size: number }[][] = [];
        raw.edit.forEach((row: unknown, rowIndex) => {
          if (!Array.isArray(row)) {
            errors.push(`layouts.edit[${rowIndex}] must be a \`array\` type`);
            return;
          }
          const cells: { name: string; size: number }[] = [];
          row.forEach((cell: unknown, cellIndex) => {
            const at = `layouts.edit[${rowIndex}][${cellIndex}]`;
            if (!isRecord(cell) || typeof cell.name !== 'string' || !(cell.name in subject.attributes)) errors.push(`${at}.name must be one of the following values: ${Object.keys(subject.attributes).join(', ')}`);
            else if (typeof cell.size !== 'number' || !Number.isInteger(cell.size) || cell.size < 1 || cell.size > 12) errors.push(`${at}.size must be an integer between 1 and 12`);
            else cells.push({ name: cell.name, size: cell.size });
          });
          rows.push(cells);
        });
        edit = rows;
      }
    }
    layouts = { list, edit };
  }
  if (errors.length > 0) throw new BadRequestError('Bad Request', { name: 'validationError', errors: errors.sort() });
  return { settings, metadatas, layouts };
}

function pick(record: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((key) => record[key] !== undefined).map((key) => [key, record[key]]));
}

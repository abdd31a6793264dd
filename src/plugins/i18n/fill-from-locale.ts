import type { Document } from '../../core/documents/document.js';
import type { Attribute } from '../../core/schema/attribute.js';
import type { SchemaRegistry } from '../../core/schema/registry.js';
import type { StoredModel } from '../../core/schema/model.js';

type Json = Record<string, unknown>;

/** Attributes the edit form does not fill: Strapi's system fields. */
const SYSTEM = new Set(['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'createdBy', 'updatedBy', 'locale', 'localizations', 'status']);

const isRecord = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The field a relation's picker shows for a target: its first string attribute, else `id`
 * (Strapi's default `mainField` when the content manager's configuration names none).
 */
export function mainFieldOf(model: StoredModel | undefined): string {
  return model?.scalarAttributes.find((attribute) => attribute.type === 'string' && !attribute.private)?.name ?? 'id';
}

const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * The n-th of the keys Strapi's form gives list items (`__temp_key__`, fractional indexing
 * from an empty list): `a0`…`az`, then `b00`…`bzz`, and so on.
 */
export function tempKey(index: number): string {
  let size = DIGITS.length;
  let head = 0;
  let rest = index;
  while (rest >= size) {
    rest -= size;
    head += 1;
    size *= DIGITS.length;
  }
  let digits = '';
  for (let place = 0; place <= head; place += 1) {
    digits = (DIGITS[rest % DIGITS.length] ?? '0') + digits;
    rest = Math.floor(rest / DIGITS.length);
  }
  return `${String.fromCharCode('a'.charCodeAt(0) + head)}${digits}`;
}

function userAttributes(model: StoredModel): Attribute[] {
  return [...model.scalarAttributes, ...model.linkedAttributes].filter((attribute) => !SYSTEM.has(attribute.name) && !attribute.private);
}

/** What the source version is read with: every relation with its target's main field, media, components and zones to the bottom. */
export function fillPopulate(registry: SchemaRegistry, model: StoredModel): Json {
  const populate: Json = {};
  for (const attribute of model.linkedAttributes) {
    if (SYSTEM.has(attribute.name) || attribute.private) continue;
    if (attribute.kind === 'relation') {
      if (attribute.media) populate[attribute.name] = true;
      else {
        const target = registry.model(attribute.target);
        populate[attribute.name] = { fields: [mainFieldOf(target), ...(target && 'localized' in target && target.localized ? ['locale'] : [])] };
      }
    } else if (attribute.kind === 'component') {
      const component = registry.component(attribute.component);
      populate[attribute.name] = component ? { populate: fillPopulate(registry, component) } : true;
    } else {
      populate[attribute.name] = {
        on: Object.fromEntries(
          attribute.components.map((uid) => {
            const component = registry.component(uid);
            return [uid, component ? { populate: fillPopulate(registry, component) } : true];
          }),
        ),
      };
    }
  }
  return populate;
}

/**
 * A version as the edit form of another locale is filled from it
 * (`GET /i18n/content-manager/get-fill-from-locale/:model`): system fields and component ids
 * dropped, relations as `{connect:[{documentId,id,<main field>,__temp_key__,label}],disconnect:[]}`,
 * repeatable component and zone items keyed with `__temp_key__`. `fields`: the admin's
 * readable attributes (null: all).
 */
export function fillFromLocale(registry: SchemaRegistry, model: StoredModel, source: Document | Json, fields: ReadonlySet<string> | null = null): Json {
  const data: Json = {};
  const record = source as Json;
  for (const attribute of userAttributes(model)) {
    const { name } = attribute;
    if (fields !== null && ![...fields].some((field) => field === name || field.startsWith(`${name}.`))) continue;
    const value = record[name];
    if (attribute.kind === 'scalar') data[name] = value ?? null;
    else if (attribute.kind === 'relation') {
      if (attribute.media) data[name] = value ?? (attribute.many ? [] : null);
      else {
        const mainField = mainFieldOf(registry.model(attribute.target));
        const targets = (Array.isArray(value) ? value : value ? [value] : []).filter(isRecord);
        data[name] = {
          connect: targets.map((target, index) => ({ ...target, [mainField]: target[mainField] ?? null, __temp_key__: tempKey(index), label: target[mainField] ?? null })),
          disconnect: [],
        };
      }
    } else if (attribute.kind === 'component') {
      const component = registry.component(attribute.component);
      const item = (entry: unknown): Json | null => (isRecord(entry) && component ? fillFromLocale(registry, component, entry) : null);
      data[name] = attribute.repeatable ? (Array.isArray(value) ? value : []).map((entry, index) => ({ ...item(entry), __temp_key__: tempKey(index) })) : value ? item(value) : null;
    } else {
      data[name] = (Array.isArray(value) ? value : []).filter(isRecord).map((entry, index) => {
        const uid = String(entry.__component);
        const component = registry.component(uid);
        return { ...(component ? fillFromLocale(registry, component, entry) : {}), __component: uid, __temp_key__: tempKey(index) };
      });
    }
  }
  return data;
}

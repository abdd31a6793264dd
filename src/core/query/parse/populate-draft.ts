import type { ComponentAttribute, DynamicZoneAttribute, RelationAttribute, ScalarAttribute } from '../../schema/attribute.js';
import type { ComponentModel } from '../../schema/component-model.js';
import type { ContentType, Model } from '../../schema/content-type.js';
import type { StoredModel } from '../../schema/model.js';
import type { RelationSide } from '../../schema/relation-link.js';
import type { FilterNode, PopulateNode, PopulateSelection, SortKey } from '../document-query.js';

/**
 * The populate tree while it is being parsed. Several entries of one request may name the
 * same attribute (`populate=seo,seo.tags`, `*` with an object entry), so each level is a map
 * that entries merge into; `freezeLevel` then builds the immutable PopulateNode tree, in the
 * model's definition order.
 */

export interface DraftLevel {
  readonly model: StoredModel;
  /** 1 for the queried model, +1 per populated attribute walked. */
  readonly depth: number;
  readonly entries: Map<string, DraftEntry>;
}

/** What to read of the items of one model; `fields` null: every readable field. */
export interface DraftSelection {
  readonly model: Model;
  fields: readonly ScalarAttribute[] | null;
  readonly nested: DraftLevel;
}

export interface DraftRelation extends DraftSelection {
  readonly kind: 'relation';
  readonly attribute: RelationAttribute;
  readonly side: RelationSide;
  readonly model: ContentType;
  filters: FilterNode | null;
  sort: readonly SortKey[];
  count: boolean;
}

export interface DraftComponent extends DraftSelection {
  readonly kind: 'component';
  readonly attribute: ComponentAttribute;
  readonly model: ComponentModel;
}

export interface DraftZone {
  readonly kind: 'dynamiczone';
  readonly attribute: DynamicZoneAttribute;
  /** One selection per component kind the zone allows, in the zone's order. */
  readonly kinds: ReadonlyMap<string, DraftSelection & { readonly model: ComponentModel }>;
  /** The kinds `on` fragments name (only those are output); null when no `on` was given. */
  named: Set<string> | null;
  count: boolean;
}

/** `localizations` (localized content-types only): not an attribute, so kept beside the attributes' entries. */
export interface DraftLocalizations extends DraftSelection {
  readonly kind: 'localizations';
  readonly model: ContentType;
}

export type DraftEntry = DraftRelation | DraftComponent | DraftZone | DraftLocalizations;

/** The key of the localizations entry in a level (no attribute can be named so). */
export const LOCALIZATIONS = 'localizations';

export function emptyLevel(model: StoredModel, depth: number): DraftLevel {
  return { model, depth, entries: new Map() };
}

function freezeSelection(selection: DraftSelection): PopulateSelection {
  return Object.freeze({
    model: selection.model,
    fields: selection.fields ?? selection.model.readableAttributes,
    populate: freezeLevel(selection.nested),
  });
}

function freezeEntry(entry: DraftEntry): PopulateNode {
  switch (entry.kind) {
    case 'relation':
      return Object.freeze({
        kind: 'relation',
        attribute: entry.attribute,
        side: entry.side,
        model: entry.model,
        fields: entry.fields ?? entry.model.readableAttributes,
        populate: freezeLevel(entry.nested),
        filters: entry.filters,
        sort: entry.sort,
        count: entry.count,
      });
    case 'component':
      return Object.freeze({
        kind: 'component',
        attribute: entry.attribute,
        model: entry.model,
        fields: entry.fields ?? entry.model.readableAttributes,
        populate: freezeLevel(entry.nested),
      });
    case 'dynamiczone': {
      const { named } = entry;
      const kept = named === null ? [...entry.kinds] : [...entry.kinds].filter(([uid]) => named.has(uid));
      const components = new Map(kept.map(([uid, selection]) => [uid, freezeSelection(selection)]));
      return Object.freeze({ kind: 'dynamiczone', attribute: entry.attribute, components, count: entry.count });
    }
    case 'localizations':
      return Object.freeze({ kind: 'localizations', model: entry.model, fields: entry.fields ?? entry.model.readableAttributes, populate: freezeLevel(entry.nested) });
  }
}

/** The populate nodes of a level, in the order the model defines its attributes. */
export function freezeLevel(level: DraftLevel): readonly PopulateNode[] {
  const nodes: PopulateNode[] = [];
  for (const attribute of level.model.linkedAttributes) {
    const entry = level.entries.get(attribute.name);
    if (entry) nodes.push(freezeEntry(entry));
  }
  const localizations = level.entries.get(LOCALIZATIONS);
  if (localizations) nodes.push(freezeEntry(localizations));
  return Object.freeze(nodes);
}

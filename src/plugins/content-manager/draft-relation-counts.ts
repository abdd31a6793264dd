import type { Expression, ExpressionBuilder, SelectQueryBuilder, SqlBool } from 'kysely';
import type { DynamicSchema, Executor } from '../../core/db/database.js';
import { constantOne, countRows, isNull } from '../../core/query/compile/sql-expressions.js';
import type { RelationAttribute } from '../../core/schema/attribute.js';
import { COMPONENT_OWNER_COLUMNS as OWNER } from '../../core/schema/component-model.js';
import type { ContentType, Model } from '../../core/schema/content-type.js';
import { LINK_COLUMNS as L } from '../../core/schema/relation-link.js';
import type { SchemaRegistry } from '../../core/schema/registry.js';

/** Strapi's answer of countDraftRelations. */
export interface DraftRelationCounts {
  /** Links to documents without a published version that publishing drops (xToOne, oneToMany, one-sided lists). */
  readonly unpublishedRelations: number;
  /** Bidirectional manyToMany links to documents without a published version (kept on publish). */
  readonly draftM2mLinks: number;
}

export const NO_DRAFT_RELATIONS: DraftRelationCounts = Object.freeze({ unpublishedRelations: 0, draftM2mLinks: 0 });

/** The draft versions counted: of these documents, in this locale (null: a type without i18n). */
export interface DraftScope {
  readonly contentType: ContentType;
  readonly documentIds: readonly string[];
  readonly locale: string | null;
}

type Builder = ExpressionBuilder<DynamicSchema, string>;
/** A subquery yielding row ids of one model: the draft rows counted, or their components, at any depth. */
type RowIds = (eb: Builder) => SelectQueryBuilder<DynamicSchema, string, Record<string, unknown>>;
type CountSelect = SelectQueryBuilder<DynamicSchema, string, { n: number }>;

/** Bidirectional manyToMany links survive publish (Strapi's `isBidirectionalManyToMany`). */
const isBidirectionalManyToMany = (attribute: RelationAttribute): boolean => attribute.relation === 'manyToMany' && Boolean(attribute.inversedBy ?? attribute.mappedBy);

/** `<alias>.document_id` has no published version (in the link's locale on localized targets). */
function unpublished(eb: Builder, target: ContentType, documentIdRef: string, localeRef: string | null): Expression<SqlBool> {
  const published = eb
    .selectFrom(`${target.collectionName} as p`)
    .select(constantOne().as('one'))
    .whereRef('p.document_id', '=', documentIdRef)
    .where(isNull('p.published_at', true));
  return eb.not(eb.exists(localeRef !== null ? published.whereRef('p.locale', '=', localeRef) : published));
}

/**
 * Counts, in at most two statements whatever the number of documents and relations: one
 * UNION ALL of `count(*)` per relation path (the type's own relations on either side, and
 * those of its components and dynamic zones to any depth) for each of Strapi's two numbers.
 * Strapi's rules: only targets with Draft & Publish, not the type itself, no media.
 */
export async function countDraftRelations(executor: Executor, registry: SchemaRegistry, scope: DraftScope): Promise<DraftRelationCounts> {
  const { contentType, documentIds, locale } = scope;
  if (documentIds.length === 0) return NO_DRAFT_RELATIONS;
  const rootRows: RowIds = (eb) => {
    let rows = eb.selectFrom(contentType.collectionName).select('id').where('document_id', 'in', [...documentIds]);
    if (contentType.draftAndPublish) rows = rows.where(isNull('published_at'));
    if (contentType.localized && locale !== null) rows = rows.where('locale', '=', locale);
    return rows;
  };
  const selects: { m2m: CountSelect[]; other: CountSelect[] } = { m2m: [], other: [] };

  const visit = (model: Model, rows: RowIds, seen: ReadonlySet<string>): void => {
    for (const attribute of model.linkedAttributes) {
      if (attribute.kind === 'relation') {
        const target = registry.get(attribute.target);
        if (attribute.media || !target || !target.draftAndPublish || attribute.target === contentType.uid) continue;
        const side = registry.relation(attribute);
        const list = isBidirectionalManyToMany(attribute) ? selects.m2m : selects.other;
        if (side.side === 'owner') {
          const link = side.link;
          list.push(
            executor
              .selectFrom(`${link.table} as l`)
              .select(countRows().as('n'))
              .where((eb) => eb.and([eb(`l.${L.entity}`, 'in', rows(eb)), unpublished(eb, target, `l.${L.target}`, link.targetLocalized ? `l.${L.targetLocale}` : null)])),
          );
        } else if (model === contentType) {
          // The inverse side: this type's documents are the targets; the owners are draft rows of the other type.
          const link = side.link;
          const owner = target;
          list.push(
            executor
              .selectFrom(`${link.table} as l`)
              .innerJoin(`${owner.collectionName} as o`, 'o.id', `l.${L.entity}`)
              .select(countRows().as('n'))
              .where((eb) => {
                const conditions: Expression<SqlBool>[] = [eb(`l.${L.target}`, 'in', [...documentIds]), isNull('o.published_at'), unpublished(eb, owner, 'o.document_id', owner.localized ? 'o.locale' : null)];
                if (link.targetLocalized && locale !== null) conditions.push(eb(`l.${L.targetLocale}`, '=', locale));
                return eb.and(conditions);
              }),
          );
        }
        continue;
      }
      const uids = attribute.kind === 'component' ? [attribute.component] : attribute.components;
      for (const uid of uids) {
        const component = registry.component(uid);
        if (!component || seen.has(uid)) continue;
        const parentUid = model.uid;
        const componentRows: RowIds = (eb) => eb.selectFrom(component.collectionName).select('id').where(OWNER.parentType, '=', parentUid).where(OWNER.parentId, 'in', rows(eb));
        visit(component, componentRows, new Set([...seen, uid]));
      }
    }
  };
  visit(contentType, rootRows, new Set());

  const total = async (list: readonly CountSelect[]): Promise<number> => {
    const [first, ...rest] = list;
    if (!first) return 0;
    const union = rest.reduce<CountSelect>((query, next) => query.unionAll(next), first);
    const rows = await union.execute();
    return rows.reduce((sum, row) => sum + Number(row.n), 0);
  };
  return { unpublishedRelations: await total(selects.other), draftM2mLinks: await total(selects.m2m) };
}

import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect } from '../../db/dialect.js';
import type { ScalarAttribute } from '../../schema/attribute.js';
import { columnTypeOf } from '../../schema/to-table-model.js';
import type { ComponentFilterNode, ConditionNode, FilterNode, RelationFilterNode, ScalarValue } from '../document-query.js';
import { componentHops, fromHops, relationHops, type Hop } from './linked-rows.js';
import type { ReadVersion } from './visible-version.js';
import { matchesEmptyRow } from './matches-empty-row.js';

type Condition = RawBuilder<SqlBool>;

const TRUE: Condition = sql<SqlBool>`1 = 1`;
const FALSE: Condition = sql<SqlBool>`1 = 0`;

/** `%`, `_` and `\` in a LIKE operand match literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

export interface CompileContext {
  readonly dialect: Dialect;
  /**
   * Table alias the columns belong to. Subqueries for relations and components alias their
   * tables `<alias>_l` and `<alias>_r` (then `<alias>_r_l`, … one level deeper), so an inner
   * alias never equals an outer one it refers to.
   */
  readonly alias: string;
  /** The version linked documents show (filters through relations match what a read would populate). */
  readonly read: ReadVersion;
}

function column(context: CompileContext, attribute: ScalarAttribute): RawBuilder<unknown> {
  return sql.ref(`${context.alias}.${attribute.column}`);
}

function bind(context: CompileContext, attribute: ScalarAttribute, value: ScalarValue): RawBuilder<unknown> {
  const type = columnTypeOf(attribute.type);
  return context.dialect.parameter(context.dialect.encode(type, value), type);
}

/** Both sides of an ordering comparison, as the dialect compares them (decimals as numbers). */
function ordered(context: CompileContext, attribute: ScalarAttribute, value: ScalarValue): [RawBuilder<unknown>, RawBuilder<unknown>] {
  const type = columnTypeOf(attribute.type);
  return [context.dialect.ordered(column(context, attribute), type), context.dialect.orderedParameter(context.dialect.encode(type, value), type)];
}

/**
 * The column as the text the API shows, lower-cased for the `i` operators. Numbers and dates
 * become text in SQL, exactly (a 64-bit integer handed to a JavaScript lower function as a
 * number would lose its last digits).
 */
function columnText(context: CompileContext, attribute: ScalarAttribute, caseInsensitive: boolean): RawBuilder<unknown> {
  const text = context.dialect.textOf(column(context, attribute), columnTypeOf(attribute.type));
  return caseInsensitive ? context.dialect.lower(text) : text;
}

function textValue(context: CompileContext, value: string, caseInsensitive: boolean): RawBuilder<unknown> {
  const parameter = context.dialect.textParameter(value);
  return caseInsensitive ? context.dialect.lower(parameter) : parameter;
}

function isAscii(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) if (text.charCodeAt(index) > 0x7f) return false;
  return true;
}

function like(context: CompileContext, attribute: ScalarAttribute, pattern: string, caseInsensitive: boolean): Condition {
  // Patterns here are escaped text between `%`s: the dialect may fold ASCII-only patterns natively.
  const fast = context.dialect.asciiInsensitiveLike;
  if (caseInsensitive && fast && isAscii(pattern)) return fast(columnText(context, attribute, false), pattern.toLowerCase());
  return sql<SqlBool>`${columnText(context, attribute, caseInsensitive)} like ${textValue(context, pattern, caseInsensitive)} ${context.dialect.likeEscape}`;
}

/**
 * Negations also match rows where the attribute is null: "not equal to x" includes "no value".
 * (The reference drops those rows; DECISIONS lists the difference.)
 */
function orNull(context: CompileContext, attribute: ScalarAttribute, condition: Condition): Condition {
  return sql<SqlBool>`(${condition} or ${column(context, attribute)} is null)`;
}

function compileCondition(context: CompileContext, node: ConditionNode): Condition {
  const { attribute, operator, value } = node;
  const ref = column(context, attribute);
  const single = value as ScalarValue;
  const text = typeof value === 'string' ? escapeLike(value) : '';
  switch (operator) {
    case '$eq':
      return single === null ? sql<SqlBool>`${ref} is null` : sql<SqlBool>`${ref} = ${bind(context, attribute, single)}`;
    case '$ne':
      return single === null ? sql<SqlBool>`${ref} is not null` : orNull(context, attribute, sql<SqlBool>`${ref} <> ${bind(context, attribute, single)}`);
    case '$eqi':
      return sql<SqlBool>`${columnText(context, attribute, true)} = ${textValue(context, String(single), true)}`;
    case '$nei':
      return orNull(context, attribute, sql<SqlBool>`${columnText(context, attribute, true)} <> ${textValue(context, String(single), true)}`);
    case '$lt':
    case '$lte':
    case '$gt':
    case '$gte': {
      const [left, right] = ordered(context, attribute, single);
      const symbol = { $lt: '<', $lte: '<=', $gt: '>', $gte: '>=' }[operator];
      return sql<SqlBool>`${left} ${sql.raw(symbol)} ${right}`;
    }
    case '$between': {
      const [low = null, high = null] = value as readonly ScalarValue[];
      const [left, lowBound] = ordered(context, attribute, low);
      const [, highBound] = ordered(context, attribute, high);
      return sql<SqlBool>`${left} between ${lowBound} and ${highBound}`;
    }
    case '$in':
    case '$notIn': {
      const values = value as readonly ScalarValue[];
      const nonNull = values.filter((item) => item !== null);
      const hasNull = nonNull.length !== values.length;
      const list = sql.join(nonNull.map((item) => bind(context, attribute, item)));
      let matches: Condition = nonNull.length > 0 ? sql<SqlBool>`${ref} in (${list})` : FALSE;
      if (hasNull) matches = sql<SqlBool>`(${matches} or ${ref} is null)`;
      if (operator === '$in') return matches;
      if (nonNull.length === 0) return hasNull ? sql<SqlBool>`${ref} is not null` : TRUE;
      const excluded = sql<SqlBool>`${ref} not in (${list})`;
      return hasNull ? excluded : orNull(context, attribute, excluded);
    }
    case '$contains':
      return like(context, attribute, `%${text}%`, false);
    case '$containsi':
      return like(context, attribute, `%${text}%`, true);
    case '$notContains':
      return orNull(context, attribute, sql<SqlBool>`not (${like(context, attribute, `%${text}%`, false)})`);
    case '$notContainsi':
      return orNull(context, attribute, sql<SqlBool>`not (${like(context, attribute, `%${text}%`, true)})`);
    case '$startsWith':
      return like(context, attribute, `${text}%`, false);
    case '$startsWithi':
      return like(context, attribute, `${text}%`, true);
    case '$endsWith':
      return like(context, attribute, `%${text}`, false);
    case '$endsWithi':
      return like(context, attribute, `%${text}`, true);
    case '$null':
      return single === true ? sql<SqlBool>`${ref} is null` : sql<SqlBool>`${ref} is not null`;
    case '$notNull':
      return single === true ? sql<SqlBool>`${ref} is not null` : sql<SqlBool>`${ref} is null`;
  }
}

/** A filter tree → one SQL boolean expression over the columns of `alias`. */
export function compileFilter(node: FilterNode, context: CompileContext): Condition {
  switch (node.kind) {
    case 'condition':
      return compileCondition(context, node);
    case 'not':
      // A condition on a null attribute is unknown, and NOT unknown is unknown: without the
      // coalesce `$not` would drop documents with no value, unlike `$ne` (DECISIONS deviation 5).
      return sql<SqlBool>`not coalesce(${compileFilter(node.child, context)}, false)`;
    case 'and':
    case 'or': {
      if (node.children.length === 0) return node.kind === 'and' ? TRUE : FALSE;
      const parts = node.children.map((child) => compileFilter(child, context));
      return sql<SqlBool>`(${sql.join(parts, sql.raw(node.kind === 'and' ? ' and ' : ' or '))})`;
    }
    case 'relation':
    case 'component':
      return compileLinked(node, context);
  }
}

/**
 * "Some linked item matches": an EXISTS over the linked rows, with the child filter on them,
 * so that to-many relations never duplicate the outer rows. A document with no linked item
 * also matches when the child holds for an empty item (see matches-empty-row). Under `$not`
 * this becomes NOT EXISTS, and "no linked item" then matches unless the child holds for an
 * empty one, the same rule as `$not` on a null attribute.
 */
function compileLinked(node: RelationFilterNode | ComponentFilterNode, context: CompileContext): Condition {
  const row = `${context.alias}_r`;
  const hops: readonly Hop[] =
    node.kind === 'relation' ? relationHops(node.side, context.alias, `${context.alias}_l`, row, context.read) : componentHops(node.attribute, node.component, node.owner, context.alias, row);
  const from = fromHops(hops);
  const correlation = hops[0]?.on ?? TRUE;
  const child = compileFilter(node.child, { dialect: context.dialect, alias: row, read: context.read });
  const some = sql<SqlBool>`exists (select 1 ${from} where ${correlation} and ${child})`;
  if (!matchesEmptyRow(node.child)) return some;
  return sql<SqlBool>`(${some} or not exists (select 1 ${from} where ${correlation}))`;
}

import slugify from '@sindresorhus/slugify';
import type { ScalarAttribute } from '../schema/attribute.js';
import { columnRef, likePrefix } from '../query/compile/sql-expressions.js';
import { withinLocale, type UniqueContext } from './unique-context.js';

/**
 * The slug of a uid attribute's source text: `@sindresorhus/slugify` with the attribute's
 * `options`, as Strapi's content-manager (services/uid.ts generateUIDField) does. Capped: the
 * column is a varchar(255), and a `-n` suffix may follow. The one slug function of the content
 * API's generated uids and the content manager's `/uid/generate`.
 */
export function uidSlug(source: string, attribute: ScalarAttribute): string {
  return slugify(source, attribute.uidOptions).slice(0, 200);
}

/** The first of `base`, `base-1`, `base-2`, … that no other document holds (in the locale, unless the attribute is shared). */
export async function firstFreeUid(context: UniqueContext, table: string, attribute: ScalarAttribute, base: string): Promise<string> {
  const select = context.executor
    .selectFrom(table)
    .select(columnRef<string>(attribute.column).as('value'))
    // Escaped: a separator or preserved character of the attribute's options may be `_`, `%` or `\`.
    .where((eb) => eb.or([eb(columnRef(attribute.column), '=', base), likePrefix(context.dialect, attribute.column, `${base}-`)]))
    .where('document_id', '<>', context.documentId ?? '');
  const rows = await withinLocale(select, context, attribute).execute();
  const taken = new Set(rows.map((row) => row.value));
  if (!taken.has(base)) return base;
  for (let suffix = 1; ; suffix += 1) if (!taken.has(`${base}-${suffix}`)) return `${base}-${suffix}`;
}

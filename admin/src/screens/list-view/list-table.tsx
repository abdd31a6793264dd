import type { ContentTypeConfiguration, ContentTypeSchema, ListAnswer, ListDocument } from '../../api/content-manager-types';
import { cellText } from '../../content/cell-text';
import type { ListParams, SortOrder } from '../../content/list-query';
import { t } from '../../i18n/translate';
import { columnLabel } from './column-picker';

const STATUS_LABEL = { draft: 'list.status.draft', published: 'list.status.published', modified: 'list.status.modified' } as const;

/**
 * The page of documents: the configuration's columns (sortable ones as buttons in their
 * headers), the status under Draft & Publish, a checkbox per row for the bulk actions. The
 * main field links to the edit view. Every value comes from the one list answer.
 */
export function ListTable({ schema, configuration, answer, params, locale, draftAndPublish, busy, selection, onSelect, onSort }: {
  readonly schema: ContentTypeSchema;
  readonly configuration: ContentTypeConfiguration;
  readonly answer: ListAnswer;
  readonly params: ListParams;
  readonly locale: string | null;
  readonly draftAndPublish: boolean;
  readonly busy: boolean;
  readonly selection: ReadonlySet<string>;
  readonly onSelect: (selection: ReadonlySet<string>) => void;
  readonly onSort: (sort: { readonly field: string; readonly order: SortOrder }) => void;
}) {
  const { settings } = configuration;
  const columns = configuration.layouts.list.filter((field) => field === 'id' || field in schema.attributes);
  const sort = params.sort ?? { field: settings.defaultSortBy, order: settings.defaultSortOrder };
  const rows = answer.results;
  const allSelected = rows.length > 0 && rows.every((row) => selection.has(row.documentId));
  const someSelected = rows.some((row) => selection.has(row.documentId));
  const linkField = columns.includes(settings.mainField) ? settings.mainField : columns[0];
  const hrefOf = (row: ListDocument): string => `/admin/content-manager/collection-types/${schema.uid}/${row.documentId}${locale === null ? '' : `?plugins[i18n][locale]=${encodeURIComponent(locale)}`}`;
  const nameOf = (row: ListDocument): string => cellText(row[settings.mainField], schema.attributes[settings.mainField], undefined);

  const header = (field: string, label: string, sortable: boolean) => {
    const current = sort.field === field ? sort.order : null;
    return (
      <th key={field} scope="col" aria-sort={current === null ? undefined : current === 'ASC' ? 'ascending' : 'descending'}>
        {sortable ? (
          <button type="button" class="sort-button" onClick={() => onSort({ field, order: current === 'ASC' ? 'DESC' : 'ASC' })}>
            <span>{label}</span>
            <span class="visually-hidden">{`, ${t('list.sort.by', { column: label })}`}</span>
            <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false" class={current === null ? 'sort-button__icon sort-button__icon--idle' : 'sort-button__icon'}>
              <path fill="currentColor" d={current === 'DESC' ? 'M12 16 6 10h12l-6 6Z' : 'M12 8l6 6H6l6-6Z'} />
            </svg>
          </button>
        ) : (
          label
        )}
      </th>
    );
  };

  return (
    <div class="table-wrap">
      <table class="list-table" aria-busy={busy} aria-label={schema.info.displayName}>
        <thead>
          <tr>
            {settings.bulkable && (
              <th scope="col" class="list-table__select">
                <input
                  type="checkbox"
                  aria-label={t('list.selectAll')}
                  checked={allSelected}
                  indeterminate={someSelected && !allSelected}
                  disabled={rows.length === 0}
                  onChange={(event) => {
                    const next = new Set(selection);
                    for (const row of rows) {
                      if (event.currentTarget.checked) next.add(row.documentId);
                      else next.delete(row.documentId);
                    }
                    onSelect(next);
                  }}
                />
              </th>
            )}
            {columns.map((field) => header(field, columnLabel(configuration, field), configuration.metadatas[field]?.list.sortable !== false))}
            {draftAndPublish && header('status', t('list.column.status'), true)}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={columns.length + (settings.bulkable ? 1 : 0) + (draftAndPublish ? 1 : 0)} class="list-table__empty">
                {t('list.empty')}
              </td>
            </tr>
          )}
          {rows.map((row) => (
            <tr key={row.documentId} aria-selected={settings.bulkable ? selection.has(row.documentId) : undefined}>
              {settings.bulkable && (
                <td class="list-table__select">
                  <input
                    type="checkbox"
                    aria-label={t('list.selectRow', { name: nameOf(row) })}
                    checked={selection.has(row.documentId)}
                    onChange={(event) => {
                      const next = new Set(selection);
                      if (event.currentTarget.checked) next.add(row.documentId);
                      else next.delete(row.documentId);
                      onSelect(next);
                    }}
                  />
                </td>
              )}
              {columns.map((field) => {
                const text = cellText(row[field], schema.attributes[field], configuration.metadatas[field]?.list.mainField);
                return <td key={field}>{field === linkField ? <a href={hrefOf(row)}>{text}</a> : text}</td>;
              })}
              {draftAndPublish && (
                <td>
                  <span class={`status status--${row.status ?? 'draft'}`}>{t(STATUS_LABEL[row.status ?? 'draft'])}</span>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

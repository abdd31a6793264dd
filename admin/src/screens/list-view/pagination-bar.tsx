import type { ListAnswer } from '../../api/content-manager-types';
import { t } from '../../i18n/translate';

const PAGE_SIZES = [10, 20, 50, 100];

/** The pages around the current one, with the first and the last: 1 … 4 5 [6] 7 8 … 20. */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const pages = new Set([1, pageCount, page - 2, page - 1, page, page + 1, page + 2].filter((item) => item >= 1 && item <= pageCount));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((item, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && item - previous > 1) out.push(null);
    out.push(item);
  });
  return out;
}

/** Page size and the pages, as a navigation landmark. */
export function PaginationBar({ pagination, pageSize, onPage, onPageSize }: {
  readonly pagination: ListAnswer['pagination'];
  readonly pageSize: number;
  readonly onPage: (page: number) => void;
  readonly onPageSize: (pageSize: number) => void;
}) {
  const { page, pageCount } = pagination;
  const sizes = PAGE_SIZES.includes(pageSize) ? PAGE_SIZES : [...PAGE_SIZES, pageSize].sort((a, b) => a - b);
  return (
    <div class="pagination">
      <div class="pagination__size">
        <label for="list-page-size">{t('list.pagination.pageSize')}</label>
        <select id="list-page-size" class="input" value={String(pageSize)} onChange={(event) => onPageSize(Number(event.currentTarget.value))}>
          {sizes.map((size) => (
            <option key={size} value={String(size)}>
              {size}
            </option>
          ))}
        </select>
      </div>
      <nav aria-label={t('list.pagination.label')}>
        <ul class="pagination__pages">
          <li>
            <button type="button" class="button" disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label={t('list.pagination.previous')}>
              ‹
            </button>
          </li>
          {pageWindow(page, Math.max(pageCount, 1)).map((item, index) =>
            item === null ? (
              <li key={`gap-${index}`} aria-hidden="true" class="pagination__gap">
                …
              </li>
            ) : (
              <li key={item}>
                <button type="button" class={item === page ? 'button button--primary' : 'button'} aria-current={item === page ? 'page' : undefined} aria-label={t('list.pagination.page', { page: item })} onClick={() => onPage(item)}>
                  {item}
                </button>
              </li>
            ),
          )}
          <li>
            <button type="button" class="button" disabled={page >= pageCount} onClick={() => onPage(page + 1)} aria-label={t('list.pagination.next')}>
              ›
            </button>
          </li>
        </ul>
      </nav>
    </div>
  );
}

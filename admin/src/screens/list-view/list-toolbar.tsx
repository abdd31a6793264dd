import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import type { ContentTypeSchema, ListSettings, LocaleDto } from '../../api/content-manager-types';
import type { ListParams, StatusFilter } from '../../content/list-query';
import { t } from '../../i18n/translate';

/** How long the search waits after the last keystroke before it asks the server. */
const SEARCH_DELAY_MS = 300;

/** Search, the filter and column panels' buttons, locale and status. */
export function ListToolbar({ schema, settings, params, locales, locale, draftAndPublish, panel, onPanel, onChange }: {
  readonly schema: ContentTypeSchema;
  readonly settings: ListSettings;
  readonly params: ListParams;
  readonly locales: readonly LocaleDto[];
  readonly locale: string | null;
  readonly draftAndPublish: boolean;
  readonly panel: 'none' | 'filters' | 'columns';
  readonly onPanel: (panel: 'filters' | 'columns') => void;
  readonly onChange: (next: Partial<ListParams>, replace?: boolean) => void;
}) {
  const draft = useSignal(params.q);
  // The address changed by itself (back, a link): the field shows its search.
  useEffect(() => {
    draft.value = params.q;
  }, [params.q]);
  // Debounced: one request after the typing pauses; replace, so that back skips the keystrokes.
  useEffect(() => {
    if (draft.value === params.q) return undefined;
    const timer = setTimeout(() => onChange({ q: draft.value }, true), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft.value]);

  return (
    <div class="list-toolbar">
      {settings.searchable && (
        <div class="list-toolbar__search">
          <label class="visually-hidden" for="list-search">
            {t('list.search.label')}
          </label>
          <input
            id="list-search"
            type="search"
            class="input"
            value={draft.value}
            placeholder={t('list.search.placeholder', { type: schema.info.displayName })}
            onInput={(event) => {
              draft.value = event.currentTarget.value;
            }}
          />
        </div>
      )}
      {settings.filterable && (
        <button type="button" class="button" aria-expanded={panel === 'filters'} aria-controls="list-filters" onClick={() => onPanel('filters')}>
          {t('list.filters.button')}
          {params.filters.length > 0 && <span class="badge">{params.filters.length}</span>}
        </button>
      )}
      <button type="button" class="button" aria-expanded={panel === 'columns'} aria-controls="list-columns" onClick={() => onPanel('columns')}>
        {t('list.columns.button')}
      </button>
      {draftAndPublish && (
        <div class="list-toolbar__select">
          <label for="list-status">{t('list.status.label')}</label>
          <select id="list-status" class="input" value={params.status ?? ''} onChange={(event) => onChange({ status: event.currentTarget.value === '' ? null : (event.currentTarget.value as StatusFilter) })}>
            <option value="">{t('list.status.any')}</option>
            <option value="draft">{t('list.status.filter.draft')}</option>
            <option value="published">{t('list.status.filter.published')}</option>
            <option value="published-modified">{t('list.status.filter.modified')}</option>
            <option value="published-unmodified">{t('list.status.filter.unmodified')}</option>
          </select>
        </div>
      )}
      {locales.length > 0 && (
        <div class="list-toolbar__select">
          <label for="list-locale">{t('list.locale.label')}</label>
          <select id="list-locale" class="input" value={locale ?? ''} onChange={(event) => onChange({ locale: event.currentTarget.value })}>
            {locales.map((item) => (
              <option key={item.code} value={item.code}>
                {item.name}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}

import { useComputed, useSignal } from '@preact/signals';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import type { ContentTypeConfiguration, ContentTypeSchema, ListAnswer, LocaleDto } from '../../api/content-manager-types';
import { createListApi, type BulkAction } from '../../api/list-api';
import { ApiError } from '../../api/api-error';
import { useAppState } from '../../app-context';
import type { NavigationEntry } from '../../content/content-navigation';
import { formatListParams, listRequestQuery, parseListParams, type ListParams } from '../../content/list-query';
import { t, tPlural } from '../../i18n/translate';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { ContentTypeGate } from '../content-type-gate';
import { ColumnPicker } from './column-picker';
import { FilterPanel, FilterChips } from './filter-panel';
import { ListTable } from './list-table';
import { PaginationBar } from './pagination-bar';
import { ListToolbar } from './list-toolbar';

/** The list view of a collection type (/admin/content-manager/collection-types/:uid). */
export function ListViewScreen({ uid }: { readonly uid: string }) {
  return <ContentTypeGate uid={uid}>{(entry, schema) => (schema === null ? null : <ListView key={uid} entry={entry} schema={schema} />)}</ContentTypeGate>;
}

type Load<T> = { readonly kind: 'loading' } | { readonly kind: 'failed'; readonly message: string } | { readonly kind: 'ready'; readonly value: T };

/** Performance marks around the first rows (the browser test and bench/admin-list-view.ts read them). */
export const LIST_MARKS = { answer: 'tessera:list:answer', rendered: 'tessera:list:rendered', measure: 'tessera:list:answer-to-rows' } as const;

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

function ListView({ entry, schema }: { readonly entry: NavigationEntry; readonly schema: ContentTypeSchema }) {
  const app = useAppState();
  const api = useMemo(() => createListApi(app.client), [app.client]);
  const location = useLocation();
  const search = location.url.includes('?') ? location.url.slice(location.url.indexOf('?')) : '';
  const params = useMemo(() => parseListParams(search), [search]);

  const configuration = useSignal<Load<ContentTypeConfiguration>>({ kind: 'loading' });
  const locales = useSignal<readonly LocaleDto[]>([]);
  const list = useSignal<Load<ListAnswer>>({ kind: 'loading' });
  const busy = useSignal(false);
  const selection = useSignal<ReadonlySet<string>>(new Set());
  const panel = useSignal<'none' | 'filters' | 'columns'>('none');
  const pendingBulk = useSignal<BulkAction | null>(null);
  const bulkBusy = useSignal(false);
  const notice = useSignal<{ readonly text: string; readonly error: boolean } | null>(null);
  const reloads = useSignal(0);

  const localized = schema.pluginOptions?.i18n?.localized === true;
  const draftAndPublish = schema.options?.draftAndPublish === true;

  // The configuration (columns, page size, default sort) and, for a localized type, the locales:
  // asked for together; the list waits for the configuration, which says its defaults.
  useEffect(() => {
    api.configuration(schema.uid).then(
      (value) => {
        configuration.value = { kind: 'ready', value };
      },
      (error: unknown) => {
        configuration.value = { kind: 'failed', message: messageOf(error) };
      },
    );
    if (localized) {
      api.locales().then(
        (value) => {
          locales.value = value;
        },
        () => {
          locales.value = [];
        },
      );
    }
  }, [schema.uid]);

  const config = configuration.value.kind === 'ready' ? configuration.value.value : null;
  const defaultLocale = localized ? (locales.value.find((locale) => locale.isDefault)?.code ?? null) : null;
  const locale = localized ? (params.locale ?? defaultLocale) : null;
  const requestQuery =
    config === null ? null : listRequestQuery(params, { pageSize: config.settings.pageSize, sort: `${config.settings.defaultSortBy}:${config.settings.defaultSortOrder}`, locale: localized ? params.locale : null });

  // One request per state of the address: a newer one aborts the one in flight, so a slow
  // answer to an older search never replaces a newer one.
  useEffect(() => {
    if (requestQuery === null) return undefined;
    const controller = new AbortController();
    busy.value = true;
    api.list(schema.uid, requestQuery, controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        performance.mark(LIST_MARKS.answer);
        list.value = { kind: 'ready', value: answer };
        busy.value = false;
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        list.value = { kind: 'failed', message: messageOf(error) };
        busy.value = false;
      },
    );
    return () => controller.abort();
  }, [requestQuery, reloads.value]);

  // A new query (another page, search, filter or locale) starts a new selection: the bulk
  // actions act on what is on view, and the counts they show are the counts acted on.
  useEffect(() => {
    selection.value = new Set();
  }, [requestQuery]);

  const answer = list.value.kind === 'ready' ? list.value.value : null;
  useLayoutEffect(() => {
    if (answer === null) return;
    performance.mark(LIST_MARKS.rendered);
    performance.measure(LIST_MARKS.measure, LIST_MARKS.answer, LIST_MARKS.rendered);
  }, [answer]);

  const change = (next: Partial<ListParams>, replace = false): void => {
    const merged: ListParams = { ...params, page: 1, ...next };
    location.route(`${location.path}${formatListParams(merged)}`, replace);
  };

  const selectedIds = useComputed(() => [...selection.value]);

  async function runBulk(action: BulkAction): Promise<void> {
    bulkBusy.value = true;
    try {
      const count = await api.bulk(schema.uid, action, selectedIds.value, locale);
      notice.value = { text: tPlural(`list.bulk.done.${action}`, count), error: false };
      selection.value = new Set();
      reloads.value += 1;
    } catch (error) {
      notice.value = { text: t('list.bulk.failed', { message: error instanceof ApiError ? error.message : messageOf(error) }), error: true };
    } finally {
      bulkBusy.value = false;
      pendingBulk.value = null;
    }
  }

  const createHref = `/admin/content-manager/collection-types/${schema.uid}/create${locale === null ? '' : `?plugins[i18n][locale]=${encodeURIComponent(locale)}`}`;

  return (
    <div class="list-view">
      <div class="list-view__header">
        <div>
          <h1>{entry.label}</h1>
          <p class="page__note" aria-live="polite">
            {answer === null ? '\u00a0' : tPlural('list.count', answer.pagination.total)}
          </p>
        </div>
        <a class="button button--primary" href={createHref}>
          {t('list.create')}
        </a>
      </div>

      {configuration.value.kind === 'failed' && (
        <p class="alert" role="alert">
          {t('list.loadError', { message: configuration.value.message })}
        </p>
      )}

      {config !== null && (
        <>
          <ListToolbar
            schema={schema}
            settings={config.settings}
            params={params}
            locales={locales.value}
            locale={locale}
            draftAndPublish={draftAndPublish}
            panel={panel.value}
            onPanel={(next) => {
              panel.value = panel.value === next ? 'none' : next;
            }}
            onChange={change}
          />
          {panel.value === 'filters' && (
            <FilterPanel
              schema={schema}
              configuration={config}
              filters={params.filters}
              onApply={(filters) => {
                panel.value = 'none';
                change({ filters });
              }}
              onClose={() => {
                panel.value = 'none';
              }}
            />
          )}
          {panel.value === 'columns' && (
            <ColumnPicker
              schema={schema}
              configuration={config}
              onSave={async (columns) => {
                const saved = await api.saveConfiguration({ ...config, layouts: { ...config.layouts, list: columns } });
                configuration.value = { kind: 'ready', value: saved };
                panel.value = 'none';
                notice.value = { text: t('list.columns.saved'), error: false };
              }}
              onClose={() => {
                panel.value = 'none';
              }}
            />
          )}
          <FilterChips schema={schema} configuration={config} params={params} onChange={change} />
        </>
      )}

      <div class={notice.value?.error === true ? 'alert' : 'list-view__notice'} role={notice.value?.error === true ? 'alert' : 'status'}>
        {notice.value?.text}
      </div>

      {selection.value.size > 0 && (
        <div class="bulk-bar" role="region" aria-label={tPlural('list.selected', selection.value.size)}>
          <span class="bulk-bar__count">{tPlural('list.selected', selection.value.size)}</span>
          {draftAndPublish && (
            <>
              <button type="button" class="button" onClick={() => (pendingBulk.value = 'bulkPublish')}>
                {t('list.bulk.publish')}
              </button>
              <button type="button" class="button" onClick={() => (pendingBulk.value = 'bulkUnpublish')}>
                {t('list.bulk.unpublish')}
              </button>
            </>
          )}
          <button type="button" class="button button--danger" onClick={() => (pendingBulk.value = 'bulkDelete')}>
            {t('list.bulk.delete')}
          </button>
        </div>
      )}

      {list.value.kind === 'failed' && (
        <div class="alert" role="alert">
          <p>{t('list.loadError', { message: list.value.message })}</p>
          <button type="button" class="button" onClick={() => (reloads.value += 1)}>
            {t('list.retry')}
          </button>
        </div>
      )}
      {config !== null && answer !== null && (
        <>
          <ListTable
            schema={schema}
            configuration={config}
            answer={answer}
            params={params}
            locale={locale}
            draftAndPublish={draftAndPublish}
            busy={busy.value}
            selection={selection.value}
            onSelect={(next) => {
              selection.value = next;
            }}
            onSort={(sort) => change({ sort, page: params.page })}
          />
          <PaginationBar
            pagination={answer.pagination}
            pageSize={params.pageSize ?? config.settings.pageSize}
            onPage={(page) => change({ page })}
            onPageSize={(pageSize) => change({ pageSize })}
          />
        </>
      )}
      {(configuration.value.kind === 'loading' || (list.value.kind === 'loading' && configuration.value.kind === 'ready')) && (
        <p class="page__note" role="status">
          {t('app.loading')}
        </p>
      )}

      {pendingBulk.value !== null && (
        <ConfirmDialog
          title={t('list.bulk.confirmTitle')}
          message={tPlural(`list.bulk.confirm.${pendingBulk.value}`, selection.value.size)}
          confirmLabel={t(pendingBulk.value === 'bulkPublish' ? 'list.bulk.publish' : pendingBulk.value === 'bulkUnpublish' ? 'list.bulk.unpublish' : 'list.bulk.delete')}
          cancelLabel={t('list.bulk.cancel')}
          danger={pendingBulk.value === 'bulkDelete'}
          busy={bulkBusy.value}
          onConfirm={() => {
            if (pendingBulk.value !== null) void runBulk(pendingBulk.value);
          }}
          onCancel={() => {
            pendingBulk.value = null;
          }}
        />
      )}
    </div>
  );
}

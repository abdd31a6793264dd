import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { t } from '../i18n/translate';
import type { ContentApi, DocumentRef } from './content-api';
import type { HistoryVersion } from './edit-types';

/** How a value of a version reads in the panel (relations and media come as {results, meta}). */
function shown(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'object' && value !== null && Array.isArray((value as { results?: unknown }).results)) {
    return (value as { results: Record<string, unknown>[] }).results.map((item) => String(item.name ?? item.title ?? item.documentId ?? item.id)).join(', ') || '—';
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

const SKIP = new Set(['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'createdBy', 'updatedBy', 'locale', 'localizations']);

/**
 * The document's history (GET /content-manager/history-versions, newest first): pick a version
 * to see its fields beside the current draft (changed ones marked), and restore it into the
 * draft after a confirmation (PUT …/:id/restore).
 */
export function HistoryPanel({ api, docRef, current, onRestored, onClose }: { readonly api: ContentApi; readonly docRef: DocumentRef; readonly current: Readonly<Record<string, unknown>>; onRestored(): void; onClose(): void }) {
  const versions = useSignal<readonly HistoryVersion[] | null>(null);
  const failed = useSignal<string | null>(null);
  const picked = useSignal<HistoryVersion | null>(null);
  useEffect(() => {
    api.history(docRef).then(
      (list) => {
        versions.value = list;
        picked.value = list[0] ?? null;
      },
      (error: unknown) => {
        failed.value = error instanceof Error ? error.message : String(error);
        versions.value = [];
      },
    );
  }, [docRef.documentId, docRef.locale]);
  const version = picked.value;
  return (
    <aside class="history" aria-labelledby="history-title">
      <div class="history__head">
        <h2 id="history-title">{t('edit.history.title')}</h2>
        <button type="button" class="button button--small" onClick={onClose}>
          {t('edit.history.close')}
        </button>
      </div>
      {failed.value && <p role="alert">{failed.value}</p>}
      {versions.value === null ? (
        <p>{t('app.loading')}</p>
      ) : versions.value.length === 0 ? (
        <p>{t('edit.history.empty')}</p>
      ) : (
        <div class="history__body">
          <ol class="history__list">
            {versions.value.map((item) => (
              <li key={item.id}>
                <button type="button" class="history__version" aria-pressed={version?.id === item.id} onClick={() => (picked.value = item)}>
                  <span>{new Date(item.createdAt).toLocaleString()}</span>
                  <span class="history__who">
                    {[item.createdBy?.firstname, item.createdBy?.lastname].filter(Boolean).join(' ') || item.createdBy?.email || ''} · {item.status}
                  </span>
                </button>
              </li>
            ))}
          </ol>
          {version !== null && (
            <section class="history__version-view" aria-label={t('edit.history.version', { date: new Date(version.createdAt).toLocaleString() })}>
              <table class="history__table">
                <thead>
                  <tr>
                    <th scope="col">{t('edit.history.field')}</th>
                    <th scope="col">{t('edit.history.then')}</th>
                    <th scope="col">{t('edit.history.now')}</th>
                  </tr>
                </thead>
                <tbody>
                  {Object.entries(version.data)
                    .filter(([name]) => !SKIP.has(name))
                    .map(([name, value]) => {
                      const then = shown(value);
                      const now = shown(current[name]);
                      const changed = typeof current[name] !== 'object' || current[name] === null ? then !== now : false;
                      return (
                        <tr key={name} data-changed={changed}>
                          <th scope="row">{name}</th>
                          <td>{then}</td>
                          <td>{changed ? <mark>{now}</mark> : now}</td>
                        </tr>
                      );
                    })}
                </tbody>
              </table>
              <button
                type="button"
                class="button button--primary"
                onClick={async () => {
                  if (!confirm(t('edit.history.confirm'))) return;
                  try {
                    await api.restore(docRef.uid, version.id);
                    onRestored();
                  } catch (error) {
                    failed.value = error instanceof Error ? error.message : String(error);
                  }
                }}
              >
                {t('edit.history.restore')}
              </button>
            </section>
          )}
        </div>
      )}
    </aside>
  );
}

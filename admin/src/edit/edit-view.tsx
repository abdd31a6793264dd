import { batch, computed, signal, useSignal, type Signal } from '@preact/signals';
import { useEffect, useMemo } from 'preact/hooks';
import { useAppState } from '../app-context';
import { ApiError } from '../api/api-error';
import { t, tPlural } from '../i18n/translate';
import { useDocumentTitle } from '../ui/use-document-title';
import { createContentApi, type DocumentAction, type DocumentRef } from './content-api';
import { createBlocksRegistry, createProblemStore, EditEnvContext, mainFieldOf, type EditEnv } from './edit-env';
import type { Attributes, CmDocument, ConfigurationAnswer, DocumentMeta, Locale, SchemaDto, SchemaInit } from './edit-types';
import { FieldGrid, fieldId } from './field-view';
import { buildFields, fieldsBody, keyCounter, relationItemOf, relationNodes, type BuildContext, type FormFields } from './form-model';
import { HistoryPanel } from './history-panel';
import { StatusBadge } from './status-badge';
import { useUnsavedGuard } from './use-unsaved-guard';
import { problemPath, validateForm } from './validate-form';

export interface EditViewProps {
  readonly kind: 'collection-types' | 'single-types';
  readonly uid: string;
  /** null: a new document (`…/create`) or a single type. */
  readonly documentId: string | null;
  /** The address's query (`?plugins[i18n][locale]=fr`, as Strapi's admin writes it). */
  readonly search: string;
  /** Changes the address without leaving the screen (after a create, a locale switch). */
  replaceUrl(url: string): void;
  /** Leaves the screen (after a delete, a clone). */
  goTo(url: string): void;
}

interface Loaded {
  readonly schema: SchemaDto;
  readonly init: SchemaInit;
  readonly configuration: ConfigurationAnswer;
  readonly locales: readonly Locale[];
}

interface DocumentState {
  readonly data: CmDocument;
  readonly meta: DocumentMeta;
  /** false: this locale has no version yet (or a single type never saved). */
  readonly exists: boolean;
  readonly fields: FormFields;
  /** The body the stored document gives: the form is dirty when its body differs. */
  readonly baseline: Signal<string>;
}

const LOCALE_PARAM = 'plugins[i18n][locale]';

export function localeOf(search: string): string | null {
  return new URLSearchParams(search).get(LOCALE_PARAM);
}

/**
 * The edit view of a document (collection types: `…/collection-types/:uid/:documentId` and
 * `…/create`; single types: `…/single-types/:uid`). The form is a tree of signals
 * (form-model.ts), so typing re-renders the edited field only; the toolbar reads a computed
 * "dirty" flag and re-renders when it flips.
 */
export function EditView(props: EditViewProps) {
  const app = useAppState();
  const api = useMemo(() => createContentApi(app.client), [app.client]);
  const loaded = useSignal<Loaded | null>(null);
  const failure = useSignal<string | null>(null);
  const documentState = useSignal<DocumentState | null>(null);
  const documentId = useSignal<string | null>(props.documentId);
  const locale = useSignal<string | null>(localeOf(props.search));
  const busy = useSignal<string | null>(null);
  const notice = useSignal<{ readonly kind: 'success' | 'error'; readonly text: string } | null>(null);
  const historyOpen = useSignal(false);
  const problems = useMemo(createProblemStore, []);
  const blocks = useMemo(createBlocksRegistry, []);
  const counter = useMemo(keyCounter, []);
  const dirty = useMemo(
    () =>
      computed(() => {
        const state = documentState.value;
        if (state === null) return false;
        return JSON.stringify(fieldsBody(state.fields)) !== state.baseline.value;
      }),
    [],
  );
  useUnsavedGuard(dirty);

  const ref = (): DocumentRef => ({ kind: props.kind, uid: props.uid, documentId: documentId.peek(), locale: locale.peek() });

  const buildContext = (setup: Loaded): BuildContext => {
    const components = new Map(setup.init.components.map((component) => [component.uid, component.attributes] as const));
    const byModel = new Map<string, Attributes>([[setup.schema.uid, setup.schema.attributes], ...components]);
    return { components, mainField: (target) => mainFieldOf(setup.configuration, target, byModel), nextKey: counter };
  };

  /** Reads the links of every relation (the document gives only their counts), then marks the form clean. */
  async function loadRelations(setup: Loaded, state: DocumentState): Promise<void> {
    const context = buildContext(setup);
    const owner = state.exists ? (documentId.peek() ?? (typeof state.data.documentId === 'string' ? state.data.documentId : null)) : null;
    await Promise.all(
      relationNodes(state.fields, setup.schema.uid, owner).map(async ({ node, model, id, field }) => {
        if (node.loaded.peek()) return;
        if (id === null) {
          node.loaded.value = true;
          return;
        }
        const target = node.attribute.targetModel ?? node.attribute.target ?? '';
        const links = await api.relationLinks(model, id, field, locale.peek());
        const items = links.map((link) => relationItemOf(link, context.mainField(target)));
        batch(() => {
          node.items.value = items;
          node.initial.value = items;
          node.loaded.value = true;
        });
      }),
    );
    state.baseline.value = JSON.stringify(fieldsBody(state.fields));
  }

  async function loadDocument(setup: Loaded, fill?: Record<string, unknown>): Promise<void> {
    const current = ref();
    const answer = current.kind === 'collection-types' && current.documentId === null ? { data: {}, meta: {} } : await api.findOne(current);
    const data: CmDocument = answer?.data ?? {};
    const exists = Object.keys(data).length > 0;
    const fields = buildFields(setup.schema.attributes, fill ?? data, buildContext(setup));
    const state: DocumentState = { data, meta: answer?.meta ?? {}, exists, fields, baseline: signal(JSON.stringify(fieldsBody(fields))) };
    problems.replace(new Map());
    documentState.value = state;
    if (fill === undefined) await loadRelations(setup, state);
    else state.baseline.value = JSON.stringify(fieldsBody(buildFields(setup.schema.attributes, {}, buildContext(setup))));
  }

  useEffect(() => {
    // The address this view wrote after a create (the new documentId): nothing to load again.
    if (loaded.peek() !== null && props.documentId === documentId.peek()) return undefined;
    documentId.value = props.documentId;
    // Another document: the former one is not shown (nor acted on) while this one loads.
    documentState.value = null;
    let cancelled = false;
    (async () => {
      try {
        const [init, configuration, locales] = await Promise.all([api.schemas(), api.configuration(props.uid), api.locales()]);
        const schema = init.contentTypes.find((type) => type.uid === props.uid);
        if (schema === undefined) throw new Error(t('shell.page.unknownType'));
        const setup: Loaded = { schema, init, configuration, locales };
        if (locale.peek() === null && schema.pluginOptions?.i18n?.localized === true) locale.value = locales.find((item) => item.isDefault)?.code ?? null;
        if (cancelled) return;
        loaded.value = setup;
        await loadDocument(setup);
      } catch (error) {
        if (!cancelled) failure.value = error instanceof Error ? error.message : String(error);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [props.uid, props.documentId]);

  const setup = loaded.value;
  const title = setup === null ? t('app.loading') : documentTitle(setup, documentState.value);
  useDocumentTitle(title);

  // Ctrl/Cmd+S saves (the browser's "save page" is of no use here).
  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void save();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // One env per loaded type: a new object would re-render every field that reads the context.
  const env = useMemo<EditEnv | null>(
    () =>
      setup === null
        ? null
        : {
            api,
            model: props.uid,
            documentId,
            locale,
            configuration: setup.configuration,
            problems,
            build: buildContext(setup),
            componentNames: new Map(setup.init.components.map((component) => [component.uid, component.info.displayName])),
            formData: () => fieldsBody(documentState.peek()?.fields ?? {}),
            blocks,
            readOnly: false,
          },
    [setup],
  );

  if (failure.value !== null) {
    return (
      <div class="edit" role="alert">
        <h1>{t('edit.loadError')}</h1>
        <p class="page__note">{failure.value}</p>
      </div>
    );
  }
  const state = documentState.value;
  if (setup === null || state === null || env === null) return <p class="page__note">{t('app.loading')}</p>;

  const draftAndPublish = setup.schema.options?.draftAndPublish === true;
  const localized = setup.schema.pluginOptions?.i18n?.localized === true && setup.locales.length > 0;
  const isNew = !state.exists;
  const status = state.data.status;

  /** Checks the form; shows the problems at their fields and focuses the first. */
  function check(publishing: boolean): boolean {
    blocks.flushAll(); // a change typed within the editor's debounce delay is saved too
    const current = documentState.peek();
    if (current === null) return false;
    const found = validateForm(current.fields, { publishing });
    problems.replace(new Map([...found].map(([path, problem]) => [path, t(problem.key, problem.values)])));
    if (found.size === 0) return true;
    notice.value = { kind: 'error', text: tPlural('edit.error.form', found.size) };
    focusProblem([...found.keys()][0]);
    return false;
  }

  function focusProblem(path: string | undefined): void {
    if (path === undefined) return;
    queueMicrotask(() => (document.getElementById(fieldId(path)) ?? document.querySelector<HTMLElement>(`[data-field="${CSS.escape(path)}"] input, [data-field="${CSS.escape(path)}"] textarea, [data-field="${CSS.escape(path)}"] select, [data-field="${CSS.escape(path)}"] button`))?.focus());
  }

  /** Runs a write; a ValidationError's items land at their fields. */
  async function run(label: string, work: () => Promise<string>): Promise<boolean> {
    if (busy.peek() !== null) return false;
    busy.value = label;
    notice.value = null;
    try {
      const text = await work();
      notice.value = { kind: 'success', text };
      return true;
    } catch (error) {
      if (error instanceof ApiError) {
        const items = error.validationItems();
        if (items.length > 0) {
          problems.replace(new Map(items.map((item) => [problemPath(item.path), item.message])));
          notice.value = { kind: 'error', text: tPlural('edit.error.form', items.length) };
          focusProblem(problemPath(items[0]?.path ?? []));
          return false;
        }
        notice.value = { kind: 'error', text: t('edit.error.server', { message: error.message }) };
      } else notice.value = { kind: 'error', text: String(error instanceof Error ? error.message : error) };
      return false;
    } finally {
      busy.value = null;
    }
  }

  async function afterWrite(saved: CmDocument): Promise<void> {
    const current = loaded.peek();
    if (current === null) return;
    if (documentId.peek() === null && typeof saved.documentId === 'string' && props.kind === 'collection-types') {
      documentId.value = saved.documentId;
      props.replaceUrl(`/admin/content-manager/collection-types/${props.uid}/${saved.documentId}${locale.peek() === null ? '' : `?${LOCALE_PARAM}=${encodeURIComponent(locale.peek() ?? '')}`}`);
    }
    await loadDocument(current);
  }

  async function save(): Promise<void> {
    const current = documentState.peek();
    if (current === null || !check(false)) return;
    await run('save', async () => {
      const answer = await api.save(ref(), fieldsBody(current.fields));
      await afterWrite(answer.data);
      return t('edit.saved');
    });
  }

  async function act(action: DocumentAction): Promise<void> {
    const current = documentState.peek();
    if (current === null) return;
    if (action === 'publish' && !check(true)) return;
    if (action === 'discard' && !confirm(t('edit.confirm.discard'))) return;
    await run(action, async () => {
      // A single type never saved has nothing to publish yet: it is saved first (Strapi's publish
      // saves the body too; Tessera answers 404 for a single type that does not exist).
      if (action === 'publish' && props.kind === 'single-types' && !current.exists) await api.save(ref(), fieldsBody(current.fields));
      const answer = await api.action(ref(), action, action === 'publish' ? fieldsBody(current.fields) : action === 'unpublish' ? { discardDraft: false } : undefined);
      await afterWrite(answer.data);
      return t(action === 'publish' ? 'edit.published' : action === 'unpublish' ? 'edit.unpublished' : 'edit.discarded');
    });
  }

  async function remove(): Promise<void> {
    if (!confirm(t('edit.confirm.delete'))) return;
    const done = await run('delete', async () => {
      await api.remove(ref());
      return t('edit.deleted');
    });
    if (!done) return;
    documentState.value = null; // nothing left to lose: the guard lets the page go
    props.goTo(props.kind === 'collection-types' ? `/admin/content-manager/collection-types/${props.uid}` : '/admin');
  }

  async function cloneDocument(): Promise<void> {
    const current = loaded.peek();
    const state = documentState.peek();
    if (current === null || state === null) return;
    let target: string | null = null;
    const done = await run('clone', async () => {
      // A uid is unique: the copy gets a fresh one. Another unique field is left empty in the
      // copy (the server would refuse the same value), for the editor to fill in.
      const overrides: Record<string, unknown> = {};
      for (const [name, attribute] of Object.entries(current.schema.attributes)) {
        if (attribute.type === 'uid') overrides[name] = await api.generateUid(props.uid, name, fieldsBody(state.fields), locale.peek());
        else if (attribute.unique === true) overrides[name] = null;
      }
      const answer = await api.clone(ref(), overrides);
      target = typeof answer.data.documentId === 'string' ? answer.data.documentId : null;
      return t('edit.cloned');
    });
    if (done && target !== null) props.goTo(`/admin/content-manager/collection-types/${props.uid}/${target}${locale.peek() === null ? '' : `?${LOCALE_PARAM}=${encodeURIComponent(locale.peek() ?? '')}`}`);
  }

  async function switchLocale(code: string): Promise<void> {
    const current = loaded.peek();
    if (current === null || code === locale.peek()) return;
    if (dirty.peek() && !confirm(t('edit.confirm.leave'))) return;
    locale.value = code;
    props.replaceUrl(`${props.kind === 'collection-types' ? `/admin/content-manager/collection-types/${props.uid}/${documentId.peek() ?? 'create'}` : `/admin/content-manager/single-types/${props.uid}`}?${LOCALE_PARAM}=${encodeURIComponent(code)}`);
    notice.value = null;
    await loadDocument(current);
  }

  async function fillFrom(source: string): Promise<void> {
    const current = loaded.peek();
    if (current === null) return;
    await run('fill', async () => {
      const data = await api.fillFromLocale(ref(), source);
      await loadDocument(current, data);
      return t('edit.filled', { locale: source });
    });
  }

  const otherLocales = (state.meta.availableLocales ?? []).map((item) => item.locale);
  const working = busy.value !== null;

  return (
    <EditEnvContext.Provider value={env}>
      <div class="edit" data-history={historyOpen.value ? 'open' : 'closed'}>
        <header class="edit__header">
          <div class="edit__title">
            {props.kind === 'collection-types' && (
              <a class="edit__back" href={`/admin/content-manager/collection-types/${props.uid}`}>
                {t('edit.back', { type: setup.schema.info.displayName })}
              </a>
            )}
            <h1>{title}</h1>
            <p class="edit__meta">
              {draftAndPublish && !isNew && status !== undefined && <StatusBadge status={status} />}
              {isNew && <span class="status status--draft">{t('edit.status.new')}</span>}
              <DirtyMark dirty={dirty} />
            </p>
          </div>
          <div class="edit__actions" role="toolbar" aria-label={t('edit.actions')}>
            {localized && (
              <label class="edit__locale">
                <span>{t('edit.locale')}</span>
                <select value={locale.value ?? ''} onChange={(event) => void switchLocale(event.currentTarget.value)}>
                  {setup.locales.map((item) => (
                    <option key={item.code} value={item.code}>
                      {item.name}
                    </option>
                  ))}
                </select>
              </label>
            )}
            <SaveButton dirty={dirty} isNew={isNew} working={working} onSave={() => void save()} />
            {draftAndPublish && (
              <PublishButton dirty={dirty} published={status === 'published'} working={working} onPublish={() => void act('publish')} />
            )}
            {draftAndPublish && !isNew && (status === 'published' || status === 'modified') && (
              <button type="button" class="button" disabled={working} onClick={() => void act('unpublish')}>
                {t('edit.unpublish')}
              </button>
            )}
            {draftAndPublish && !isNew && status === 'modified' && (
              <button type="button" class="button" disabled={working} onClick={() => void act('discard')}>
                {t('edit.discard')}
              </button>
            )}
            {!isNew && props.kind === 'collection-types' && (
              <button type="button" class="button" disabled={working} onClick={() => void cloneDocument()}>
                {t('edit.clone')}
              </button>
            )}
            {!isNew && (
              <button type="button" class="button" aria-expanded={historyOpen.value} aria-controls="history-panel" onClick={() => (historyOpen.value = !historyOpen.peek())}>
                {t('edit.history.open')}
              </button>
            )}
            {!isNew && (
              <button type="button" class="button button--danger" disabled={working} onClick={() => void remove()}>
                {t('edit.delete')}
              </button>
            )}
          </div>
        </header>
        <div class="edit__notice" role="status" aria-live="polite">
          {notice.value !== null && <p class={`notice notice--${notice.value.kind}`}>{notice.value.text}</p>}
        </div>
        {localized && isNew && documentId.value !== null && otherLocales.length > 0 && <FillFromLocale locales={setup.locales.filter((item) => otherLocales.includes(item.code))} onFill={(code) => void fillFrom(code)} />}
        <div class="edit__body">
          <form
            class="edit__form"
            aria-label={title}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
          >
            <FieldGrid fields={state.fields} model={props.uid} prefix="" />
          </form>
          {historyOpen.value && !isNew && (
            <div id="history-panel">
              <HistoryPanel
                api={api}
                docRef={ref()}
                current={state.data}
                onClose={() => (historyOpen.value = false)}
                onRestored={() => {
                  historyOpen.value = false;
                  notice.value = { kind: 'success', text: t('edit.history.restored') };
                  void loadDocument(setup);
                }}
              />
            </div>
          )}
        </div>
      </div>
    </EditEnvContext.Provider>
  );
}

function documentTitle(setup: Loaded, state: DocumentState | null): string {
  if (setup.schema.kind === 'singleType') return setup.schema.info.displayName;
  if (state === null || !state.exists) return t('edit.createTitle', { type: setup.schema.info.displayName });
  const mainField = setup.configuration.contentType.settings?.mainField ?? 'id';
  const value = state.data[mainField];
  return value === null || value === undefined || value === '' ? t('edit.untitled') : String(value);
}

/** Reads the dirty flag apart, so that its flips re-render this mark only. */
function DirtyMark({ dirty }: { readonly dirty: Signal<boolean> }) {
  return dirty.value ? <span class="edit__dirty">{t('edit.unsaved')}</span> : null;
}

function SaveButton({ dirty, isNew, working, onSave }: { readonly dirty: Signal<boolean>; readonly isNew: boolean; readonly working: boolean; onSave(): void }) {
  return (
    <button type="button" class="button" aria-keyshortcuts="Control+S Meta+S" disabled={working || (!dirty.value && !isNew)} onClick={onSave}>
      {t('edit.save')}
    </button>
  );
}

/** Publishing a published, unchanged document does nothing: the button says so by being disabled. */
function PublishButton({ dirty, published, working, onPublish }: { readonly dirty: Signal<boolean>; readonly published: boolean; readonly working: boolean; onPublish(): void }) {
  return (
    <button type="button" class="button button--primary" disabled={working || (published && !dirty.value)} onClick={onPublish}>
      {t('edit.publish')}
    </button>
  );
}

function FillFromLocale({ locales, onFill }: { readonly locales: readonly Locale[]; onFill(code: string): void }) {
  const source = useSignal(locales[0]?.code ?? '');
  return (
    <div class="fill-locale">
      <label>
        <span>{t('edit.fill.label')}</span>
        <select value={source.value} onChange={(event) => (source.value = event.currentTarget.value)}>
          {locales.map((item) => (
            <option key={item.code} value={item.code}>
              {item.name}
            </option>
          ))}
        </select>
      </label>
      <button type="button" class="button" onClick={() => onFill(source.peek())}>
        {t('edit.fill.button')}
      </button>
    </div>
  );
}

import { useSignal, type Signal } from '@preact/signals';
import type { JSX } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { redo, undo } from 'prosemirror-history';
import { EditorState, type Command } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { t } from '../i18n/translate';
import { BLOCK_KINDS, insertImage, removeLink, setBlockKind, setCodeLanguage, setLink, toggleList, toggleTextMark, toolbarState, type BlockKind, type ToolbarState } from './blocks-commands';
import type { BlocksControllerHandle } from './blocks-controller';
import { blocksPlugins } from './blocks-plugins';
import { blocksSchema } from './blocks-schema';
import { blocksToDoc } from './blocks-to-doc';
import { CODE_LANGUAGES } from './code-languages';
import { docToBlocks } from './doc-to-blocks';
import { isValidLinkUrl } from './link-url';
import type { Blocks, ImageObject, TextMark } from './strapi-blocks';
import { BulletListIcon, ImageIcon, LinkIcon, NumberedListIcon, RedoIcon, UndoIcon } from './toolbar-icons';

export interface BlocksFieldProps {
  readonly id: string;
  readonly label: string;
  /** The stored value, read when the field mounts (give the field a new `key` to load another). */
  readonly value: Blocks | null;
  /** Strapi's JSON after an edit: debounced while typing, at once on blur, on unmount and on `controller.flush()`. */
  readonly onChange: (blocks: Blocks) => void;
  /** The media library's picker: the chosen image's media object, or null when cancelled. */
  readonly pickImage?: () => Promise<ImageObject | null>;
  readonly controller?: BlocksControllerHandle;
  readonly error?: string | undefined;
  readonly hint?: string | undefined;
  readonly required?: boolean;
  readonly disabled?: boolean;
  /** Milliseconds of quiet before a change is emitted (300). */
  readonly debounceMs?: number;
}

const MARK_BUTTONS: readonly { mark: TextMark; glyph: string; keys: string }[] = [
  { mark: 'bold', glyph: 'B', keys: 'Ctrl+B' },
  { mark: 'italic', glyph: 'I', keys: 'Ctrl+I' },
  { mark: 'underline', glyph: 'U', keys: 'Ctrl+U' },
  { mark: 'strikethrough', glyph: 'S', keys: 'Ctrl+Shift+X' },
  { mark: 'code', glyph: '</>', keys: 'Ctrl+E' },
];

const sameToolbar = (a: ToolbarState, b: ToolbarState) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Strapi's blocks field: a ProseMirror editor (blocks-schema.ts) whose document is written back
 * as Strapi's blocks JSON (doc-to-blocks.ts). The editor's state lives in ProseMirror, outside
 * Preact: typing re-renders nothing but the toolbar, and only when what it shows changes (a
 * signal of ToolbarState); the page hears of changes through `onChange`, debounced.
 */
export function BlocksField(props: BlocksFieldProps) {
  const { id, label, error, hint, required = false, pickImage } = props;
  const mount = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef(props);
  latest.current = props;
  const toolbar = useSignal<ToolbarState | null>(null);
  const problem = useSignal<string | null>(null);
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  useEffect(() => {
    let doc;
    try {
      doc = blocksToDoc(latest.current.value, blocksSchema);
    } catch (failure) {
      problem.value = failure instanceof Error ? failure.message : String(failure);
      return undefined;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    let dirty = false;
    const emit = () => {
      clearTimeout(timer);
      timer = undefined;
      if (!dirty || !view.current) return;
      dirty = false;
      latest.current.onChange(docToBlocks(view.current.state.doc));
    };
    const editor: EditorView = new EditorView(mount.current, {
      state: EditorState.create({ doc, plugins: blocksPlugins() }),
      editable: () => latest.current.disabled !== true,
      attributes: () => {
        const current = latest.current;
        const ids = [current.hint ? hintId : null, current.error ? errorId : null].filter((part) => part !== null).join(' ');
        return {
          id: `${id}-editor`,
          class: 'blocks-field__content',
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': labelId,
          ...(ids === '' ? {} : { 'aria-describedby': ids }),
          ...(current.error ? { 'aria-invalid': 'true' } : {}),
          ...(current.required ? { 'aria-required': 'true' } : {}),
        };
      },
      dispatchTransaction(tr) {
        const state = editor.state.apply(tr);
        editor.updateState(state);
        const next = toolbarState(state);
        if (!toolbar.peek() || !sameToolbar(toolbar.peek()!, next)) toolbar.value = next;
        if (tr.docChanged) {
          dirty = true;
          clearTimeout(timer);
          timer = setTimeout(emit, latest.current.debounceMs ?? 300);
        }
      },
      handleDOMEvents: {
        blur: () => {
          emit();
          return false;
        },
      },
    });
    view.current = editor;
    toolbar.value = toolbarState(editor.state);
    const detach = latest.current.controller?.attach(() => docToBlocks(editor.state.doc), emit);
    return () => {
      emit();
      detach?.();
      editor.destroy();
      view.current = null;
    };
  }, []);

  // New error, hint or disabled state: ProseMirror re-reads `attributes` and `editable`.
  useEffect(() => view.current?.setProps({}), [error, hint, props.disabled, required]);

  const run = (command: Command) => {
    const editor = view.current;
    if (!editor) return false;
    const done = command(editor.state, editor.dispatch);
    editor.focus();
    return done;
  };

  return (
    <div class="field blocks-field">
      <span class="blocks-field__label" id={labelId} onClick={() => view.current?.focus()}>
        {label}
        {required && <span class="field__required" aria-hidden="true"> *</span>}
      </span>
      {problem.value !== null ? (
        <p class="alert" role="alert">{t('blocks.unknown', { problem: problem.value })}</p>
      ) : (
        <div class={`blocks-field__frame${error ? ' blocks-field__frame--invalid' : ''}`}>
          <BlocksToolbar state={toolbar} label={label} editorId={`${id}-editor`} run={run} pickImage={pickImage} />
          <div ref={mount} class="blocks-field__mount" />
        </div>
      )}
      {hint && (
        <p class="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p class="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

interface BlocksToolbarProps {
  readonly state: Signal<ToolbarState | null>;
  readonly label: string;
  readonly editorId: string;
  readonly run: (command: Command) => boolean;
  readonly pickImage: (() => Promise<ImageObject | null>) | undefined;
}

/** Arrow keys move along the toolbar (WAI-ARIA's toolbar pattern); Tab leaves it. */
function moveFocus(event: KeyboardEvent & { currentTarget: HTMLDivElement }) {
  const keys: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1 };
  if (!(event.key in keys) && event.key !== 'Home' && event.key !== 'End') return;
  if ((event.target as HTMLElement).tagName === 'SELECT' || (event.target as HTMLElement).tagName === 'INPUT') return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>('.blocks-toolbar__control')];
  const index = controls.indexOf(event.target as HTMLElement);
  const next = event.key === 'Home' ? 0 : event.key === 'End' ? controls.length - 1 : (index + (keys[event.key] ?? 0) + controls.length) % controls.length;
  controls[next]?.focus();
  event.preventDefault();
}

/** Keeps the editor's selection when a toolbar button is pressed with the mouse. */
const keepSelection = (event: MouseEvent) => event.preventDefault();

function BlocksToolbar({ state, label, editorId, run, pickImage }: BlocksToolbarProps) {
  const link = useSignal<{ url: string; error: string | null } | null>(null);
  const current = state.value;
  if (!current) return <div class="blocks-toolbar" role="toolbar" aria-label={t('blocks.toolbar', { label })} aria-controls={editorId} />;
  const saveLink = (event: Event) => {
    event.preventDefault();
    const url = link.value?.url.trim() ?? '';
    if (!isValidLinkUrl(url)) {
      link.value = { url, error: t('blocks.link.invalid') };
      return;
    }
    link.value = null;
    run(setLink(url));
  };
  const listButton = (format: 'ordered' | 'unordered', glyph: JSX.Element) => (
    <button type="button" class="blocks-toolbar__control blocks-toolbar__button" aria-pressed={current.list === format} aria-label={t(`blocks.list.${format}`)} title={t(`blocks.list.${format}`)} onMouseDown={keepSelection} onClick={() => run(toggleList(format))}>
      {glyph}
    </button>
  );
  return (
    <div class="blocks-toolbar__wrap">
      <div class="blocks-toolbar" role="toolbar" aria-label={t('blocks.toolbar', { label })} aria-controls={editorId} onKeyDown={moveFocus}>
        <select
          class="blocks-toolbar__control blocks-toolbar__select"
          aria-label={t('blocks.blockType')}
          value={current.block ?? ''}
          onChange={(event) => {
            const kind = event.currentTarget.value as BlockKind;
            if (kind) run(setBlockKind(kind));
          }}
        >
          {current.block === null && <option value="">{t('blocks.kind.mixed')}</option>}
          {BLOCK_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`blocks.kind.${kind}`)}
            </option>
          ))}
        </select>
        {current.inCode && (
          <select class="blocks-toolbar__control blocks-toolbar__select" aria-label={t('blocks.codeLanguage')} value={current.codeLanguage ?? ''} onChange={(event) => run(setCodeLanguage(event.currentTarget.value))}>
            {current.codeLanguage !== null && !CODE_LANGUAGES.some((language) => language.id === current.codeLanguage) && <option value={current.codeLanguage}>{current.codeLanguage}</option>}
            {current.codeLanguage === null && <option value="">—</option>}
            {CODE_LANGUAGES.map((language) => (
              <option key={language.id} value={language.id}>
                {language.label}
              </option>
            ))}
          </select>
        )}
        <span class="blocks-toolbar__separator" aria-hidden="true" />
        {MARK_BUTTONS.map(({ mark, glyph, keys }) => (
          <button
            key={mark}
            type="button"
            class={`blocks-toolbar__control blocks-toolbar__button blocks-toolbar__button--${mark}`}
            aria-pressed={current.marks[mark]}
            aria-label={t(`blocks.mark.${mark}`)}
            aria-keyshortcuts={keys.replace('Ctrl', 'Control')}
            title={`${t(`blocks.mark.${mark}`)} (${keys})`}
            disabled={current.inCode}
            onMouseDown={keepSelection}
            onClick={() => run(toggleTextMark(mark))}
          >
            <span aria-hidden="true">{glyph}</span>
          </button>
        ))}
        <button
          type="button"
          class="blocks-toolbar__control blocks-toolbar__button"
          aria-pressed={current.link !== null}
          aria-expanded={link.value !== null}
          aria-label={t('blocks.link')}
          title={t('blocks.link')}
          disabled={current.inCode}
          onMouseDown={keepSelection}
          onClick={() => {
            link.value = link.value ? null : { url: current.link?.url ?? '', error: null };
          }}
        >
          <LinkIcon />
        </button>
        <span class="blocks-toolbar__separator" aria-hidden="true" />
        {listButton('unordered', <BulletListIcon />)}
        {listButton('ordered', <NumberedListIcon />)}
        {pickImage && (
          <button
            type="button"
            class="blocks-toolbar__control blocks-toolbar__button"
            aria-label={t('blocks.image')}
            title={t('blocks.image')}
            onClick={() => {
              void pickImage().then((image) => {
                if (image) run(insertImage(image));
              });
            }}
          >
            <ImageIcon />
          </button>
        )}
        <span class="blocks-toolbar__separator" aria-hidden="true" />
        <button type="button" class="blocks-toolbar__control blocks-toolbar__button" aria-label={t('blocks.undo')} title={`${t('blocks.undo')} (Ctrl+Z)`} onMouseDown={keepSelection} onClick={() => run(undo)}>
          <UndoIcon />
        </button>
        <button type="button" class="blocks-toolbar__control blocks-toolbar__button" aria-label={t('blocks.redo')} title={`${t('blocks.redo')} (Ctrl+Shift+Z)`} onMouseDown={keepSelection} onClick={() => run(redo)}>
          <RedoIcon />
        </button>
      </div>
      {link.value && (
        <form
          class="blocks-link"
          onSubmit={saveLink}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              link.value = null;
              run(() => true);
            }
          }}
        >
          <label for={`${editorId}-link`}>{t('blocks.link.url')}</label>
          <input
            id={`${editorId}-link`}
            type="url"
            value={link.value.url}
            autoFocus
            aria-invalid={link.value.error ? 'true' : undefined}
            aria-describedby={`${editorId}-link-message`}
            onInput={(event) => {
              link.value = { url: event.currentTarget.value, error: null };
            }}
          />
          <button type="submit" class="button button--primary">
            {t('blocks.link.save')}
          </button>
          {current.link && (
            <button
              type="button"
              class="button"
              onClick={() => {
                link.value = null;
                run(removeLink);
              }}
            >
              {t('blocks.link.remove')}
            </button>
          )}
          <button
            type="button"
            class="button"
            onClick={() => {
              link.value = null;
              run(() => true);
            }}
          >
            {t('blocks.link.cancel')}
          </button>
          <p id={`${editorId}-link-message`} class={link.value.error ? 'field__error' : 'field__hint'} role={link.value.error ? 'alert' : undefined}>
            {link.value.error ?? t('blocks.link.hint')}
          </p>
        </form>
      )}
    </div>
  );
}

import { useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { t } from '../i18n/translate';
import type { MediaFile } from './edit-types';
import type { InputProps } from './field-view';
import type { MediaNode } from './form-model';

function thumbnail(file: MediaFile): string | null {
  if (!file.mime.startsWith('image/')) return null;
  return file.formats?.thumbnail?.url ?? file.url;
}

/** A media field: its files (single or multiple, reorderable), picked from the library or uploaded to it. */
export function MediaField({ env, id, node, readOnly, labelId, label, describedBy }: InputProps & { readonly node: MediaNode }) {
  const picking = useSignal(false);
  const files = node.files.value;
  const multiple = node.attribute.multiple === true;
  const move = (from: number, to: number): void => {
    const next = [...node.files.peek()];
    const [file] = next.splice(from, 1);
    if (file !== undefined) next.splice(to, 0, file);
    node.files.value = next;
  };
  return (
    <div class="media-field" role="group" aria-labelledby={labelId} aria-describedby={describedBy}>
      {files.length > 0 && (
        <ol class="media-field__files">
          {files.map((file, index) => {
            const src = thumbnail(file);
            return (
              <li key={file.id} class="media-field__file" data-media={file.name}>
                {src !== null ? <img src={src} alt={file.alternativeText || file.name} width={72} height={72} /> : <span class="media-field__ext">{file.mime}</span>}
                <span class="media-field__name">{file.name}</span>
                {!readOnly && (
                  <span class="relation__tools">
                    {multiple && (
                      <>
                        <button type="button" class="icon-button" disabled={index === 0} aria-label={t('edit.item.up', { item: file.name })} title={t('edit.item.up', { item: file.name })} onClick={() => move(index, index - 1)}>
                          ↑
                        </button>
                        <button type="button" class="icon-button" disabled={index === files.length - 1} aria-label={t('edit.item.down', { item: file.name })} title={t('edit.item.down', { item: file.name })} onClick={() => move(index, index + 1)}>
                          ↓
                        </button>
                      </>
                    )}
                    <button type="button" class="icon-button" aria-label={t('edit.item.remove', { item: file.name })} title={t('edit.item.remove', { item: file.name })} onClick={() => (node.files.value = node.files.peek().filter((other) => other !== file))}>
                      ✕
                    </button>
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {!readOnly && (
        <button type="button" id={id} class="button" onClick={() => (picking.value = true)}>
          {t(multiple || files.length === 0 ? 'edit.media.add' : 'edit.media.replace', { field: label })}
        </button>
      )}
      {picking.value && (
        <MediaPicker
          title={t('edit.media.pickTitle', { field: label })}
          multiple={multiple}
          api={env.api}
          onClose={() => (picking.value = false)}
          onPick={(picked) => {
            const known = new Set(node.files.peek().map((file) => file.id));
            node.files.value = multiple ? [...node.files.peek(), ...picked.filter((file) => !known.has(file.id))] : picked.slice(0, 1);
            picking.value = false;
          }}
        />
      )}
    </div>
  );
}

export interface PickerProps {
  readonly title: string;
  readonly multiple: boolean;
  readonly api: InputProps['env']['api'];
  onClose(): void;
  onPick(files: readonly MediaFile[]): void;
}

/** The media library in a modal dialog: search, pick one or several, or upload new files (picked at once). */
export function MediaPicker({ title, multiple, api, onClose, onPick }: PickerProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const query = useSignal('');
  const files = useSignal<readonly MediaFile[] | null>(null);
  const chosen = useSignal<readonly MediaFile[]>([]);
  const error = useSignal<string | null>(null);
  const load = async (): Promise<void> => {
    try {
      files.value = (await api.files({ q: query.peek(), page: 1 })).results;
    } catch (problem) {
      error.value = problem instanceof Error ? problem.message : String(problem);
      files.value = [];
    }
  };
  useEffect(() => {
    dialog.current?.showModal();
    void load();
  }, []);
  const toggle = (file: MediaFile): void => {
    const has = chosen.peek().some((other) => other.id === file.id);
    chosen.value = has ? chosen.peek().filter((other) => other.id !== file.id) : multiple ? [...chosen.peek(), file] : [file];
  };
  return (
    <dialog ref={dialog} class="dialog dialog--wide" aria-labelledby="media-picker-title" onClose={onClose} onCancel={onClose}>
      <h2 id="media-picker-title">{title}</h2>
      <div class="dialog__tools">
        <input type="search" aria-label={t('edit.media.search')} placeholder={t('edit.media.search')} value={query} onInput={(event) => {
          query.value = event.currentTarget.value;
          void load();
        }} />
        <label class="button">
          {t('edit.media.upload')}
          <input
            type="file"
            class="visually-hidden"
            multiple={multiple}
            onChange={async (event) => {
              const list = [...(event.currentTarget.files ?? [])];
              if (list.length === 0) return;
              try {
                onPick(await api.upload(list));
              } catch (problem) {
                error.value = problem instanceof Error ? problem.message : String(problem);
              }
            }}
          />
        </label>
      </div>
      {error.value && (
        <p class="field__error" role="alert">
          {error.value}
        </p>
      )}
      {files.value === null ? (
        <p>{t('app.loading')}</p>
      ) : files.value.length === 0 ? (
        <p>{t('edit.media.empty')}</p>
      ) : (
        <ul class="media-grid">
          {files.value.map((file) => {
            const src = thumbnail(file);
            const selected = chosen.value.some((other) => other.id === file.id);
            return (
              <li key={file.id}>
                <label class="media-grid__item" data-selected={selected}>
                  <input type={multiple ? 'checkbox' : 'radio'} name="media-pick" checked={selected} onChange={() => toggle(file)} />
                  {src !== null ? <img src={src} alt="" width={96} height={96} /> : <span class="media-field__ext">{file.mime}</span>}
                  <span>{file.name}</span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
      <div class="dialog__actions">
        <button type="button" class="button" onClick={() => dialog.current?.close()}>
          {t('edit.cancel')}
        </button>
        <button type="button" class="button button--primary" disabled={chosen.value.length === 0} onClick={() => onPick(chosen.peek())}>
          {t('edit.media.pick', { count: chosen.value.length })}
        </button>
      </div>
    </dialog>
  );
}

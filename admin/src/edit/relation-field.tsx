import { useSignal } from '@preact/signals';
import { useRef } from 'preact/hooks';
import { t } from '../i18n/translate';
import type { InputProps } from './field-view';
import { relationItemOf, type RelationItem, type RelationNode } from './form-model';
import { StatusBadge } from './status-badge';
import { mainFieldOf } from './edit-env';
import type { RelationTarget } from './edit-types';

const TO_ONE = new Set(['oneToOne', 'manyToOne', 'oneWay', 'morphToOne']);

/** Whether a relation holds one target (its picker replaces) or many (it appends). */
export function isToOne(relation: string | undefined): boolean {
  return TO_ONE.has(relation ?? '');
}

function moved(items: readonly RelationItem[], from: number, to: number): RelationItem[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/**
 * A relation: its targets (label and draft/published badge), a search-as-you-type picker over
 * the server's candidates (paged and searched by the server, not among loaded items), removal,
 * and reordering by drag and drop or by the move buttons (the keyboard's way). The save sends
 * the changes as `connect` with `position` and `disconnect` (form-model.ts relationBody).
 */
export function RelationField({ env, id, node, name, model, readOnly, describedBy, labelId, label }: InputProps & { readonly node: RelationNode }) {
  const query = useSignal('');
  const open = useSignal(false);
  const candidates = useSignal<readonly RelationTarget[]>([]);
  const active = useSignal(-1);
  const dragging = useRef<number | null>(null);
  const request = useRef(0);
  const items = node.items.value;
  const toOne = isToOne(node.attribute.relation);
  const target = node.attribute.targetModel ?? node.attribute.target ?? '';
  const mainField = mainFieldOf(env.configuration, target, new Map([[model, { [name]: node.attribute }]]));
  // The document excludes its linked targets from the candidates (a component's row id would too, unknown for a new one).
  const owner = model === env.model ? env.documentId.peek() : null;
  const listId = `${id}-options`;

  const search = async (text: string): Promise<void> => {
    const ticket = (request.current += 1);
    try {
      const answer = await env.api.relationCandidates(model, name, { q: text, locale: env.locale.peek(), id: owner, omit: [] });
      if (ticket !== request.current) return; // an older answer arriving late
      const chosen = new Set(node.items.peek().map((item) => item.documentId));
      candidates.value = answer.results.filter((candidate) => !chosen.has(candidate.documentId));
      active.value = candidates.value.length > 0 ? 0 : -1;
      open.value = true;
    } catch {
      candidates.value = [];
    }
  };
  const pick = (candidate: RelationTarget): void => {
    const item = relationItemOf(candidate, mainField);
    node.items.value = toOne ? [item] : [...node.items.peek(), item];
    open.value = false;
    query.value = '';
  };

  return (
    <div class="relation" role="group" aria-labelledby={labelId}>
      {!node.loaded.value ? (
        <p class="field__hint">{t('app.loading')}</p>
      ) : (
        items.length > 0 && (
          <ol class="relation__items" aria-label={t('edit.relation.linked', { field: label })}>
            {items.map((item, index) => (
              <li
                key={`${item.documentId}|${item.locale ?? ''}`}
                class="relation__item"
                data-relation-item={item.label}
                draggable={!readOnly && !toOne}
                onDragStart={(event) => {
                  dragging.current = index;
                  event.dataTransfer?.setData('text/plain', item.documentId);
                }}
                onDragOver={(event) => event.preventDefault()}
                onDrop={(event) => {
                  event.preventDefault();
                  const from = dragging.current;
                  dragging.current = null;
                  if (from !== null && from !== index) node.items.value = moved(node.items.peek(), from, index);
                }}
              >
                {!toOne && !readOnly && <span class="relation__grip" aria-hidden="true">⋮⋮</span>}
                <span class="relation__label">{item.label}</span>
                {item.status !== null && <StatusBadge status={item.status} />}
                {!readOnly && (
                  <span class="relation__tools">
                    {!toOne && (
                      <>
                        <button type="button" class="icon-button" disabled={index === 0} aria-label={t('edit.item.up', { item: item.label })} title={t('edit.item.up', { item: item.label })} onClick={() => (node.items.value = moved(node.items.peek(), index, index - 1))}>
                          ↑
                        </button>
                        <button type="button" class="icon-button" disabled={index === items.length - 1} aria-label={t('edit.item.down', { item: item.label })} title={t('edit.item.down', { item: item.label })} onClick={() => (node.items.value = moved(node.items.peek(), index, index + 1))}>
                          ↓
                        </button>
                      </>
                    )}
                    <button type="button" class="icon-button" aria-label={t('edit.item.remove', { item: item.label })} title={t('edit.item.remove', { item: item.label })} onClick={() => (node.items.value = node.items.peek().filter((other) => other !== item))}>
                      ✕
                    </button>
                  </span>
                )}
              </li>
            ))}
          </ol>
        )
      )}
      {!readOnly && node.loaded.value && (
        <div class="combobox">
          <input
            id={id}
            type="text"
            role="combobox"
            autoComplete="off"
            aria-label={t('edit.relation.search', { field: label })}
            aria-describedby={describedBy}
            aria-expanded={open.value}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={open.value && active.value >= 0 ? `${listId}-${active.value}` : undefined}
            placeholder={t('edit.relation.placeholder')}
            value={query}
            onInput={(event) => {
              query.value = event.currentTarget.value;
              void search(query.value);
            }}
            onFocus={() => void search(query.peek())}
            onBlur={() => setTimeout(() => (open.value = false), 150)}
            onKeyDown={(event) => {
              const list = candidates.peek();
              if (event.key === 'ArrowDown') {
                event.preventDefault();
                open.value = true;
                active.value = Math.min(active.peek() + 1, list.length - 1);
              } else if (event.key === 'ArrowUp') {
                event.preventDefault();
                active.value = Math.max(active.peek() - 1, 0);
              } else if (event.key === 'Enter' && open.peek()) {
                event.preventDefault();
                const candidate = list[active.peek()];
                if (candidate) pick(candidate);
              } else if (event.key === 'Escape') {
                open.value = false;
              }
            }}
          />
          {open.value && (
            <ul class="combobox__list" role="listbox" id={listId} aria-label={t('edit.relation.options', { field: label })}>
              {candidates.value.length === 0 ? (
                <li class="combobox__empty" role="option" aria-selected="false" aria-disabled="true">
                  {t('edit.relation.none')}
                </li>
              ) : (
                candidates.value.map((candidate, index) => {
                  const item = relationItemOf(candidate, mainField);
                  return (
                    <li
                      key={candidate.documentId}
                      id={`${listId}-${index}`}
                      role="option"
                      aria-selected={index === active.value}
                      class="combobox__option"
                      onMouseDown={(event) => {
                        event.preventDefault();
                        pick(candidate);
                      }}
                    >
                      <span>{item.label}</span>
                      {item.status !== null && <StatusBadge status={item.status} />}
                    </li>
                  );
                })
              )}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

import { useSignal } from '@preact/signals';
import { t } from '../i18n/translate';
import { FieldGrid, type InputProps } from './field-view';
import { buildGroup, type ComponentNode, type GroupNode, type ListNode } from './form-model';

/** A single component: its fields, or a button that adds it; removable. */
export function ComponentField({ env, node, path, readOnly, labelId, label }: InputProps & { readonly node: ComponentNode }) {
  const group = node.value.value;
  const uid = node.attribute.component ?? '';
  if (group === null) {
    return (
      <div class="component-box component-box--empty" role="group" aria-labelledby={labelId}>
        {!readOnly && (
          <button type="button" class="button" onClick={() => (node.value.value = buildGroup(uid, {}, env.build))}>
            {t('edit.component.add', { name: env.componentNames.get(uid) ?? uid })}
          </button>
        )}
      </div>
    );
  }
  return (
    <div class="component-box" role="group" aria-labelledby={labelId}>
      <FieldGrid fields={group.fields} model={uid} prefix={`${path}.`} />
      {!readOnly && (
        <button type="button" class="button button--small button--quiet-danger" onClick={() => (node.value.value = null)}>
          {t('edit.component.remove', { name: label })}
        </button>
      )}
    </div>
  );
}

function move<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/** A repeatable component or a dynamic zone: items that can be added, removed, moved and collapsed. */
export function ListField({ env, node, path, readOnly, labelId }: InputProps & { readonly node: ListNode }) {
  const items = node.items.value;
  const kinds = node.kind === 'dynamiczone' ? (node.attribute.components ?? []) : [node.attribute.component ?? ''];
  const picked = useSignal(kinds[0] ?? '');
  const name = (uid: string): string => env.componentNames.get(uid) ?? uid;
  const add = (uid: string): void => {
    node.items.value = [...node.items.peek(), buildGroup(uid, {}, env.build)];
  };
  return (
    <div class="component-list" role="group" aria-labelledby={labelId}>
      <ol class="component-list__items">
        {items.map((item, index) => (
          <ListItem key={item.key} item={item} index={index} count={items.length} path={`${path}.${index}`} title={name(item.component)} readOnly={readOnly} onMove={(to) => (node.items.value = move(node.items.peek(), index, to))} onRemove={() => (node.items.value = node.items.peek().filter((other) => other !== item))} />
        ))}
      </ol>
      {!readOnly &&
        (node.kind === 'dynamiczone' ? (
          <div class="component-list__add">
            <select aria-label={t('edit.dz.kind')} value={picked.value} onChange={(event) => (picked.value = event.currentTarget.value)}>
              {kinds.map((uid) => (
                <option key={uid} value={uid}>
                  {name(uid)}
                </option>
              ))}
            </select>
            <button type="button" class="button" onClick={() => add(picked.peek())}>
              {t('edit.dz.add')}
            </button>
          </div>
        ) : (
          <button type="button" class="button" onClick={() => add(kinds[0] ?? '')}>
            {t('edit.repeatable.add', { name: name(kinds[0] ?? '') })}
          </button>
        ))}
    </div>
  );
}

interface ListItemProps {
  readonly item: GroupNode;
  readonly index: number;
  readonly count: number;
  readonly path: string;
  readonly title: string;
  readonly readOnly: boolean;
  onMove(to: number): void;
  onRemove(): void;
}

function ListItem({ item, index, count, path, title, readOnly, onMove, onRemove }: ListItemProps) {
  const collapsed = item.collapsed.value;
  const heading = `${index + 1}. ${title}`;
  const bodyId = `item-${item.key}`;
  return (
    <li class="component-list__item" data-item={path}>
      <div class="component-list__bar">
        <button type="button" class="component-list__toggle" aria-expanded={!collapsed} aria-controls={bodyId} onClick={() => (item.collapsed.value = !collapsed)}>
          {heading}
        </button>
        {!readOnly && (
          <span class="component-list__tools">
            <button type="button" class="icon-button" disabled={index === 0} aria-label={t('edit.item.up', { item: heading })} title={t('edit.item.up', { item: heading })} onClick={() => onMove(index - 1)}>
              ↑
            </button>
            <button type="button" class="icon-button" disabled={index === count - 1} aria-label={t('edit.item.down', { item: heading })} title={t('edit.item.down', { item: heading })} onClick={() => onMove(index + 1)}>
              ↓
            </button>
            <button type="button" class="icon-button" aria-label={t('edit.item.remove', { item: heading })} title={t('edit.item.remove', { item: heading })} onClick={onRemove}>
              ✕
            </button>
          </span>
        )}
      </div>
      <div id={bodyId} hidden={collapsed}>
        {!collapsed && <FieldGrid fields={item.fields} model={item.component} prefix={`${path}.`} />}
      </div>
    </li>
  );
}

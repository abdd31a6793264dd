import { useSignal } from '@preact/signals';
import type { TargetedEvent } from 'preact';
import { t } from '../i18n/translate';
import { BlocksInput } from './blocks-input';
import { ComponentField, ListField } from './component-fields';
import { configurationOf, useEditEnv, type EditEnv } from './edit-env';
import type { EditMetadata } from './edit-types';
import type { FieldNode, FormFields, ScalarNode } from './form-model';
import { MarkdownPreview } from './markdown-preview';
import { MediaField } from './media-field';
import { RelationField } from './relation-field';
import { useRenderCount } from './render-count';

/** Strapi's default field sizes on its 12-column grid (GET /content-manager/init `fieldSizes`). */
const FULL_WIDTH = new Set(['blocks', 'richtext', 'json', 'component', 'dynamiczone']);
const QUARTER = new Set(['integer', 'biginteger', 'float', 'decimal', 'date', 'time', 'boolean']);

function defaultSize(node: FieldNode): number {
  const type = node.attribute.type;
  return FULL_WIDTH.has(type) ? 12 : QUARTER.has(type) ? 4 : 6;
}

/** The DOM id of the field at `path` (a label's `for`, a problem's focus target). */
export function fieldId(path: string): string {
  return `field-${path.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

/**
 * The fields of a model (the type, or a component) laid out as its configuration's
 * `layouts.edit` says: rows of fields with a size on a 12-column grid; the fields the layout
 * leaves out follow, each at its default size. Hidden fields (`visible: false`) are left out.
 */
export function FieldGrid({ fields, model, prefix }: { readonly fields: FormFields; readonly model: string; readonly prefix: string }) {
  const env = useEditEnv();
  const configuration = configurationOf(env, model);
  const rows: { name: string; size: number }[][] = [];
  const placed = new Set<string>();
  for (const row of configuration?.layouts.edit ?? []) {
    const cells = row.filter((cell) => fields[cell.name] !== undefined);
    cells.forEach((cell) => placed.add(cell.name));
    if (cells.length > 0) rows.push(cells.map((cell) => ({ name: cell.name, size: cell.size })));
  }
  for (const [name, node] of Object.entries(fields)) if (!placed.has(name)) rows.push([{ name, size: defaultSize(node) }]);
  return (
    <div class="field-grid">
      {rows.flat().map(({ name, size }) => {
        const node = fields[name];
        const meta = configuration?.metadatas[name]?.edit ?? {};
        if (node === undefined || meta.visible === false) return null;
        return (
          <div key={node} class="field-grid__cell" style={{ '--span': String(Math.min(Math.max(size, 1), 12)) }}>
            <FieldView name={name} node={node} path={`${prefix}${name}`} meta={meta} model={model} />
          </div>
        );
      })}
    </div>
  );
}

interface FieldViewProps {
  readonly name: string;
  readonly node: FieldNode;
  readonly path: string;
  readonly meta: EditMetadata;
  /** The type or component that owns the field. */
  readonly model: string;
}

/** One field: its label, description and problem around the input of its kind. */
export function FieldView({ name, node, path, meta, model }: FieldViewProps) {
  const env = useEditEnv();
  const renders = useRenderCount();
  const problem = env.problems.at(path).value;
  const id = fieldId(path);
  const label = meta.label !== undefined && meta.label !== '' ? meta.label : name;
  const readOnly = env.readOnly || meta.editable === false;
  const describedBy = [meta.description ? `${id}-hint` : null, problem ? `${id}-error` : null].filter((part) => part !== null).join(' ') || undefined;
  const required = node.attribute.required === true;
  const group = node.kind === 'component' || node.kind === 'repeatable' || node.kind === 'dynamiczone' || node.kind === 'relation' || node.kind === 'media' || (node.kind === 'scalar' && node.attribute.type === 'boolean');
  if (node.kind === 'scalar' && node.attribute.type === 'blocks') {
    // The blocks editor labels itself and shows its own hint and problem.
    return (
      <div class="edit-field" data-field={path} data-renders={renders}>
        <BlocksInput id={id} node={node} label={label} hint={meta.description || undefined} error={problem ?? undefined} readOnly={readOnly} />
      </div>
    );
  }
  const heading = (
    <>
      {label}
      {required && (
        <span class="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </>
  );
  return (
    <div class="field edit-field" data-field={path} data-renders={renders}>
      {group ? (
        <span class="edit-field__label" id={`${id}-label`}>
          {heading}
        </span>
      ) : (
        <label for={id}>{heading}</label>
      )}
      <FieldInput env={env} id={id} node={node} path={path} name={name} model={model} meta={meta} readOnly={readOnly} describedBy={describedBy} labelId={`${id}-label`} label={label} />
      {meta.description && (
        <p class="field__hint" id={`${id}-hint`}>
          {meta.description}
        </p>
      )}
      {problem && (
        <p class="field__error" id={`${id}-error`}>
          {problem}
        </p>
      )}
    </div>
  );
}

export interface InputProps {
  readonly env: EditEnv;
  readonly id: string;
  readonly node: FieldNode;
  readonly path: string;
  readonly name: string;
  readonly model: string;
  readonly meta: EditMetadata;
  readonly readOnly: boolean;
  readonly describedBy: string | undefined;
  readonly labelId: string;
  readonly label: string;
}

function FieldInput(props: InputProps) {
  const { node } = props;
  switch (node.kind) {
    case 'component':
      return <ComponentField {...props} node={node} />;
    case 'repeatable':
    case 'dynamiczone':
      return <ListField {...props} node={node} />;
    case 'relation':
      return <RelationField {...props} node={node} />;
    case 'media':
      return <MediaField {...props} node={node} />;
    case 'scalar':
      return <ScalarInput {...props} node={node} />;
  }
}

const INPUT_TYPES: Readonly<Record<string, string>> = { email: 'email', password: 'password', date: 'date', time: 'time', datetime: 'datetime-local' };

function ScalarInput({ env, id, node, path, meta, readOnly, describedBy, labelId }: InputProps & { readonly node: ScalarNode }) {
  const problem = env.problems.at(path);
  const { attribute, value } = node;
  // Typing clears the field's own problem; the value signal is bound to the input directly, so
  // a keystroke updates the DOM without rendering any component.
  const onInput = (event: TargetedEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>): void => {
    value.value = event.currentTarget.value;
    if (problem.peek() !== null) problem.value = null;
  };
  const common = {
    id,
    name: path,
    disabled: readOnly,
    'aria-describedby': describedBy,
    'aria-invalid': problem.value ? ('true' as const) : undefined,
    'aria-required': attribute.required === true ? ('true' as const) : undefined,
    placeholder: meta.placeholder || undefined,
  };
  switch (attribute.type) {
    case 'boolean':
      return <BooleanInput id={id} node={node} labelId={labelId} readOnly={readOnly} describedBy={describedBy} />;
    case 'enumeration':
      return (
        <select {...common} value={value as never} onChange={onInput}>
          <option value="">{t('edit.enum.none')}</option>
          {(attribute.enum ?? []).map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      );
    case 'text':
      return <textarea {...common} rows={4} value={value as never} onInput={onInput} maxLength={attribute.maxLength} />;
    case 'json':
      return (
        <textarea
          {...common}
          class="edit-field__code"
          rows={6}
          spellcheck={false}
          value={value as never}
          onInput={onInput}
          onBlur={() => {
            const text = String(value.peek() ?? '');
            if (text.trim() === '') return;
            try {
              JSON.parse(text);
            } catch {
              problem.value = t('edit.error.json');
            }
          }}
        />
      );
    case 'richtext':
      return <RichText common={common} node={node} onInput={onInput} />;
    case 'uid':
      return <UidInput common={common} node={node} path={path} onInput={onInput} env={env} readOnly={readOnly} />;
    case 'integer':
    case 'biginteger':
    case 'float':
    case 'decimal':
      return (
        <input
          {...common}
          type="number"
          inputMode={attribute.type === 'integer' || attribute.type === 'biginteger' ? 'numeric' : 'decimal'}
          step={attribute.type === 'integer' || attribute.type === 'biginteger' ? 1 : 'any'}
          min={attribute.min as never}
          max={attribute.max as never}
          value={value as never}
          onInput={onInput}
        />
      );
    default:
      return (
        <input
          {...common}
          type={(INPUT_TYPES[attribute.type] ?? 'text') as 'text'}
          step={attribute.type === 'time' ? 1 : undefined}
          autoComplete={attribute.type === 'password' ? 'new-password' : 'off'}
          maxLength={attribute.maxLength}
          value={value as never}
          onInput={onInput}
        />
      );
  }
}

function BooleanInput({ id, node, labelId, readOnly, describedBy }: { readonly id: string; readonly node: ScalarNode; readonly labelId: string; readonly readOnly: boolean; readonly describedBy: string | undefined }) {
  const current = node.value.value;
  const choices: [boolean | null, string][] = [
    [true, t('edit.boolean.true')],
    [false, t('edit.boolean.false')],
    [null, t('edit.boolean.null')],
  ];
  return (
    <div class="segmented" role="radiogroup" aria-labelledby={labelId} aria-describedby={describedBy} id={id}>
      {choices.map(([choice, text]) => (
        <label key={String(choice)} class="segmented__option">
          <input
            type="radio"
            name={id}
            disabled={readOnly}
            checked={current === choice}
            onChange={() => {
              node.value.value = choice;
            }}
          />
          <span>{text}</span>
        </label>
      ))}
    </div>
  );
}

type Common = Record<string, unknown> & { readonly id: string };

function RichText({ common, node, onInput }: { readonly common: Common; readonly node: ScalarNode; readonly onInput: (event: TargetedEvent<HTMLTextAreaElement>) => void }) {
  const preview = useSignal(false);
  return (
    <div class="richtext">
      <div class="richtext__tabs">
        <button type="button" class="button button--small" aria-pressed={!preview.value} onClick={() => (preview.value = false)}>
          {t('edit.richtext.write')}
        </button>
        <button type="button" class="button button--small" aria-pressed={preview.value} onClick={() => (preview.value = true)}>
          {t('edit.richtext.preview')}
        </button>
      </div>
      {preview.value ? <MarkdownPreview text={String(node.value.value ?? '')} /> : <textarea {...common} class="edit-field__code" rows={8} value={node.value as never} onInput={onInput} />}
    </div>
  );
}

function UidInput({ common, node, path, onInput, env, readOnly }: { readonly common: Common; readonly node: ScalarNode; readonly path: string; readonly onInput: (event: TargetedEvent<HTMLInputElement>) => void; readonly env: EditEnv; readonly readOnly: boolean }) {
  const availability = useSignal<{ readonly available: boolean; readonly suggestion: string | null } | null>(null);
  const field = path.split('.').pop() ?? path;
  const check = async (): Promise<void> => {
    const value = String(node.value.peek() ?? '');
    if (value === '' || path.includes('.')) {
      availability.value = null;
      return;
    }
    try {
      const answer = await env.api.checkUid(env.model, field, value, env.locale.peek());
      availability.value = { available: answer.isAvailable, suggestion: answer.suggestion };
    } catch {
      availability.value = null;
    }
  };
  const generate = async (): Promise<void> => {
    const data = env.formData();
    node.value.value = await env.api.generateUid(env.model, field, data, env.locale.peek());
    await check();
  };
  const statusId = `${common.id}-uid`;
  return (
    <div class="uid-input">
      <div class="uid-input__row">
        <input {...common} type="text" value={node.value as never} onInput={(event) => {
          availability.value = null;
          onInput(event);
        }} onBlur={() => void check()} aria-describedby={[common['aria-describedby'], statusId].filter(Boolean).join(' ')} />
        {!readOnly && !path.includes('.') && (
          <button type="button" class="button button--small" onClick={() => void generate()}>
            {t('edit.uid.generate')}
          </button>
        )}
      </div>
      <p class="field__hint" id={statusId} aria-live="polite">
        {availability.value === null ? '' : availability.value.available ? t('edit.uid.available') : t('edit.uid.taken', { suggestion: availability.value.suggestion ?? '' })}
      </p>
    </div>
  );
}

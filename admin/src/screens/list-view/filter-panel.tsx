import { useSignal } from '@preact/signals';
import type { AttributeDto, ContentTypeConfiguration, ContentTypeSchema } from '../../api/content-manager-types';
import { filterKindOf, isToOne, OPERATORS, type FilterKind } from '../../content/filter-operators';
import type { FilterCondition, ListParams } from '../../content/list-query';
import { t } from '../../i18n/translate';
import { columnLabel } from './column-picker';

interface FilterField {
  readonly name: string;
  readonly kind: FilterKind;
  readonly attribute: AttributeDto;
  /** A to-one relation's target field the filter reads. */
  readonly subField?: string;
}

/** The attributes a filter can read: scalars by their type, to-one relations by their main field. */
export function filterFields(schema: ContentTypeSchema, configuration: ContentTypeConfiguration): FilterField[] {
  const fields: FilterField[] = [{ name: 'id', kind: 'number', attribute: { type: 'integer' } }];
  for (const [name, attribute] of Object.entries(schema.attributes)) {
    if (name === 'id' || attribute.visible === false) continue;
    const kind = filterKindOf(attribute);
    if (kind === null) continue;
    if (isToOne(attribute)) {
      const mainField = configuration.metadatas[name]?.list.mainField;
      if (mainField === undefined) continue;
      fields.push({ name, kind, attribute, subField: mainField });
    } else fields.push({ name, kind, attribute });
  }
  return fields;
}

const firstOperator = (kind: FilterKind): string => OPERATORS[kind][0]?.operator ?? '$eq';
const needsValue = (kind: FilterKind, operator: string): boolean => OPERATORS[kind].find((item) => item.operator === operator)?.needsValue ?? true;
const operatorLabel = (kind: FilterKind, operator: string): string => {
  const found = OPERATORS[kind].find((item) => item.operator === operator);
  return found === undefined ? operator : t(found.label);
};

/**
 * The filters: rows of field, operator and value, all of them applied together (Strapi's
 * `filters[$and]`). The operators are those of the field's type; the value's input too.
 */
export function FilterPanel({ schema, configuration, filters, onApply, onClose }: {
  readonly schema: ContentTypeSchema;
  readonly configuration: ContentTypeConfiguration;
  readonly filters: readonly FilterCondition[];
  readonly onApply: (filters: readonly FilterCondition[]) => void;
  readonly onClose: () => void;
}) {
  const fields = filterFields(schema, configuration);
  const rows = useSignal<readonly FilterCondition[]>(filters.length > 0 ? filters : []);
  const fieldOf = (name: string): FilterField | undefined => fields.find((field) => field.name === name);

  const update = (index: number, next: Partial<FilterCondition>): void => {
    rows.value = rows.value.map((row, at) => (at === index ? { ...row, ...next } : row));
  };
  const add = (): void => {
    const field = fields.find((candidate) => candidate.name === configuration.settings.mainField) ?? fields[0];
    if (field === undefined) return;
    rows.value = [...rows.value, { field: field.name, ...(field.subField === undefined ? {} : { subField: field.subField }), operator: firstOperator(field.kind), value: '' }];
  };

  return (
    <form
      id="list-filters"
      class="list-panel"
      aria-labelledby="list-filters-title"
      onSubmit={(event) => {
        event.preventDefault();
        onApply(
          rows.value
            .map((row) => {
              const field = fieldOf(row.field);
              return field !== undefined && !needsValue(field.kind, row.operator) ? { ...row, value: 'true' } : row;
            })
            .filter((row) => row.value !== ''),
        );
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <h2 id="list-filters-title" class="list-panel__title">
        {t('list.filters.title')}
      </h2>
      {rows.value.map((row, index) => {
        const field = fieldOf(row.field);
        if (field === undefined) return null;
        const id = `filter-${index}`;
        return (
          <fieldset key={index} class="filter-row">
            <legend class="visually-hidden">{`${t('list.filters.title')} ${index + 1}`}</legend>
            <div class="filter-row__part">
              <label for={`${id}-field`}>{t('list.filters.field')}</label>
              <select
                id={`${id}-field`}
                class="input"
                value={row.field}
                onChange={(event) => {
                  const next = fieldOf(event.currentTarget.value);
                  if (next === undefined) return;
                  rows.value = rows.value.map((item, at) => (at === index ? { field: next.name, ...(next.subField === undefined ? {} : { subField: next.subField }), operator: firstOperator(next.kind), value: '' } : item));
                }}
              >
                {fields.map((candidate) => (
                  <option key={candidate.name} value={candidate.name}>
                    {columnLabel(configuration, candidate.name)}
                  </option>
                ))}
              </select>
            </div>
            <div class="filter-row__part">
              <label for={`${id}-operator`}>{t('list.filters.operator')}</label>
              <select id={`${id}-operator`} class="input" value={row.operator} onChange={(event) => update(index, { operator: event.currentTarget.value })}>
                {OPERATORS[field.kind].map((operator) => (
                  <option key={operator.operator} value={operator.operator}>
                    {t(operator.label)}
                  </option>
                ))}
              </select>
            </div>
            {needsValue(field.kind, row.operator) && (
              <div class="filter-row__part">
                <label for={`${id}-value`}>{t('list.filters.value')}</label>
                <ValueInput id={`${id}-value`} field={field} value={row.value} onValue={(value) => update(index, { value })} />
              </div>
            )}
            <button
              type="button"
              class="icon-button filter-row__remove"
              aria-label={t('list.filters.remove', { index: index + 1 })}
              title={t('list.filters.remove', { index: index + 1 })}
              onClick={() => {
                rows.value = rows.value.filter((_, at) => at !== index);
              }}
            >
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                <path fill="currentColor" d="M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6 10.6 12 5 6.4 6.4 5Z" />
              </svg>
            </button>
          </fieldset>
        );
      })}
      <div class="list-panel__actions">
        <button type="button" class="button" onClick={add}>
          {t('list.filters.add')}
        </button>
        <button type="submit" class="button button--primary">
          {t('list.filters.apply')}
        </button>
      </div>
    </form>
  );
}

function ValueInput({ id, field, value, onValue }: { readonly id: string; readonly field: FilterField; readonly value: string; readonly onValue: (value: string) => void }) {
  if (field.kind === 'boolean' || field.kind === 'enumeration') {
    const options = field.kind === 'boolean' ? ['true', 'false'] : (field.attribute.enum ?? []);
    return (
      <select id={id} class="input" value={value} onChange={(event) => onValue(event.currentTarget.value)}>
        <option value="" />
        {options.map((option) => (
          <option key={option} value={option}>
            {field.kind === 'boolean' ? t(option === 'true' ? 'list.filter.true' : 'list.filter.false') : option}
          </option>
        ))}
      </select>
    );
  }
  const onInput = (event: { readonly currentTarget: HTMLInputElement }): void => {
    const raw = event.currentTarget.value;
    // A datetime-local input has no zone: the filter sends the instant in UTC (ISO), as stored.
    onValue(field.kind === 'datetime' && raw !== '' ? `${raw}:00.000Z` : raw);
  };
  switch (field.kind) {
    case 'number':
      return <input id={id} class="input" type="number" step="any" value={value} onInput={onInput} />;
    case 'date':
      return <input id={id} class="input" type="date" value={value} onInput={onInput} />;
    case 'time':
      return <input id={id} class="input" type="time" value={value} onInput={onInput} />;
    case 'datetime':
      return <input id={id} class="input" type="datetime-local" value={value.replace(/:\d{2}(\.\d+)?Z$/, '')} onInput={onInput} />;
    default:
      return <input id={id} class="input" type="text" value={value} onInput={onInput} />;
  }
}

/** The applied filters as removable chips, under the toolbar. */
export function FilterChips({ schema, configuration, params, onChange }: {
  readonly schema: ContentTypeSchema;
  readonly configuration: ContentTypeConfiguration;
  readonly params: ListParams;
  readonly onChange: (next: Partial<ListParams>) => void;
}) {
  if (params.filters.length === 0) return null;
  const fields = filterFields(schema, configuration);
  return (
    <ul class="filter-chips">
      {params.filters.map((condition, index) => {
        const field = fields.find((candidate) => candidate.name === condition.field);
        const kind: FilterKind = field?.kind ?? 'text';
        const text = t('list.filters.active', { field: columnLabel(configuration, condition.field), operator: operatorLabel(kind, condition.operator), value: needsValue(kind, condition.operator) ? condition.value : '' }).trim();
        return (
          <li key={index} class="filter-chip">
            <span>{text}</span>
            <button type="button" class="filter-chip__remove" aria-label={t('list.filters.removeActive', { filter: text })} onClick={() => onChange({ filters: params.filters.filter((_, at) => at !== index) })}>
              <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
                <path fill="currentColor" d="M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6 10.6 12 5 6.4 6.4 5Z" />
              </svg>
            </button>
          </li>
        );
      })}
      <li>
        <button type="button" class="link-button" onClick={() => onChange({ filters: [] })}>
          {t('list.filters.clear')}
        </button>
      </li>
    </ul>
  );
}

import { useSignal } from '@preact/signals';
import type { ContentTypeConfiguration, ContentTypeSchema } from '../../api/content-manager-types';
import { isListable } from '../../content/filter-operators';
import { t } from '../../i18n/translate';

/** The listable attributes in the schema's order, `id` first. */
export function listableFields(schema: ContentTypeSchema): string[] {
  return ['id', ...Object.entries(schema.attributes).filter(([name, attribute]) => name !== 'id' && attribute.visible !== false && isListable(name, attribute)).map(([name]) => name)];
}

/** The label of a column: the configuration's list label, else the field's name. */
export function columnLabel(configuration: ContentTypeConfiguration, field: string): string {
  return configuration.metadatas[field]?.list.label ?? field;
}

/**
 * The columns of the list, chosen with checkboxes and saved in the content type's
 * configuration (`layouts.list`), so that every admin sees them and a reload keeps them.
 */
export function ColumnPicker({ schema, configuration, onSave, onClose }: {
  readonly schema: ContentTypeSchema;
  readonly configuration: ContentTypeConfiguration;
  readonly onSave: (columns: readonly string[]) => Promise<void>;
  readonly onClose: () => void;
}) {
  const chosen = useSignal<readonly string[]>(configuration.layouts.list);
  const saving = useSignal(false);
  const error = useSignal<string | null>(null);
  const fields = listableFields(schema);

  const toggle = (field: string, on: boolean): void => {
    // Columns keep their order; a new one goes at the end.
    chosen.value = on ? [...chosen.value, field] : chosen.value.filter((name) => name !== field);
  };

  return (
    <form
      id="list-columns"
      class="list-panel"
      aria-labelledby="list-columns-title"
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen.value.length === 0) {
          error.value = t('list.columns.needOne');
          return;
        }
        saving.value = true;
        error.value = null;
        onSave(chosen.value).then(
          () => {
            saving.value = false;
          },
          (reason: unknown) => {
            saving.value = false;
            error.value = t('list.columns.saveError', { message: reason instanceof Error ? reason.message : String(reason) });
          },
        );
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <fieldset class="list-panel__fieldset">
        <legend id="list-columns-title" class="list-panel__title">
          {t('list.columns.title')}
        </legend>
        <div class="list-panel__columns">
          {fields.map((field) => (
            <label key={field} class="checkbox">
              <input type="checkbox" checked={chosen.value.includes(field)} onChange={(event) => toggle(field, event.currentTarget.checked)} />
              <span>{columnLabel(configuration, field)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {error.value !== null && (
        <p class="alert" role="alert">
          {error.value}
        </p>
      )}
      <div class="list-panel__actions">
        <button type="submit" class="button button--primary" disabled={saving.value}>
          {t('list.columns.save')}
        </button>
      </div>
    </form>
  );
}

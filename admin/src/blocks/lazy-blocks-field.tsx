import { useSignal } from '@preact/signals';
import type { FunctionComponent } from 'preact';
import { useEffect } from 'preact/hooks';
import { t } from '../i18n/translate';
import type { BlocksFieldProps } from './blocks-field';

/**
 * The blocks field as the edit view imports it: ProseMirror and the field are a chunk of their
 * own (about 72 KB gzipped, ProseMirror included), fetched when the first blocks field mounts, never before the login
 * page (`npm run admin:sizes`). A failed load is shown in place of the field.
 */
export function LazyBlocksField(props: BlocksFieldProps) {
  const loaded = useSignal<FunctionComponent<BlocksFieldProps> | null>(null);
  const failed = useSignal(false);
  useEffect(() => {
    let live = true;
    import('./blocks-field').then(
      (module) => {
        if (live) loaded.value = module.BlocksField;
      },
      () => {
        if (live) failed.value = true;
      },
    );
    return () => {
      live = false;
    };
  }, []);
  const Field = loaded.value;
  if (Field) return <Field {...props} />;
  return (
    <div class="field blocks-field">
      <span class="blocks-field__label">{props.label}</span>
      <p class={failed.value ? 'alert' : 'loading'} role={failed.value ? 'alert' : 'status'}>
        {failed.value ? t('app.error.network') : t('blocks.loading')}
      </p>
    </div>
  );
}

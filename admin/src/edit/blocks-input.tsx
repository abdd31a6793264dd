import { useSignal } from '@preact/signals';
import { useEffect, useMemo } from 'preact/hooks';
import { createBlocksController } from '../blocks/blocks-controller';
import { LazyBlocksField } from '../blocks/lazy-blocks-field';
import type { Blocks, ImageObject } from '../blocks/strapi-blocks';
import { t } from '../i18n/translate';
import { useEditEnv } from './edit-env';
import type { ScalarNode } from './form-model';
import { MediaPicker } from './media-field';

/**
 * A blocks field of the form: the ProseMirror editor of admin/src/blocks (its own chunk), its
 * Strapi JSON written to the field's signal; its pending change flushed before a save; images
 * picked from the media library.
 */
export function BlocksInput({ id, node, label, hint, error, readOnly }: { readonly id: string; readonly node: ScalarNode; readonly label: string; readonly hint: string | undefined; readonly error: string | undefined; readonly readOnly: boolean }) {
  const env = useEditEnv();
  const controller = useMemo(createBlocksController, []);
  const picking = useSignal<((image: ImageObject | null) => void) | null>(null);
  useEffect(() => env.blocks.register(() => controller.flush()), [controller]);
  const resolve = picking.value;
  return (
    <>
      <LazyBlocksField
        id={id}
        label={label}
        value={(node.value.peek() as Blocks | null) ?? null}
        onChange={(blocks) => {
          node.value.value = blocks;
        }}
        controller={controller}
        pickImage={() => new Promise<ImageObject | null>((done) => (picking.value = done))}
        error={error}
        hint={hint}
        required={node.attribute.required === true}
        disabled={readOnly}
      />
      {resolve !== null && (
        <MediaPicker
          title={t('edit.media.pickTitle', { field: label })}
          multiple={false}
          api={env.api}
          onClose={() => {
            picking.value = null;
            resolve(null);
          }}
          onPick={(files) => {
            picking.value = null;
            const file = files[0];
            resolve(file === undefined ? null : ({ ...file } as ImageObject));
          }}
        />
      )}
    </>
  );
}

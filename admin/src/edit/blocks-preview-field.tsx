import type { ScalarNode } from './form-model';

/**
 * A blocks field until the blocks editor (admin/src/blocks/, branch fix/21-blocks) is merged:
 * its JSON, read-only, kept unchanged on save. The field component takes the same props as the
 * editor's, so swapping is one import in field-view.tsx.
 */
export function BlocksField({ id, node, describedBy }: { readonly id: string; readonly node: ScalarNode; readonly describedBy: string | undefined; readonly readOnly: boolean }) {
  const value = node.value.value;
  return <textarea class="blocks-preview" id={id} readOnly rows={8} aria-describedby={describedBy} value={value === null || value === undefined ? '[]' : JSON.stringify(value, null, 2)} />;
}

import { t } from '../i18n/translate';

/** A document's status: draft, published or modified (published with newer draft changes). */
export function StatusBadge({ status }: { readonly status: string }) {
  const known = status === 'draft' || status === 'published' || status === 'modified' ? status : 'draft';
  return <span class={`status status--${known}`}>{t(`edit.status.${known}`)}</span>;
}

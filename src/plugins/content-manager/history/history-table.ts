import type { TableModel } from '../../../core/db/table-model.js';

/**
 * One kept version of a document (Strapi's `strapi_history_versions`, free here): the document
 * in one locale as a content-manager save left it, with the schema it had then. `data` and
 * `schema` are JSON text; `created_at` is milliseconds on the app's clock.
 */
export const HISTORY_VERSIONS_TABLE: TableModel = {
  name: 'tessera_history_versions',
  columns: [
    { name: 'id', type: 'increments' },
    { name: 'content_type', type: 'string', notNull: true },
    { name: 'related_document_id', type: 'string', notNull: true },
    { name: 'locale', type: 'string' },
    { name: 'status', type: 'string', notNull: true },
    { name: 'data', type: 'text', notNull: true },
    { name: 'schema', type: 'text', notNull: true },
    { name: 'created_at', type: 'bigInteger', notNull: true },
    { name: 'created_by_id', type: 'integer' },
  ],
  indexes: [
    // The list of one document's versions in a locale, newest first.
    { name: 'tessera_history_versions_doc_idx', columns: ['content_type', 'related_document_id', 'locale', 'id'] },
    // Pruning by age.
    { name: 'tessera_history_versions_age_idx', columns: ['created_at'] },
  ],
};

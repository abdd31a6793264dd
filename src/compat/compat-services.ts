import type { ModelHolder } from '../core/model/model-holder.js';
import type { LocaleCatalog } from '../core/query/locale-catalog.js';

/**
 * What `strapi.documents()` and `strapi.db.query()` take from the app (`App.model`,
 * `App.locales`): the content model being served with its document service — read at each
 * call, since the content-type builder may replace it — and the configured locales.
 */
export interface CompatServices {
  readonly model: ModelHolder;
  readonly locales: LocaleCatalog;
}

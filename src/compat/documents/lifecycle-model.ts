import type { ContentType } from '../../core/schema/content-type.js';
import type { LifecycleModel } from './lifecycle-event.js';
import type { StrapiContentType } from './strapi-content-type.js';

/** `event.model` of a content-type, from its Strapi view (so both share one attributes object). */
export function lifecycleModelOf(contentType: ContentType, view: StrapiContentType): LifecycleModel {
  return { uid: contentType.uid, singularName: contentType.singularName, tableName: contentType.collectionName, attributes: view.attributes };
}

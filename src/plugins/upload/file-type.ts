import type { SourcedDefinition } from '../../core/schema/definition.js';

/**
 * The media library's files: a content-type of the upload plugin, as Strapi 5 defines it (table
 * `files`, so that a database exported from the reference keeps its names). Media attributes are
 * one-way relations to it (schema/normalize-linked-attribute.ts), so they are stored, written,
 * populated and deleted by the same machinery as relations.
 */
export const FILE_UID = 'plugin::upload.file';

const BUILT_IN_FILE = '<built-in upload plugin>';

export const UPLOAD_TYPES: readonly SourcedDefinition[] = [
  {
    uid: FILE_UID,
    apiName: 'upload',
    modelName: 'file',
    file: BUILT_IN_FILE,
    definition: {
      kind: 'collectionType',
      collectionName: 'files',
      info: { singularName: 'file', pluralName: 'files', displayName: 'File' },
      options: { draftAndPublish: false },
      attributes: {
        name: { type: 'string', required: true, configurable: false },
        alternativeText: { type: 'string', configurable: false },
        caption: { type: 'string', configurable: false },
        focalPoint: { type: 'json', configurable: false },
        width: { type: 'integer', configurable: false },
        height: { type: 'integer', configurable: false },
        formats: { type: 'json', configurable: false },
        hash: { type: 'string', required: true, configurable: false },
        ext: { type: 'string', configurable: false },
        mime: { type: 'string', required: true, configurable: false },
        size: { type: 'decimal', required: true, configurable: false },
        url: { type: 'string', required: true, configurable: false },
        previewUrl: { type: 'string', configurable: false },
        provider: { type: 'string', required: true, configurable: false },
        provider_metadata: { type: 'json', configurable: false },
        folderPath: { type: 'string', private: true, configurable: false },
      },
    },
  },
];

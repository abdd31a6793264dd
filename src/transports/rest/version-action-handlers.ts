import type { Document } from '../../core/documents/document.js';
import type { DocumentQuery } from '../../core/query/document-query.js';
import type { ContentType } from '../../core/schema/content-type.js';
import { NotFoundError, ValidationError } from '../../core/shared/errors.js';
import type { ContentApiContext } from './content-api-context.js';
import { begin, documentIdOf, format, type ContentAction } from './content-handlers.js';
import type { ContentHandler as Handler, ContentRequest } from './content-request.js';
import { shapeOne } from './shape-response.js';

/** The Draft & Publish actions over REST (DECISIONS, better than the reference 4), by path segment. */
export const VERSION_ACTIONS = {
  publish: 'publish',
  unpublish: 'unpublish',
  'discard-draft': 'discardDraft',
} as const satisfies Record<string, ContentAction>;

export type VersionAction = (typeof VERSION_ACTIONS)[keyof typeof VERSION_ACTIONS];

type Act = (contentType: ContentType, documentId: string, query: DocumentQuery) => Promise<Document | null>;

function actOf(action: VersionAction, context: ContentApiContext): Act {
  const { documents } = context;
  if (action === 'publish') return (contentType, documentId, query) => documents.publish({ contentType, documentId, query });
  if (action === 'unpublish') return (contentType, documentId, query) => documents.unpublish({ contentType, documentId, query });
  return (contentType, documentId, query) => documents.discardDraft({ contentType, documentId, query });
}

/**
 * `POST …/actions/<action>` on a collection type's document (`documentIdOf`) or on a single
 * type's document (`single`). The response is the version the action leaves: the published one
 * after publish, the draft after unpublish and discard-draft, with the query's fields and populate.
 */
export function versionActionHandler(contentType: ContentType, action: VersionAction, context: ContentApiContext, single: boolean): Handler {
  const act = actOf(action, context);
  return async (request: ContentRequest) => {
    if (!contentType.draftAndPublish) throw new ValidationError(`${contentType.uid} does not have Draft & Publish enabled: it has no drafts to ${action === 'publish' ? 'publish' : 'act on'}`);
    const query = await begin(request, contentType, action, context);
    const documentId = single ? await context.documents.singleDocumentId({ contentType }) : documentIdOf(request);
    if (documentId === null) throw new NotFoundError();
    const document = await act(contentType, documentId, query);
    if (!document) throw new NotFoundError();
    return shapeOne(document, format(request), { model: contentType, registry: context.registry });
  };
}

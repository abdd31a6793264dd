import type { DocumentParams } from './document-params.js';
import type { StrapiContentType } from './strapi-content-type.js';

/** The document service actions Strapi names in a middleware's `context.action`. */
export type DocumentMiddlewareAction = 'findMany' | 'findOne' | 'findFirst' | 'count' | 'create' | 'update' | 'delete' | 'publish' | 'unpublish' | 'discardDraft';

/** Strapi 5's document middleware context: change `params` before `next()`, the result after it. */
export interface DocumentMiddlewareContext {
  readonly uid: string;
  readonly contentType: StrapiContentType;
  readonly action: DocumentMiddlewareAction;
  params: DocumentParams;
}

/**
 * `strapi.documents.use((context, next) => …)`: runs around every document service call,
 * whoever makes it; returns what the caller gets (usually what `next()` resolved to, or a
 * changed copy). Strapi's results: a list for `findMany`, a document or null, a number for
 * `count`, `{ documentId, entries }` or null for `delete`.
 */
export type DocumentMiddleware = (context: DocumentMiddlewareContext, next: () => Promise<unknown>) => unknown;

/** The middlewares `use` added, in order: the first added is the outermost. */
export interface DocumentMiddlewares {
  use(middleware: DocumentMiddleware): void;
  readonly size: number;
  run(context: DocumentMiddlewareContext, last: () => Promise<unknown>): Promise<unknown>;
}

export function createDocumentMiddlewares(): DocumentMiddlewares {
  const list: DocumentMiddleware[] = [];
  return {
    use(middleware) {
      if (typeof middleware !== 'function') throw new TypeError('strapi.documents.use() takes a function (context, next) => …');
      list.push(middleware);
    },
    get size() {
      return list.length;
    },
    run(context, last) {
      const chain = [...list];
      const dispatch = async (index: number): Promise<unknown> => {
        const middleware = chain[index];
        if (!middleware) return last();
        let called = false;
        return middleware(context, () => {
          // A second call would run the operation twice: a write twice.
          if (called) return Promise.reject(new Error('A document middleware called next() more than once'));
          called = true;
          return dispatch(index + 1);
        });
      };
      return dispatch(0);
    },
  };
}

/**
 * What the content API's handlers read of a request and do with a reply: Fastify's request and
 * reply are these, and so is the Strapi compatibility layer's ctx adapter (src/compat), which runs
 * the same handlers as the core actions of a project's controllers — one pipeline, not a copy.
 */
export interface ContentRequest {
  readonly query: unknown;
  readonly body: unknown;
  readonly params: unknown;
  readonly headers: { readonly authorization?: string | undefined; readonly [name: string]: string | string[] | undefined };
}

export interface ContentReply {
  code(status: number): ContentReply;
  type(contentType: string): ContentReply;
  send(payload?: unknown): ContentReply;
}

export type ContentHandler = (request: ContentRequest, reply: ContentReply) => Promise<unknown>;

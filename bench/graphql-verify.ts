/**
 * Before the GraphQL scenario is measured: its pages must carry the same documents as the REST
 * populate scenario's pages from the same server (which verify.ts has already compared with the
 * baseline). The GraphQL answer is brought to REST's shape (entity wrappers removed, `__typename`
 * as `__component`) and must then equal the REST page with the documents' row ids left out (the
 * entity shape has no field for them) and components' ids as strings (GraphQL's `ID` is
 * serialized as a string), key order and every other value's type included.
 */
import { GRAPHQL_PATH, graphqlPopulateBody } from './graphql-scenario.js';
import { populatePath } from './scenarios.js';

type Json = Record<string, unknown>;

/** `__typename` of each zone member → the `__component` REST writes. */
const COMPONENT_OF_TYPE: Readonly<Record<string, string>> = {
  ComponentSharedQuote: 'shared.quote',
  ComponentSharedRichText: 'shared.rich-text',
};

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

function asObject(value: unknown, what: string): Json {
  if (!isObject(value)) throw new Error(`GraphQL populate: ${what} is not an object: ${JSON.stringify(value)?.slice(0, 200)}`);
  return value;
}

/** `{ id, attributes }` → the attributes, after checking the entity id is the documentId. */
function unwrapEntity(entity: unknown, what: string): Json {
  const { id, attributes } = asObject(entity, what);
  const document = asObject(attributes, `${what}.attributes`);
  if (id !== document.documentId) throw new Error(`GraphQL populate: ${what}.id ${String(id)} is not its documentId ${String(document.documentId)}`);
  return document;
}

function fromGraphqlArticle(entity: unknown): Json {
  const article = { ...unwrapEntity(entity, 'article') };
  const author = asObject(article.author, 'author').data;
  article.author = author === null ? null : unwrapEntity(author, 'author');
  const categories = asObject(article.categories, 'categories').data;
  if (!Array.isArray(categories)) throw new Error('GraphQL populate: categories.data is not a list');
  article.categories = categories.map((category) => unwrapEntity(category, 'category'));
  if (!Array.isArray(article.blocks)) throw new Error('GraphQL populate: blocks is not a list');
  article.blocks = article.blocks.map((block) => {
    // REST writes `id` before `__component`.
    const { __typename: typeName, id, ...fields } = asObject(block, 'block');
    return { id, __component: COMPONENT_OF_TYPE[String(typeName)] ?? `unknown ${String(typeName)}`, ...fields };
  });
  return article;
}

/** A REST document without its row id; components keep theirs (GraphQL shows components' ids). */
function withoutRowId(document: unknown): Json {
  const { id: _rowId, ...rest } = asObject(document, 'REST document');
  return rest;
}

/** A component with its id as GraphQL's `ID` shows it. */
function withStringId(component: unknown): unknown {
  if (!isObject(component)) return component;
  return { ...component, id: String(component.id) };
}

function fromRestArticle(value: unknown): Json {
  const article = withoutRowId(value);
  return {
    ...article,
    author: article.author === null ? null : withoutRowId(article.author),
    categories: (article.categories as unknown[]).map(withoutRowId),
    seo: withStringId(article.seo),
    blocks: (article.blocks as unknown[]).map(withStringId),
  };
}

/** The first path where two JSON values differ, key order included. */
function firstDifference(a: unknown, b: unknown, path = '$'): string | null {
  if (JSON.stringify(a) === JSON.stringify(b)) return null;
  if (isObject(a) && isObject(b)) {
    const aKeys = Object.keys(a);
    const bKeys = Object.keys(b);
    if (aKeys.join(',') !== bKeys.join(',')) return `${path}: keys [${aKeys.join(', ')}] vs [${bKeys.join(', ')}]`;
    for (const key of aKeys) {
      const difference = firstDifference(a[key], b[key], `${path}.${key}`);
      if (difference) return difference;
    }
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    for (const [index, item] of a.entries()) {
      const difference = firstDifference(item, b[index], `${path}[${index}]`);
      if (difference) return difference;
    }
  }
  return `${path}: ${JSON.stringify(a)?.slice(0, 200)} vs ${JSON.stringify(b)?.slice(0, 200)}`;
}

async function restPage(baseUrl: string, page: number): Promise<{ data: unknown[]; pagination: unknown }> {
  const response = await fetch(baseUrl + populatePath(page), { headers: { accept: 'application/json' } });
  const body = (await response.json()) as { data: unknown[]; meta: { pagination: unknown } };
  if (response.status !== 200) throw new Error(`REST populate page ${page} answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return { data: body.data, pagination: body.meta.pagination };
}

async function graphqlPage(baseUrl: string, page: number): Promise<{ data: unknown[]; pagination: unknown }> {
  const response = await fetch(baseUrl + GRAPHQL_PATH, { method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json' }, body: graphqlPopulateBody(page) });
  const body = (await response.json()) as { data?: { articles?: { data: unknown[]; meta: { pagination: unknown } } }; errors?: unknown };
  const articles = body.data?.articles;
  if (response.status !== 200 || body.errors !== undefined || !articles) throw new Error(`GraphQL populate page ${page} answered ${response.status}: ${JSON.stringify(body).slice(0, 400)}`);
  return { data: articles.data, pagination: articles.meta.pagination };
}

/** Each page over GraphQL must hold exactly the REST page's documents, relations, component and blocks. */
export async function verifyGraphqlPages(tesseraUrl: string, pages: readonly number[]): Promise<void> {
  for (const page of pages) {
    const [rest, graphql] = await Promise.all([restPage(tesseraUrl, page), graphqlPage(tesseraUrl, page)]);
    if (graphql.data.length !== 25) throw new Error(`GraphQL populate page ${page} should hold 25 articles, got ${graphql.data.length}`);
    const difference =
      firstDifference(graphql.data.map(fromGraphqlArticle), rest.data.map(fromRestArticle), '$.data') ?? firstDifference(graphql.pagination, rest.pagination, '$.meta.pagination');
    if (difference) throw new Error(`GraphQL and REST disagree on populate page ${page} (GraphQL vs REST) at ${difference}`);
  }
}

// Seeds the example on first start, so a new user's first request returns documents.
// Everything goes through the documents API, as project code would: relations are given as
// documentIds, components as plain objects, dynamic-zone items with their `__component`.

const authors = [
  { key: 'ada', name: 'Ada Editor', email: 'editor@example.com', bio: 'Runs the blog and writes the welcome posts.' },
  { key: 'tom', name: 'Tom Tutor', email: 'tom@example.com', bio: 'Writes the how-to articles.' },
];

const categories = [
  { key: 'announcements', name: 'Announcements', description: 'News about the project.' },
  { key: 'guides', name: 'Guides', description: 'Step-by-step explanations.' },
  { key: 'performance', name: 'Performance', description: 'Latency, throughput and memory.' },
];

/** The articles, with their relations named by key (resolved to documentIds once the targets exist). */
const articles = [
  {
    data: {
      title: 'Hello, Tessera',
      summary: 'What this example project shows.',
      body: '# Hello\n\nThis article was written by the seed script in `src/index.mjs`.',
      content: [{ type: 'paragraph', children: [{ type: 'text', text: 'Tessera speaks the Strapi 5 content API.' }] }],
      category: 'news',
      authorEmail: 'editor@example.com',
      views: 120,
      likes: '9007199254740993',
      rating: 4.5,
      price: '19.99',
      featured: true,
      publishDate: '2026-01-15',
      readingTime: '00:04:00',
      scheduledAt: '2026-01-15T09:00:00.000Z',
      metadata: { seo: { description: 'Welcome post' } },
      tags: ['welcome', 'tessera'],
    },
    author: 'ada',
    categories: ['announcements'],
    related: [],
    linked: {
      seo: { metaTitle: 'Hello, Tessera', metaDescription: 'What the Tessera example blog shows.' },
      sources: [{ label: 'Strapi 5 REST API', url: 'https://docs.strapi.io/cms/api/rest' }],
      blocks: [
        { __component: 'shared.rich-text', body: 'Relations, components and dynamic zones are populated on request: try `?populate=*`.' },
        { __component: 'shared.quote', body: 'A content API should answer before you notice it was asked.', attribution: 'The Tessera README', author: 'ada' },
      ],
    },
  },
  {
    data: {
      title: 'Filtering with the query language',
      summary: 'filters, sort, fields and pagination by example.',
      body: 'Try `?filters[category][$eq]=tutorial&sort=views:desc`.',
      category: 'tutorial',
      views: 340,
      rating: 4.8,
      price: '0',
      featured: false,
      publishDate: '2026-02-01',
      tags: ['guide'],
    },
    author: 'tom',
    categories: ['guides'],
    related: ['Hello, Tessera'],
    linked: {
      seo: { metaTitle: 'Filtering with the query language', metaDescription: 'filters, sort, fields and pagination.', noIndex: false },
      sources: [
        { label: 'Filters', url: 'https://docs.strapi.io/cms/api/rest/filters' },
        { label: 'Populate', url: 'https://docs.strapi.io/cms/api/rest/populate-select' },
      ],
      blocks: [
        { __component: 'shared.rich-text', body: 'Filters nest: `filters[author][name][$eq]=Tom Tutor` follows the relation.' },
        {
          __component: 'shared.slider',
          title: 'Three steps',
          slides: [
            { caption: 'Filter', imageUrl: 'https://example.com/filter.png' },
            { caption: 'Sort', imageUrl: 'https://example.com/sort.png' },
            { caption: 'Paginate', imageUrl: 'https://example.com/paginate.png' },
          ],
        },
      ],
    },
  },
  {
    data: {
      title: 'Why a CMS should be fast',
      summary: 'An opinion on latency budgets.',
      category: 'opinion',
      views: 75,
      rating: 3.9,
      publishDate: '2026-03-10',
      tags: [],
    },
    author: 'ada',
    categories: ['performance', 'announcements'],
    related: ['Hello, Tessera', 'Filtering with the query language'],
    linked: {
      seo: { metaTitle: 'Why a CMS should be fast' },
      sources: [],
      blocks: [{ __component: 'shared.quote', body: 'Every millisecond of the API is a millisecond of every page.', author: 'tom' }],
    },
  },
];

/** Creates `items` when `api`'s table is empty; returns documentId by key (by name for the existing ones). */
async function seedByKey(api, items, log, plural) {
  const ids = new Map();
  if ((await api.count()) === 0) {
    for (const { key, ...data } of items) ids.set(key, (await api.create({ data })).documentId);
    log.info(`Seeded ${items.length} ${plural}.`);
    return { ids, created: true };
  }
  for (const document of await api.findMany({ fields: ['name'] })) {
    const item = items.find((candidate) => candidate.name === document.name);
    if (item) ids.set(item.key, document.documentId);
  }
  return { ids, created: false };
}

/** The relation and component values of a seeded article, its relations resolved to documentIds. */
function linkedData(article, authorIds, categoryIds, articleIds) {
  const known = (ids) => (keys) => keys.map((key) => ids.get(key)).filter((id) => id !== undefined);
  return {
    author: authorIds.get(article.author) ?? null,
    categories: known(categoryIds)(article.categories),
    related: known(articleIds)(article.related),
    ...article.linked,
    blocks: article.linked.blocks.map((block) => ('author' in block ? { ...block, author: authorIds.get(block.author) ?? null } : block)),
  };
}

export async function bootstrap({ documents, log }) {
  const authorsApi = documents('api::author.author');
  const categoriesApi = documents('api::category.category');
  const articleApi = documents('api::article.article');

  const { ids: authorIds, created: authorsCreated } = await seedByKey(authorsApi, authors, log, 'authors');
  const { ids: categoryIds } = await seedByKey(categoriesApi, categories, log, 'categories');

  const articleIds = new Map();
  if ((await articleApi.count()) === 0) {
    for (const article of articles) {
      const data = { ...article.data, ...linkedData(article, authorIds, categoryIds, articleIds) };
      articleIds.set(article.data.title, (await articleApi.create({ data })).documentId);
    }
    log.info(`Seeded ${articles.length} articles.`);
  } else if (authorsCreated) {
    // A database seeded before the example had authors: give its seeded articles their
    // relations and components once, when the authors appear.
    for (const document of await articleApi.findMany({ fields: ['title'] })) articleIds.set(document.title, document.documentId);
    for (const article of articles) {
      const documentId = articleIds.get(article.data.title);
      if (documentId) await articleApi.update({ documentId, data: linkedData(article, authorIds, categoryIds, articleIds) });
    }
    log.info('Linked the seeded articles to their authors and categories.');
  }

  const homepage = documents('api::homepage.homepage');
  if (!(await homepage.findFirst())) {
    const featured = await articleApi.findMany({ fields: ['title'], sort: 'views:desc', limit: 2 });
    await homepage.create({
      data: {
        title: 'The Tessera blog',
        tagline: 'Examples of every attribute type.',
        featuredArticles: featured.map((article) => article.documentId),
        hero: { heading: 'The Tessera blog', subheading: 'A headless CMS that speaks the Strapi 5 content API.', cta: { label: 'Read the articles', url: '/api/articles?populate=*' } },
      },
    });
  }
}

// Seeds the example on first start, so a new user's first request returns documents.
const articles = [
  {
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
  {
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
  {
    title: 'Why a CMS should be fast',
    summary: 'An opinion on latency budgets.',
    category: 'opinion',
    views: 75,
    rating: 3.9,
    publishDate: '2026-03-10',
    tags: [],
  },
];

export async function bootstrap({ documents, log }) {
  const articleApi = documents('api::article.article');
  if ((await articleApi.count()) === 0) {
    for (const data of articles) await articleApi.create({ data });
    log.info(`Seeded ${articles.length} articles.`);
  }
  const homepage = documents('api::homepage.homepage');
  if (!(await homepage.findFirst())) {
    await homepage.create({ data: { title: 'The Tessera blog', tagline: 'Examples of every attribute type.' } });
  }
}

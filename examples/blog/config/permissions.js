// What the Public role (requests without credentials) may do. Everything else is private.
// Populating a relation needs `find` on its target too: without it the relation is left out.
export default {
  public: {
    'api::article.article': ['find', 'findOne'],
    'api::author.author': ['find', 'findOne'],
    'api::category.category': ['find', 'findOne'],
    'api::homepage.homepage': ['find'],
  },
};

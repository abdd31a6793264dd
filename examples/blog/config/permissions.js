// What the Public role (requests without credentials) may do. Everything else is private.
export default {
  public: {
    'api::article.article': ['find', 'findOne'],
    'api::homepage.homepage': ['find'],
  },
};

// Two locales: every document of the versions scenario exists in both.
export default () => ({
  i18n: { config: { locales: ['en', 'fr'], defaultLocale: 'en' } },
});

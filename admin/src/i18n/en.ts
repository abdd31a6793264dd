/**
 * Every English string the app shows, in one catalogue, so that it can be translated: a
 * translation is an object with the same keys (the type `Messages` holds it to them).
 * `{name}` marks a value filled in by `t`. A message that depends on a number has one key per
 * plural category of the language (`.one`, `.other`; `tPlural` picks with Intl.PluralRules).
 */
export const en = {
  'app.name': 'Tessera',
  'app.title': '{page} | Tessera',
  'title.login': 'Log in',
  'title.register': 'First administrator',
  'title.home': 'Home',
  'app.loading': 'Loading…',
  'app.skipToContent': 'Skip to content',
  'app.error.title': 'The admin panel could not start',
  'app.error.retry': 'Try again',
  'app.error.network': 'The server could not be reached.',

  'theme.toDark': 'Switch to dark theme',
  'theme.toLight': 'Switch to light theme',

  'auth.login.title': 'Welcome back',
  'auth.login.subtitle': 'Log in to your Tessera account',
  'auth.login.submit': 'Log in',
  'auth.login.rememberMe': 'Remember me',
  'auth.register.title': 'Welcome to Tessera',
  'auth.register.subtitle': 'Create the first administrator account',
  'auth.register.submit': 'Create the account',
  'auth.field.firstname': 'First name',
  'auth.field.lastname': 'Last name',
  'auth.field.email': 'Email',
  'auth.field.password': 'Password',
  'auth.field.confirmPassword': 'Confirm password',
  'auth.hint.password': 'At least 8 characters, with an uppercase letter, a lowercase letter and a number.',
  'auth.pending': 'Please wait…',
  'auth.error.required': 'This field is required.',
  'auth.error.email': 'Enter a valid email address.',
  'auth.error.passwordLength': 'The password must have at least 8 characters.',
  'auth.error.passwordTooLong': 'The password must have at most 72 bytes.',
  'auth.error.passwordLower': 'The password must contain a lowercase letter.',
  'auth.error.passwordUpper': 'The password must contain an uppercase letter.',
  'auth.error.passwordNumber': 'The password must contain a number.',
  'auth.error.passwordMatch': 'The passwords do not match.',
  'auth.error.invalidCredentials': 'The email or the password is wrong.',
  'auth.error.tooMany': 'Too many attempts: please wait a few minutes and try again.',
  'auth.error.blocked': 'This account is blocked or not active.',
  'auth.error.form.one': 'The form has an error: see the field marked below.',
  'auth.error.form.other': 'The form has {count} errors: see the fields marked below.',
  'auth.error.unexpected': 'Something went wrong: {message}',

  'shell.menu.open': 'Open the navigation',
  'shell.menu.close': 'Close the navigation',
  'shell.nav.label': 'Main navigation',
  'shell.nav.contentManager': 'Content Manager',
  'shell.nav.collectionTypes': 'Collection types',
  'shell.nav.singleTypes': 'Single types',
  'shell.nav.noTypes': 'No content type to show.',
  'shell.nav.mediaLibrary': 'Media Library',
  'shell.nav.loadError': 'The content types could not be loaded.',
  'shell.userMenu.label': 'Account of {name}',
  'shell.userMenu.logout': 'Log out',
  'shell.home.greeting': 'Hello {name}',
  'shell.home.summary': '{collections} and {singles}.',
  'shell.home.collectionTypes.one': '{count} collection type',
  'shell.home.collectionTypes.other': '{count} collection types',
  'shell.home.singleTypes.one': '{count} single type',
  'shell.home.singleTypes.other': '{count} single types',
  'shell.home.pick': 'Pick a content type in the navigation to manage its content.',
  'shell.page.notBuilt': 'This screen is not built yet: it comes with the next part of the admin panel.',
  'shell.page.unknownType': 'No content type here: it may have been removed, or you may not read it.',
  'shell.page.notFound': 'Page not found',
  'shell.page.backHome': 'Back to the home page',
} as const;

export type MessageKey = keyof typeof en;
/** A translation: every key of the English catalogue, each with a string. */
export type Messages = { readonly [K in MessageKey]: string };

/** What a missing name would be: a policy or a middleware, each with its folder and the function its file exports. */
const KINDS = {
  policy: { folder: 'src/policies', exports: '(policyContext, config, { strapi }) => boolean' },
  middleware: { folder: 'src/middlewares', exports: 'a factory (options, { strapi }) => (next, parent, args, context, info) => …' },
} as const;

/**
 * Why a policy or middleware named in `resolversConfig` is not there, and where it was
 * expected: a `global::<name>` is the project file `<folder>/<name>.{ts,mjs,js}`; other names
 * can only be the registered ones, which the message lists.
 */
export function missingExtensionMessage(kind: keyof typeof KINDS, name: string, where: string, registered: Iterable<string>): string {
  const { folder, exports } = KINDS[kind];
  const head = `${where} names the ${kind} "${name}", which does not exist`;
  if (name.startsWith('global::')) {
    const file = `${folder}/${name.slice('global::'.length)}`;
    return `${head}: add the file ${file}.ts (or .js, .mjs) to the project, exporting ${exports}`;
  }
  const known = [...registered].sort();
  const names = known.length > 0 ? known.map((item) => `"${item}"`).join(', ') : 'none';
  return `${head}: ${kind} names are "global::<file name>" for the files of ${folder}/, or one of the registered ${kind === 'policy' ? 'policies' : 'middlewares'} (${names})`;
}

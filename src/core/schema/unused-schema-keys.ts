/**
 * The keys of schema files that Tessera does not read. Strapi ignores unknown keys (its own
 * content-type builder writes some, such as `displayName` on attributes, and other plugins add
 * their `pluginOptions`), so Tessera loads them, keeps them in the files it writes back, and the
 * start says once which ones it does not use. A key that is one letter off a key Tessera reads
 * is named with that key: such a typo is ignored by Strapi too, silently.
 */

type Json = Readonly<Record<string, unknown>>;

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

const COMMON = ['type', 'required', 'private', 'writable', 'pluginOptions'];
const SCALAR = [...COMMON, 'unique', 'default', 'min', 'max', 'minLength', 'maxLength', 'regex', 'enum', 'targetField', 'options', 'customField'];
const ATTRIBUTE_KEYS: Readonly<Record<string, readonly string[]>> = {
  relation: [...COMMON, 'relation', 'target', 'inversedBy', 'mappedBy'],
  media: [...COMMON, 'multiple', 'allowedTypes'],
  component: [...COMMON, 'component', 'repeatable', 'min', 'max'],
  dynamiczone: [...COMMON, 'components', 'min', 'max'],
};

const TYPE_KEYS = ['kind', 'collectionName', 'info', 'options', 'pluginOptions', 'attributes'];
const TYPE_INFO = ['singularName', 'pluralName', 'displayName', 'description'];
// The builder writes `options: {}` in every component; what it holds is reported, not the key.
const COMPONENT_KEYS = ['collectionName', 'info', 'options', 'attributes'];
const COMPONENT_INFO = ['displayName', 'icon', 'description'];

/** Edit distance of at most one (a letter added, removed, changed or two swapped), ignoring case. */
function oneOff(a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x === y) return true;
  if (Math.abs(x.length - y.length) > 1 || Math.min(x.length, y.length) < 4) return false;
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i += 1;
  const rest = (s: string, from: number) => s.slice(from);
  return (
    rest(x, i + 1) === rest(y, i + 1) ||
    rest(x, i + 1) === rest(y, i) ||
    rest(x, i) === rest(y, i + 1) ||
    (x[i] === y[i + 1] && x[i + 1] === y[i] && rest(x, i + 2) === rest(y, i + 2))
  );
}

function unknownKeys(value: Json, known: readonly string[], at: string): string[] {
  return Object.keys(value)
    .filter((key) => !known.includes(key))
    .map((key) => {
      const near = known.find((candidate) => oneOff(key, candidate));
      return `${at}${key}${near === undefined ? '' : ` (did you mean "${near}"?)`}`;
    });
}

/** `pluginOptions`: Tessera reads `i18n.localized` only; other plugins' options are kept and unused. */
function pluginOptionKeys(value: unknown, at: string): string[] {
  if (!isObject(value)) return [];
  const keys = Object.keys(value).filter((key) => key !== 'i18n').map((key) => `${at}pluginOptions.${key}`);
  return isObject(value.i18n) ? [...keys, ...unknownKeys(value.i18n, ['localized'], `${at}pluginOptions.i18n.`)] : keys;
}

function attributeKeys(attributes: unknown): string[] {
  if (!isObject(attributes)) return [];
  return Object.entries(attributes).flatMap(([name, attribute]) => {
    if (!isObject(attribute)) return [];
    const type = attribute.type;
    let known = typeof type === 'string' ? (ATTRIBUTE_KEYS[type] ?? SCALAR) : SCALAR;
    // `options` shape a uid; on other attributes (a custom field's admin input, …) they are not read.
    if (type !== 'uid') known = known.filter((key) => key !== 'options');
    if (type !== 'customField') known = known.filter((key) => key !== 'customField');
    const at = `attributes.${name}.`;
    return [...unknownKeys(attribute, known, at), ...pluginOptionKeys(attribute.pluginOptions, at)];
  });
}

/** The keys of a content-type's schema.json that Tessera does not read, as paths (`attributes.title.displayName`). */
export function unusedContentTypeKeys(definition: unknown): string[] {
  if (!isObject(definition)) return [];
  return [
    ...unknownKeys(definition, TYPE_KEYS, ''),
    ...(isObject(definition.info) ? unknownKeys(definition.info, TYPE_INFO, 'info.') : []),
    ...(isObject(definition.options) ? unknownKeys(definition.options, ['draftAndPublish'], 'options.') : []),
    ...pluginOptionKeys(definition.pluginOptions, ''),
    ...attributeKeys(definition.attributes),
  ];
}

/** The keys of a component's file that Tessera does not read. */
export function unusedComponentKeys(definition: unknown): string[] {
  if (!isObject(definition)) return [];
  return [
    ...unknownKeys(definition, COMPONENT_KEYS, ''),
    ...(isObject(definition.info) ? unknownKeys(definition.info, COMPONENT_INFO, 'info.') : []),
    ...(isObject(definition.options) ? unknownKeys(definition.options, [], 'options.') : []),
    ...attributeKeys(definition.attributes),
  ];
}

/** One line for the start's log, or null when every key is used: `<file>: key, key; <file>: …`. */
export function unusedKeysReport(entries: readonly { readonly file: string; readonly keys: readonly string[] }[]): string | null {
  const listed = entries.filter((entry) => entry.keys.length > 0);
  if (listed.length === 0) return null;
  return `Schema keys Tessera does not use (loaded and kept in the files, as Strapi ignores them): ${listed.map((entry) => `${entry.file}: ${entry.keys.join(', ')}`).join('; ')}`;
}

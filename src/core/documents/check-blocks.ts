/**
 * Validation of a `blocks` value with the rules, messages and error paths of Strapi 5's blocks
 * validator (a yup schema, run without `strict` and without `abortEarly`): values are first cast
 * the way yup casts them (numbers to strings, "2" to 2, "true"/1 to true), then checked; every
 * failure is reported, in the order yup reports them. Facts recorded from Strapi 5.54 are in
 * test/fixtures/strapi-blocks-invalid/cases.json. Deliberate differences (docs/content-model.md):
 * a value that is not an array, a null node, and `children` or `image` sent as JSON text are
 * refused (Strapi stores the first, answers 500 to the second and parses the third).
 */

/** One failure; `path` is relative to the attribute (`['0', 'children']`). */
export interface BlocksProblem {
  readonly path: readonly string[];
  /** Text after the yup label (`must be one of …`), or the whole message when `labelled` is false. */
  readonly text: string;
  /** Strapi prefixes yup's built-in messages with the field's path (`content[0].level …`). */
  readonly labelled: boolean;
  /** The (cast) value Strapi reports; absent when it reports none. */
  readonly value?: unknown;
}

/** Lists nest; deeper than this a value is refused rather than walked (the JSON check allows 32 levels). */
const MAX_DEPTH = 24;
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'ftp:', 'mailto:', 'tel:']);
const MARKS = ['bold', 'italic', 'underline', 'strikethrough', 'code'] as const;
const HEADING_LEVELS = [1, 2, 3, 4, 5, 6];
const LIST_FORMATS = ['ordered', 'unordered'];
/** The image object's keys in Strapi's order: [key, kind, required]; a key not required may be null. */
const IMAGE_FIELDS: readonly (readonly [string, 'string' | 'number' | 'object', boolean])[] = [
  ['name', 'string', true],
  ['alternativeText', 'string', false],
  ['url', 'string', true],
  ['caption', 'string', false],
  ['width', 'number', true],
  ['height', 'number', true],
  ['formats', 'object', false],
  ['hash', 'string', true],
  ['ext', 'string', true],
  ['mime', 'string', true],
  ['size', 'number', true],
  ['previewUrl', 'string', false],
  ['provider', 'string', true],
  // provider_metadata: anything, null included (yup `mixed().nullable()`), so not listed.
  ['createdAt', 'string', true],
  ['updatedAt', 'string', true],
];

type Kind = 'string' | 'number' | 'boolean' | 'object' | 'array';
type NodeObject = Readonly<Record<string, unknown>>;

function isPlainObject(value: unknown): value is NodeObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

function printSimple(value: unknown): string | null {
  if (value === null || value === undefined || typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (typeof value === 'string') return `"${value}"`;
  return null;
}

/** yup's printing of a value in a type error: scalars inline, structures as indented JSON of printed leaves. */
function printValue(value: unknown): string {
  const simple = printSimple(value);
  if (simple !== null) return simple;
  return JSON.stringify(value, function (this: NodeObject, key: string, inner: unknown) {
    return printSimple(this[key]) ?? inner;
  }, 2);
}

/** What yup's non-strict cast makes of a sent value (JSON text is not parsed: a deliberate difference). */
function cast(kind: Kind, value: unknown): unknown {
  if (value === undefined) return undefined;
  switch (kind) {
    case 'string':
      if (value === null || typeof value === 'string' || Array.isArray(value) || typeof value === 'object') return value;
      return String(value);
    case 'number': {
      if (typeof value === 'number') return value;
      if (typeof value === 'string') {
        const compact = value.replace(/\s/g, '');
        return compact === '' ? Number.NaN : Number(compact);
      }
      return Number.NaN;
    }
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (/^(true|1)$/i.test(String(value))) return true;
      if (/^(false|0)$/i.test(String(value))) return false;
      return value;
    case 'object':
      return isPlainObject(value) ? value : null;
    case 'array':
      return Array.isArray(value) ? value : null;
  }
}

function isType(kind: Kind, value: unknown): boolean {
  switch (kind) {
    case 'number':
      return typeof value === 'number' && !Number.isNaN(value);
    case 'object':
      return isPlainObject(value);
    case 'array':
      return Array.isArray(value);
    default:
      return typeof value === kind;
  }
}

interface FieldRule {
  readonly kind: Kind;
  readonly required?: boolean;
  readonly nullable?: boolean;
  readonly oneOf?: readonly unknown[];
}

/** A path built as the walk descends, without copying; turned into an array only for a failure. */
interface Path {
  readonly parent: Path | undefined;
  readonly segment: string;
}

const at = (parent: Path | undefined, segment: string): Path => ({ parent, segment });

function segmentsOf(path: Path | undefined): string[] {
  const segments: string[] = [];
  for (let node = path; node; node = node.parent) segments.push(node.segment);
  return segments.reverse();
}

// The rules are built once: the check runs on every write that carries blocks.
const OBJECT: FieldRule = { kind: 'object' };
const CHILDREN: FieldRule = { kind: 'array', required: true };
const TEXT_TYPE: FieldRule = { kind: 'string', oneOf: ['text'], required: true };
const TEXT: FieldRule = { kind: 'string' };
const MARK: FieldRule = { kind: 'boolean' };
const URL_RULE: FieldRule = { kind: 'string' };
const LEVEL: FieldRule = { kind: 'number', oneOf: HEADING_LEVELS, required: true };
const FORMAT: FieldRule = { kind: 'string', oneOf: LIST_FORMATS, required: true };
const LANGUAGE: FieldRule = { kind: 'string', nullable: true };
const IMAGE_RULES = IMAGE_FIELDS.map(([key, kind, required]): readonly [string, FieldRule] => [key, { kind, required, nullable: !required }]);

class Collector {
  readonly problems: BlocksProblem[] = [];

  add(where: Path, text: string, labelled: boolean, value: unknown): void {
    const path = segmentsOf(where);
    this.problems.push(value === undefined ? { path, text, labelled } : { path, text, labelled, value });
  }

  /**
   * One field checked as yup does: the type and `oneOf` first; only when both pass, `required`.
   * Returns the cast value, and whether every rule passed (only then is it walked further).
   */
  field(path: Path, raw: unknown, rule: FieldRule): { ok: boolean; value: unknown } {
    const value = cast(rule.kind, raw);
    let ok = true;
    if (value !== undefined && !(value === null && rule.nullable === true) && !isType(rule.kind, value)) {
      const castFrom = raw !== null && raw !== undefined && raw !== value ? ` (cast from the value \`${printValue(raw)}\`).` : '.';
      this.add(path, `must be a \`${rule.kind}\` type, but the final value was: \`${printValue(value)}\`${castFrom}`, true, value);
      ok = false;
    }
    if (rule.oneOf && value !== undefined && !rule.oneOf.includes(value)) {
      this.add(path, `must be one of the following values: ${rule.oneOf.join(', ')}`, true, value);
      ok = false;
    }
    if (ok && rule.required === true && (value === undefined || value === null || value === '')) {
      this.add(path, 'is a required field', true, value);
      ok = false;
    }
    return { ok, value };
  }

  /** A `children` array: type, required, then its minimum, then each item. */
  children(path: Path, raw: unknown, minMessage: string | null, item: (child: unknown, where: Path) => void, depth: number): void {
    const childrenPath = at(path, 'children');
    const { ok, value } = this.field(childrenPath, raw, CHILDREN);
    if (!ok || !Array.isArray(value)) return;
    if (minMessage !== null && value.length === 0) {
      this.add(childrenPath, minMessage, false, value);
      return;
    }
    if (depth > MAX_DEPTH) {
      this.add(childrenPath, `Blocks may not nest more than ${MAX_DEPTH} levels deep`, false, undefined);
      return;
    }
    value.forEach((child, index) => item(child, at(childrenPath, String(index))));
  }

  text(node: unknown, path: Path): void {
    const { ok, value } = this.field(path, node, OBJECT);
    if (!ok || !isPlainObject(value)) return;
    this.field(at(path, 'type'), value.type, TEXT_TYPE);
    const text = this.field(at(path, 'text'), value.text, TEXT);
    if (text.ok && typeof text.value !== 'string') this.add(at(path, 'text'), 'Text must be defined with at least an empty string', false, text.value);
    for (const mark of MARKS) this.field(at(path, mark), value[mark], MARK);
  }

  link(node: NodeObject, path: Path, depth: number): void {
    const url = this.field(at(path, 'url'), node.url, URL_RULE);
    if (url.ok && !isValidLink(typeof url.value === 'string' ? url.value : '')) this.add(at(path, 'url'), 'Please specify a valid link.', false, url.value);
    this.children(path, node.children, null, (child, where) => this.text(child, where), depth + 1);
  }

  inline(node: unknown, path: Path, depth: number): void {
    const type = isPlainObject(node) ? node.type : undefined;
    if (type === 'text') this.text(node, path);
    else if (type === 'link' && isPlainObject(node)) this.link(node, path, depth);
    else this.add(path, 'Inline node must be Text or Link', false, node);
  }

  list(node: NodeObject, path: Path, depth: number): void {
    this.field(at(path, 'format'), node.format, FORMAT);
    this.children(path, node.children, 'List node children must have at least one ListItem or ListNode', (child, where) => {
      const type = isPlainObject(child) ? child.type : undefined;
      if (type === 'list' && isPlainObject(child)) this.list(child, where, depth + 1);
      else if (type === 'list-item' && isPlainObject(child)) {
        this.children(where, child.children, null, (inline, inlineAt) => this.inline(inline, inlineAt, depth + 2), depth + 2);
      } else this.add(where, 'Inline node must be list-item or list', false, child);
    }, depth + 1);
  }

  image(node: NodeObject, path: Path, depth: number): void {
    const imagePath = at(path, 'image');
    // yup fills an absent object with its fields' defaults, so each required key is reported.
    const sent = node.image === undefined ? {} : node.image;
    const { ok, value } = this.field(imagePath, sent, OBJECT);
    if (ok && isPlainObject(value)) {
      for (const [key, rule] of IMAGE_RULES) this.field(at(imagePath, key), value[key], rule);
    }
    this.children(path, node.children, null, (child, where) => this.inline(child, where, depth + 1), depth + 1);
  }

  block(node: unknown, path: Path): void {
    if (!isPlainObject(node)) {
      this.add(path, 'Block node is of invalid type', false, node);
      return;
    }
    const inline = (child: unknown, where: Path) => this.inline(child, where, 1);
    // The node's type picks its rules, so a known type always passes its own `type` check.
    switch (node.type) {
      case 'paragraph':
        this.children(path, node.children, 'Paragraph node children must have at least one Text or Link node', inline, 1);
        return;
      case 'quote':
        this.children(path, node.children, 'Quote node children must have at least one Text or Link node', inline, 1);
        return;
      case 'heading':
        this.field(at(path, 'level'), node.level, LEVEL);
        this.children(path, node.children, 'Heading node children must have at least one Text or Link node', inline, 1);
        return;
      case 'code':
        this.field(at(path, 'language'), node.language, LANGUAGE);
        // Strapi's code validator reuses the quote's message.
        this.children(path, node.children, 'Quote node children must have at least one Text or Link node', (child, where) => this.text(child, where), 1);
        return;
      case 'list':
        this.list(node, path, 0);
        return;
      case 'image':
        this.image(node, path, 0);
        return;
      default:
        this.add(path, 'Block node is of invalid type', false, node);
    }
  }
}

/** Strapi's rule: one of five protocols, or a path starting with `/` (resolved against a dummy origin). */
export function isValidLink(url: string): boolean {
  try {
    return LINK_PROTOCOLS.has(new URL(url.startsWith('/') ? `https://example.com${url}` : url).protocol);
  } catch {
    return false;
  }
}

/** Every failure of a blocks value, in Strapi's order; empty when it is valid. */
export function checkBlocks(value: unknown): readonly BlocksProblem[] {
  if (!Array.isArray(value)) return [{ path: [], text: 'must be an array of blocks', labelled: true, value }];
  const collector = new Collector();
  value.forEach((block, index) => collector.block(block, at(undefined, String(index))));
  return collector.problems;
}

/** yup's label of a path: `content[0].children[1].url`. */
function label(path: readonly string[]): string {
  return path.map((segment, index) => (/^\d+$/.test(segment) ? `[${segment}]` : index === 0 ? segment : `.${segment}`)).join('');
}

/** The message Strapi gives for a problem of the attribute at `base` (`['content']`, or a component's path). */
export function blocksMessage(problem: BlocksProblem, base: readonly string[]): string {
  return problem.labelled ? `${label([...base, ...problem.path])} ${problem.text}` : problem.text;
}

import { ValidationError } from '../../core/shared/errors.js';
import { isSniffableExtension, mimeOfExtension } from './mime-table.js';

export interface FileKind {
  /** Lowercased, with its dot (`.png`), or '' when the file has none. */
  readonly ext: string;
  readonly mime: string;
}

/** Programs: never stored under another type's name. */
const EXECUTABLES = new Set([
  'application/x-elf', 'application/x-msdownload', 'application/x-mach-binary', 'application/x-sharedlib',
  'application/x-executable', 'application/vnd.microsoft.portable-executable', 'application/x-dosexec',
]);

function family(mime: string): string {
  return mime.slice(0, mime.indexOf('/'));
}

/** No NUL byte and valid UTF-8 in the first bytes: plain text rather than an unknown binary. */
function looksLikeText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, Math.max(0, head.length - 4)));
    return true;
  } catch {
    return false;
  }
}

/**
 * What a file is, from its content first: the sniffed type wins, and the client's extension is
 * used only for types that cannot be recognised from content (text, CSV, JSON…). A file whose
 * content contradicts its extension's type (an executable named `.png`, text named `.pdf`, a
 * GIF named `.jpg`) is refused: browsers and other tools trust the extension.
 */
export function resolveFileKind(name: string, clientExt: string, sniffed: { readonly ext: string; readonly mime: string } | undefined, head: Buffer): FileKind {
  const claimed = mimeOfExtension(clientExt);
  const refuse = (what: string): never => {
    throw new ValidationError(`${name}: the content (${what}) does not match the extension ${clientExt}`, { name, ext: clientExt });
  };
  if (sniffed) {
    const sniffedExt = `.${sniffed.ext.toLowerCase()}`;
    if (clientExt !== '' && clientExt !== sniffedExt && claimed !== sniffed.mime) {
      const contradicts = claimed === undefined
        ? EXECUTABLES.has(sniffed.mime)
        : EXECUTABLES.has(sniffed.mime) || family(claimed) === 'image' || family(sniffed.mime) === 'image' || family(claimed) !== family(sniffed.mime);
      if (contradicts) refuse(sniffed.mime);
    }
    return { ext: sniffedExt, mime: sniffed.mime };
  }
  if (isSniffableExtension(clientExt)) refuse('not recognised');
  if (clientExt === '.svg' && !/<svg[\s>]/i.test(head.toString('utf8'))) refuse('not SVG');
  return { ext: clientExt, mime: claimed ?? (looksLikeText(head) ? 'text/plain' : 'application/octet-stream') };
}

/** The client's extension of a file name, lowercased, when it is a plausible one (`.tar.gz` → `.gz`). */
export function extensionOf(name: string): string {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(name);
  return match ? `.${match[1]?.toLowerCase() ?? ''}` : '';
}

/**
 * A client's file name made safe to keep: its last path segment (`../../etc/passwd` →
 * `passwd`, `C:\x\a.png` → `a.png`), control and bidi characters removed, at most 255 characters.
 */
export function sanitizeFileName(raw: string): string {
  const base = raw.split(/[/\\]/).at(-1) ?? '';
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const cleaned = base.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  const name = cleaned === '.' || cleaned === '..' ? '' : cleaned;
  return name.slice(0, 255) || 'file';
}

import type { MediaType } from '../../schema/attribute.js';
import type { Model } from '../../schema/content-type.js';
import { ValidationError, type FieldError } from '../../shared/errors.js';
import type { RelationRef, RelationWrite } from './relation-write.js';
import type { RefResolver } from './resolve-relation-refs.js';

/** What a file's mime type makes it, as `allowedTypes` names kinds: anything not image, video or audio is a file. */
export function mediaTypeOf(mime: string): MediaType {
  const family = mime.toLowerCase().split('/', 1)[0];
  if (family === 'image') return 'images';
  if (family === 'video') return 'videos';
  if (family === 'audio') return 'audios';
  return 'files';
}

/** The file type's columns a check reads: its mime, and its name for the message. */
function fileColumns(files: Model): { mime: string; name: string } | null {
  const mime = files.attributes.get('mime');
  const name = files.attributes.get('name');
  if (mime?.kind !== 'scalar' || name?.kind !== 'scalar') return null;
  return { mime: mime.column, name: name.column };
}

function restricted(write: RelationWrite): readonly MediaType[] | null {
  return write.attribute.media?.allowedTypes ?? null;
}

/**
 * Asks the resolver to read what the check needs along with the ids it resolves, so that a
 * media write costs no query of its own. Writes without `allowedTypes` need nothing.
 */
export function selectMediaColumns(write: RelationWrite, files: Model, resolver: RefResolver): void {
  const columns = fileColumns(files);
  if (restricted(write) !== null && columns !== null) resolver.select(files, [columns.mime, columns.name]);
}

function label(ref: RelationRef): string {
  return 'documentId' in ref ? ref.documentId : String(ref.rowId);
}

function mediaErrors(write: RelationWrite, files: Model, resolver: RefResolver): FieldError[] {
  const allowed = restricted(write);
  const columns = fileColumns(files);
  if (allowed === null || columns === null) return [];
  const items = write.mode === 'set' ? write.items : write.connect;
  return items.flatMap(({ ref }): FieldError[] => {
    const found = resolver.lookup(files, ref)?.columns;
    // Unknown ids were refused already; a file without a mime cannot be of an allowed type either.
    if (!found) return [];
    const mime = typeof found[columns.mime] === 'string' ? (found[columns.mime] as string) : '';
    if (mime !== '' && allowed.includes(mediaTypeOf(mime))) return [];
    const name = typeof found[columns.name] === 'string' ? ` "${found[columns.name] as string}"` : '';
    return [{
      path: write.path,
      message: `${write.attribute.name}: the file ${label(ref)}${name} (${mime || 'no mime type'}) is not an allowed type; allowed: ${allowed.join(', ')}`,
      name: 'ValidationError',
      value: 'documentId' in ref ? ref.documentId : ref.rowId,
    }];
  });
}

/** Refuses files that a media attribute's `allowedTypes` do not accept (after the ids resolved), every one in one 400. */
export function checkMediaTypes(parts: readonly { readonly write: RelationWrite; readonly files: Model; readonly resolver: RefResolver }[]): void {
  const errors = parts.flatMap(({ write, files, resolver }) => (write.attribute.media ? mediaErrors(write, files, resolver) : []));
  if (errors.length > 0) throw ValidationError.fromFieldErrors(errors);
}

/**
 * The well-known extensions' mime types: used for types that cannot be recognised from their
 * content (text, CSV, JSON, SVG…), to check a client's extension against what the content
 * is, and to serve stored files.
 */
const MIME_BY_EXTENSION: Readonly<Record<string, string>> = {
  '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp',
  '.avif': 'image/avif', '.tif': 'image/tiff', '.tiff': 'image/tiff', '.bmp': 'image/bmp', '.ico': 'image/x-icon',
  '.heic': 'image/heic', '.heif': 'image/heif', '.svg': 'image/svg+xml',
  '.mp4': 'video/mp4', '.m4v': 'video/x-m4v', '.mov': 'video/quicktime', '.webm': 'video/webm', '.mkv': 'video/x-matroska',
  '.avi': 'video/vnd.avi', '.mpg': 'video/mpeg', '.mpeg': 'video/mpeg',
  '.mp3': 'audio/mpeg', '.wav': 'audio/wav', '.ogg': 'audio/ogg', '.oga': 'audio/ogg', '.flac': 'audio/flac', '.m4a': 'audio/mp4', '.aac': 'audio/aac', '.opus': 'audio/opus',
  '.pdf': 'application/pdf', '.zip': 'application/zip', '.gz': 'application/gzip', '.tar': 'application/x-tar', '.7z': 'application/x-7z-compressed',
  '.doc': 'application/msword', '.xls': 'application/vnd.ms-excel', '.ppt': 'application/vnd.ms-powerpoint',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.odt': 'application/vnd.oasis.opendocument.text', '.ods': 'application/vnd.oasis.opendocument.spreadsheet',
  '.txt': 'text/plain', '.text': 'text/plain', '.log': 'text/plain', '.csv': 'text/csv', '.tsv': 'text/tab-separated-values', '.md': 'text/markdown',
  '.html': 'text/html', '.htm': 'text/html', '.css': 'text/css', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.json': 'application/json', '.xml': 'application/xml', '.yaml': 'application/yaml', '.yml': 'application/yaml', '.rtf': 'application/rtf',
  '.woff': 'font/woff', '.woff2': 'font/woff2', '.ttf': 'font/ttf', '.otf': 'font/otf',
};

/** `.png` → `image/png`; undefined for an extension not in the table. */
export function mimeOfExtension(ext: string): string | undefined {
  return Object.hasOwn(MIME_BY_EXTENSION, ext) ? MIME_BY_EXTENSION[ext] : undefined;
}

/**
 * Extensions whose content file-type recognises: a file named so whose content it does not
 * recognise as that type is lying about itself. SVG is XML text, so it is not among them.
 */
const SNIFFABLE = new Set([
  '.png', '.jpg', '.jpeg', '.gif', '.webp', '.avif', '.tif', '.tiff', '.bmp', '.ico', '.heic', '.heif',
  '.mp4', '.m4v', '.mov', '.webm', '.mkv', '.avi', '.mpg', '.mpeg', '.mp3', '.wav', '.ogg', '.oga', '.flac', '.m4a', '.opus',
  '.pdf', '.zip', '.gz', '.7z', '.docx', '.xlsx', '.pptx', '.odt', '.ods', '.woff', '.woff2', '.ttf', '.otf',
]);

export function isSniffableExtension(ext: string): boolean {
  return SNIFFABLE.has(ext);
}

import { randomUUID } from 'node:crypto';
import { rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as SharpModule from 'sharp';
import type { Metadata, Sharp, SharpOptions } from 'sharp';

type SharpFactory = (typeof SharpModule)['default'];

/**
 * sharp, loaded on first use: libvips costs ~33 MB of memory and ~0.3 s, which a project that
 * never receives an image should not pay at start. (Node caches the module after the first call.)
 */
async function loadSharp(): Promise<SharpFactory> {
  return (await import('sharp')).default;
}

/** Thrown for a corrupt or truncated image, or one over the pixel limit (a decompression bomb). */
export class CorruptImageError extends Error {
  override readonly name = 'CorruptImageError';
}

export interface GeneratedFormat {
  /** The format's key: `thumbnail` or a breakpoint's name (`large`, `medium`, `small`…). */
  name: string;
  width: number;
  height: number;
  sizeInBytes: number;
  /** The canonical extension of the original's format (`.jpg`, `.png`, `.webp`, `.gif`, `.tif`, `.avif`). */
  ext: string;
  /** The original's mime type, as the caller passed it. */
  mime: string;
  /** A temp file under os.tmpdir(); the caller uploads it and then deletes it. */
  path: string;
}

/**
 * sharp's own default (0x3FFF²), stated here so the bomb check on the header and sharp's
 * refusal while decoding agree: about 268 megapixels, 1 GB of RGBA once decoded.
 */
export const MAX_INPUT_PIXELS = 268_402_689;

/** Fit inside this box, as Strapi's THUMBNAIL_RESIZE_OPTIONS. */
const THUMBNAIL = { width: 245, height: 156 } as const;

const INPUT_OPTIONS: SharpOptions = {
  // Strapi's autoOrientation setting defaults to off: pixels and dimensions stay as stored.
  autoOrient: false,
  // 'truncated' rather than sharp's default 'warning': a truncated file is unusable, but a
  // harmless warning (an odd marker, extra bytes) must not refuse an image browsers display.
  failOn: 'truncated',
  limitInputPixels: MAX_INPUT_PIXELS,
  // Decodes top to bottom in strips instead of holding the whole decoded image.
  sequentialRead: true,
};

/** Formats Strapi treats as images (recorded width/height); the others are plain files. */
type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'tiff' | 'avif' | 'svg';
/** Formats whose responsive formats are generated, each in the original's own format. */
type ResizableFormat = Exclude<ImageFormat, 'svg'>;

const EXT_BY_FORMAT: Readonly<Record<ResizableFormat, string>> = {
  jpeg: '.jpg', png: '.png', webp: '.webp', gif: '.gif', tiff: '.tif', avif: '.avif',
};

/** Width and height of an image sharp can read; null when the file is not an image format sharp reads (PDF, text…); throws CorruptImageError for a corrupt or truncated image. */
export async function readImageInfo(path: string): Promise<{ width: number; height: number } | null> {
  const image = await inspect(path);
  return image === null ? null : { width: image.width, height: image.height };
}

/**
 * The responsive formats of an image file: `thumbnail` (fit inside 245×156) when the image is
 * larger than that, and one per breakpoint that is smaller than the original's width or height
 * (fit inside a square of the breakpoint's size), as Strapi does. Returned in the order
 * thumbnail, then breakpoints largest first; none for non-images, SVG and animated images.
 *
 * Each format is written to its own temp file under os.tmpdir(); the caller uploads each one
 * and then deletes it (`rm(format.path, { force: true })`), on success and on failure alike.
 * If this function itself fails it leaves no temp file behind.
 */
export async function generateFormats(
  path: string,
  options: { breakpoints: Readonly<Record<string, number>>; mime: string },
): Promise<GeneratedFormat[]> {
  const image = await inspect(path);
  if (image === null || image.format === 'svg' || image.animated) return [];
  const { format } = image;
  const sharp = await loadSharp();
  const generated: GeneratedFormat[] = [];
  try {
    for (const plan of planFormats(image, options.breakpoints)) {
      const outPath = join(tmpdir(), `tessera-format-${randomUUID()}${EXT_BY_FORMAT[format]}`);
      // Pushed before writing so a failure mid-write still removes the partial file.
      const entry: GeneratedFormat = { name: plan.name, width: 0, height: 0, sizeInBytes: 0, ext: EXT_BY_FORMAT[format], mime: options.mime, path: outPath };
      generated.push(entry);
      const info = await encode(
        sharp(path, INPUT_OPTIONS).resize({
          width: plan.width,
          height: plan.height,
          fit: 'inside',
          // JPEG's shrink-on-load rounds the intermediate size, which makes e.g. 2000×1500
          // come out 209×156 instead of the exact 208×156.
          fastShrinkOnLoad: false,
        }),
        format,
      ).toFile(outPath);
      Object.assign(entry, { width: info.width, height: info.height, sizeInBytes: info.size });
    }
  } catch (error) {
    await Promise.all(generated.map((entry) => rm(entry.path, { force: true })));
    throw error;
  }
  return generated;
}

interface InspectedImage {
  format: ImageFormat;
  width: number;
  height: number;
  animated: boolean;
}

/**
 * Reads the header, refuses bombs, then decodes the whole image once at a reduced size so a
 * truncated or corrupt body is found before anything is stored.
 */
async function inspect(path: string): Promise<InspectedImage | null> {
  const sharp = await loadSharp();
  // libvips' operation cache keeps decoded pixels of past uploads alive (RSS grew by 240 MB
  // over one 108-megapixel upload's formats, against 40 MB without it) and never gets a hit,
  // since every upload is a new file. The setting is process-wide and idempotent.
  sharp.cache(false);
  // A missing or unreadable file is the caller's error, not a corrupt image.
  await stat(path);
  let metadata: Metadata;
  try {
    metadata = await sharp(path, INPUT_OPTIONS).metadata();
  } catch (error) {
    if (isUnsupportedFormat(error)) return null;
    throw new CorruptImageError(`The image is corrupt: ${messageOf(error)}`, { cause: error });
  }
  const format = imageFormatOf(metadata);
  const { width, height } = metadata;
  if (format === null || width === undefined || height === undefined) return null;
  if (width * height > MAX_INPUT_PIXELS) {
    throw new CorruptImageError(`The image's ${width}×${height} pixels exceed the pixel limit of ${MAX_INPUT_PIXELS}`);
  }
  // Rendering an SVG runs its whole document for nothing: it never gets formats.
  if (format !== 'svg') {
    try {
      await sharp(path, INPUT_OPTIONS).resize({ width: 64, height: 64, fit: 'inside' }).raw().toBuffer();
    } catch (error) {
      throw new CorruptImageError(`The image is corrupt or truncated: ${messageOf(error)}`, { cause: error });
    }
  }
  return { format, width, height, animated: (metadata.pages ?? 1) > 1 };
}

function imageFormatOf(metadata: Metadata): ImageFormat | null {
  switch (metadata.format) {
    case 'jpeg': case 'png': case 'webp': case 'gif': case 'tiff': case 'svg':
      return metadata.format;
    // sharp names the HEIF container; only its AV1 flavour (AVIF) is a web image it decodes.
    case 'heif':
      return metadata.compression === 'av1' ? 'avif' : null;
    default:
      return null;
  }
}

interface FormatPlan {
  name: string;
  width: number;
  height: number;
}

function planFormats(size: { width: number; height: number }, breakpoints: Readonly<Record<string, number>>): FormatPlan[] {
  const plans: FormatPlan[] = [];
  if (size.width > THUMBNAIL.width || size.height > THUMBNAIL.height) plans.push({ name: 'thumbnail', ...THUMBNAIL });
  const applicable = Object.entries(breakpoints)
    .map(([name, breakpoint]) => {
      if (!Number.isInteger(breakpoint) || breakpoint <= 0) {
        throw new TypeError(`The breakpoint ${JSON.stringify(name)} must be a positive integer, got ${String(breakpoint)}`);
      }
      return { name, breakpoint };
    })
    // Strapi's rule: a breakpoint below either dimension, so the result never enlarges.
    .filter(({ breakpoint }) => breakpoint < size.width || breakpoint < size.height)
    .sort((a, b) => b.breakpoint - a.breakpoint);
  for (const { name, breakpoint } of applicable) plans.push({ name, width: breakpoint, height: breakpoint });
  return plans;
}

/** Keeps the original's format, with sharp's default encoder settings (as Strapi's resize). */
function encode(pipeline: Sharp, format: ResizableFormat): Sharp {
  switch (format) {
    case 'jpeg': return pipeline.jpeg();
    case 'png': return pipeline.png();
    case 'webp': return pipeline.webp();
    case 'gif': return pipeline.gif();
    case 'tiff': return pipeline.tiff();
    case 'avif': return pipeline.avif();
  }
}

function isUnsupportedFormat(error: unknown): boolean {
  return /unsupported image format/i.test(messageOf(error));
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What Strapi's `optimize` applies to an uploaded image, from the media library's settings. */
export interface OptimizeOptions {
  /** Re-encode at quality 80 (100 otherwise), kept only when smaller than the original. */
  readonly sizeOptimization: boolean;
  /** Rotate by the EXIF orientation. */
  readonly autoOrientation: boolean;
}

export interface OptimizedImage {
  readonly path: string;
  readonly sizeInBytes: number;
  readonly width: number;
  readonly height: number;
}

/** Formats Strapi optimizes (not GIF, not SVG). */
const OPTIMIZABLE: ReadonlySet<ImageFormat> = new Set(['jpeg', 'png', 'webp', 'tiff', 'avif']);

/**
 * Strapi's `optimize`: when either setting is on and the image is of an optimizable format, the
 * image re-encoded in its own format (quality 80 with sizeOptimization, else 100), rotated by
 * its EXIF orientation with autoOrientation, written to `outPath`. Null when nothing applies,
 * or when the result is larger than the original (Strapi keeps the original then, rotation
 * included). The caller removes `outPath` in every case.
 */
export async function optimizeImage(path: string, outPath: string, options: OptimizeOptions, originalBytes: number): Promise<OptimizedImage | null> {
  if (!options.sizeOptimization && !options.autoOrientation) return null;
  const image = await inspect(path);
  if (image === null || !OPTIMIZABLE.has(image.format) || image.animated) return null;
  const format = image.format as Exclude<ResizableFormat, 'gif'>;
  const sharp = await loadSharp();
  let pipeline = sharp(path, { ...INPUT_OPTIONS, sequentialRead: false });
  if (options.autoOrientation) pipeline = pipeline.rotate();
  const quality = options.sizeOptimization ? 80 : 100;
  const encoded = format === 'jpeg' ? pipeline.jpeg({ quality }) : format === 'png' ? pipeline.png({ quality }) : format === 'webp' ? pipeline.webp({ quality }) : format === 'tiff' ? pipeline.tiff({ quality }) : pipeline.avif({ quality });
  const info = await encoded.toFile(outPath);
  if (info.size > originalBytes) return null;
  return { path: outPath, sizeInBytes: info.size, width: info.width, height: info.height };
}

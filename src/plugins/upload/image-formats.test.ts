import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { crc32 } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import { CorruptImageError, generateFormats, MAX_INPUT_PIXELS, readImageInfo, type GeneratedFormat } from './image-formats.js';

const DEFAULT_BREAKPOINTS = { large: 1000, medium: 750, small: 500 };

/** A flat colour: quick to encode, even as GIF or AVIF. */
function plain(width: number, height: number): Sharp {
  return sharp({ create: { width, height, channels: 3, background: '#336699' } });
}

/** Noise, so that cutting the file in half cuts real image data. */
function noisy(width: number, height: number): Sharp {
  return sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 30 } } });
}

function summary(formats: GeneratedFormat[]): string[] {
  return formats.map((format) => `${format.name} ${format.width}×${format.height}`);
}

describe('image formats', () => {
  let inputs: string;
  let outputs: string;
  const originalTmpdir = process.env.TMPDIR;

  before(async () => {
    inputs = await mkdtemp(join(tmpdir(), 'tessera-image-formats-in-'));
    outputs = await mkdtemp(join(tmpdir(), 'tessera-image-formats-out-'));
    // os.tmpdir() follows TMPDIR: the formats land in a folder this test can list exactly.
    process.env.TMPDIR = outputs;
  });

  after(async () => {
    if (originalTmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = originalTmpdir;
    await rm(inputs, { recursive: true, force: true });
    await rm(outputs, { recursive: true, force: true });
  });

  /** The caller's duty, as the upload service does it after uploading each format. */
  async function deleteFormats(formats: GeneratedFormat[]): Promise<void> {
    await Promise.all(formats.map((format) => rm(format.path, { force: true })));
    assert.deepEqual(await readdir(outputs), [], 'every temp file is one the caller was given');
  }

  async function assertFilesMatch(formats: GeneratedFormat[], sharpFormat: string): Promise<void> {
    for (const format of formats) {
      assert.ok(format.path.startsWith(outputs), `${format.path} is under os.tmpdir()`);
      const metadata = await sharp(format.path).metadata();
      assert.equal(metadata.format, sharpFormat);
      assert.equal(metadata.width, format.width);
      assert.equal(metadata.height, format.height);
      assert.equal((await stat(format.path)).size, format.sizeInBytes);
    }
  }

  it('makes a thumbnail and the three breakpoints of a 2000×1500 JPEG, largest first', async () => {
    const path = join(inputs, 'photo.jpg');
    await plain(2000, 1500).jpeg().toFile(path);
    assert.deepEqual(await readImageInfo(path), { width: 2000, height: 1500 });
    const formats = await generateFormats(path, { breakpoints: DEFAULT_BREAKPOINTS, mime: 'image/jpeg' });
    // 750×562.5 rounds up; the thumbnail is the exact 208 (JPEG shrink-on-load would give 209).
    assert.deepEqual(summary(formats), ['thumbnail 208×156', 'large 1000×750', 'medium 750×563', 'small 500×375']);
    for (const format of formats) {
      assert.equal(format.ext, '.jpg');
      assert.equal(format.mime, 'image/jpeg');
      assert.ok(format.sizeInBytes > 0);
    }
    await assertFilesMatch(formats, 'jpeg');
    assert.equal(new Set(formats.map((format) => format.path)).size, 4);
    await deleteFormats(formats);
  });

  it('makes only the thumbnail and small of a 600×400 PNG', async () => {
    const path = join(inputs, 'picture.png');
    await plain(600, 400).png().toFile(path);
    assert.deepEqual(await readImageInfo(path), { width: 600, height: 400 });
    const formats = await generateFormats(path, { breakpoints: DEFAULT_BREAKPOINTS, mime: 'image/png' });
    assert.deepEqual(summary(formats), ['thumbnail 234×156', 'small 500×333']);
    assert.deepEqual(formats.map((format) => [format.ext, format.mime]), [['.png', 'image/png'], ['.png', 'image/png']]);
    await assertFilesMatch(formats, 'png');
    await deleteFormats(formats);
  });

  it('makes nothing for an image within the thumbnail box', async () => {
    const path = join(inputs, 'small.png');
    await plain(200, 100).png().toFile(path);
    assert.deepEqual(await readImageInfo(path), { width: 200, height: 100 });
    assert.deepEqual(await generateFormats(path, { breakpoints: DEFAULT_BREAKPOINTS, mime: 'image/png' }), []);
    assert.deepEqual(await readdir(outputs), []);
  });

  it('applies a breakpoint when it is below the height alone (portrait images)', async () => {
    const path = join(inputs, 'portrait.png');
    await plain(240, 800).png().toFile(path);
    const formats = await generateFormats(path, { breakpoints: DEFAULT_BREAKPOINTS, mime: 'image/png' });
    assert.deepEqual(summary(formats), ['thumbnail 47×156', 'medium 225×750', 'small 150×500']);
    await deleteFormats(formats);
  });

  it('keeps WebP as WebP', async () => {
    const path = join(inputs, 'picture.webp');
    await plain(1200, 800).webp().toFile(path);
    assert.deepEqual(await readImageInfo(path), { width: 1200, height: 800 });
    const formats = await generateFormats(path, { breakpoints: DEFAULT_BREAKPOINTS, mime: 'image/webp' });
    assert.deepEqual(summary(formats), ['thumbnail 234×156', 'large 1000×667', 'medium 750×500', 'small 500×333']);
    assert.ok(formats.every((format) => format.ext === '.webp' && format.mime === 'image/webp'));
    await assertFilesMatch(formats, 'webp');
    await deleteFormats(formats);
  });

  it('keeps GIF, TIFF and AVIF in their formats', async () => {
    for (const [name, encode, sharpFormat, ext] of [
      ['still.gif', (image: Sharp) => image.gif(), 'gif', '.gif'],
      ['scan.tif', (image: Sharp) => image.tiff(), 'tiff', '.tif'],
      ['modern.avif', (image: Sharp) => image.avif(), 'heif', '.avif'],
    ] as const) {
      const path = join(inputs, name);
      await encode(plain(600, 400)).toFile(path);
      assert.deepEqual(await readImageInfo(path), { width: 600, height: 400 }, name);
      const formats = await generateFormats(path, { breakpoints: DEFAULT_BREAKPOINTS, mime: 'image/x-test' });
      assert.deepEqual(summary(formats), ['thumbnail 234×156', 'small 500×333'], name);
      assert.ok(formats.every((format) => format.ext === ext && format.mime === 'image/x-test'), name);
      await assertFilesMatch(formats, sharpFormat);
      await deleteFormats(formats);
    }
  });

  it('follows configured breakpoints, whatever their names and order', async () => {
    const path = join(inputs, 'custom.jpg');
    await plain(2000, 1500).jpeg().toFile(path);
    const formats = await generateFormats(path, { breakpoints: { tiny: 64, xlarge: 1920, huge: 4000 }, mime: 'image/jpeg' });
    assert.deepEqual(summary(formats), ['thumbnail 208×156', 'xlarge 1920×1440', 'tiny 64×48']);
    await deleteFormats(formats);
    await assert.rejects(generateFormats(path, { breakpoints: { odd: 12.5 }, mime: 'image/jpeg' }), TypeError);
  });

  it('records the size of an SVG but makes no formats of it', async () => {
    const path = join(inputs, 'logo.svg');
    await writeFile(path, '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="red"/></svg>');
    assert.deepEqual(await readImageInfo(path), { width: 800, height: 600 });
    assert.deepEqual(await generateFormats(path, { breakpoints: DEFAULT_BREAKPOINTS, mime: 'image/svg+xml' }), []);
  });

  it('makes no formats of an animated GIF', async () => {
    const path = join(inputs, 'animated.gif');
    const frames = await Promise.all([0, 1, 2].map((i) => sharp({ create: { width: 600, height: 400, channels: 3, background: { r: i * 100, g: 0, b: 0 } } }).png().toBuffer()));
    await sharp(frames, { join: { animated: true } }).gif().toFile(path);
    assert.equal((await sharp(path).metadata()).pages, 3);
    assert.deepEqual(await readImageInfo(path), { width: 600, height: 400 });
    assert.deepEqual(await generateFormats(path, { breakpoints: DEFAULT_BREAKPOINTS, mime: 'image/gif' }), []);
  });

  it('refuses truncated PNG and JPEG files', async () => {
    for (const [name, encode] of [['cut.png', (image: Sharp) => image.png()], ['cut.jpg', (image: Sharp) => image.jpeg()]] as const) {
      const whole = await encode(noisy(600, 400)).toBuffer();
      const path = join(inputs, name);
      await writeFile(path, whole.subarray(0, Math.floor(whole.length / 2)));
      await assert.rejects(readImageInfo(path), CorruptImageError, name);
      await assert.rejects(generateFormats(path, { breakpoints: DEFAULT_BREAKPOINTS, mime: 'image/png' }), CorruptImageError, name);
    }
    assert.deepEqual(await readdir(outputs), []);
  });

  it('refuses a decompression bomb from its header, before decoding', async () => {
    // A real 1×1 PNG whose header claims 20000×20000 (400 megapixels).
    const png = Buffer.from(await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } }).png().toBuffer());
    const ihdr = 8 + 4; // signature, then the chunk's length
    png.writeUInt32BE(20000, ihdr + 4);
    png.writeUInt32BE(20000, ihdr + 8);
    png.writeUInt32BE(crc32(png.subarray(ihdr, ihdr + 4 + 13)), ihdr + 4 + 13);
    const path = join(inputs, 'bomb.png');
    await writeFile(path, png);
    assert.ok(20000 * 20000 > MAX_INPUT_PIXELS);
    await assert.rejects(readImageInfo(path), (error: unknown) => error instanceof CorruptImageError && /pixel limit/i.test(error.message));
    await assert.rejects(generateFormats(path, { breakpoints: DEFAULT_BREAKPOINTS, mime: 'image/png' }), CorruptImageError);
  });

  it('answers null and no formats for files that are not images', async () => {
    const files: Array<[string, string | Buffer]> = [
      ['notes.txt', 'Just some text.\n'],
      ['doc.pdf', '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'],
      ['empty.bin', Buffer.alloc(0)],
      ['fake.png', 'MZ\x90\x00 an executable wearing a .png name'],
    ];
    for (const [name, content] of files) {
      const path = join(inputs, name);
      await writeFile(path, content);
      assert.equal(await readImageInfo(path), null, name);
      assert.deepEqual(await generateFormats(path, { breakpoints: DEFAULT_BREAKPOINTS, mime: 'application/octet-stream' }), [], name);
    }
  });

  it('lets a missing file fail as such, not as a corrupt image', async () => {
    const path = join(inputs, 'missing.png');
    await assert.rejects(readImageInfo(path), (error: unknown) => !(error instanceof CorruptImageError) && (error as NodeJS.ErrnoException).code === 'ENOENT');
  });

  it('leaves no temp file behind when writing a format fails', async () => {
    const path = join(inputs, 'photo-again.jpg');
    await plain(2000, 1500).jpeg().toFile(path);
    process.env.TMPDIR = join(outputs, 'gone');
    try {
      await assert.rejects(generateFormats(path, { breakpoints: DEFAULT_BREAKPOINTS, mime: 'image/jpeg' }), (error: unknown) => !(error instanceof CorruptImageError));
    } finally {
      process.env.TMPDIR = outputs;
    }
    assert.deepEqual(await readdir(outputs), []);
  });

  it('streams a 108-megapixel image instead of decoding it whole into memory', async () => {
    const path = join(inputs, 'huge.jpg');
    await plain(12000, 9000).jpeg().toFile(path);
    const decodedBytes = 12000 * 9000 * 3;
    const base = process.memoryUsage().rss;
    let peak = base;
    // sharp works on libuv's threads, so the event loop is free to sample meanwhile.
    const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 2);
    let formats: GeneratedFormat[];
    try {
      assert.deepEqual(await readImageInfo(path), { width: 12000, height: 9000 });
      formats = await generateFormats(path, { breakpoints: DEFAULT_BREAKPOINTS, mime: 'image/jpeg' });
    } finally {
      clearInterval(sampler);
    }
    assert.deepEqual(summary(formats), ['thumbnail 208×156', 'large 1000×750', 'medium 750×563', 'small 500×375']);
    assert.ok(peak - base < decodedBytes / 3, `RSS grew by ${Math.round((peak - base) / 1e6)} MB`);
    await deleteFormats(formats);
  });

  it('does not rotate images by their EXIF orientation', async () => {
    const path = join(inputs, 'rotated.jpg');
    await plain(1200, 800).jpeg().withMetadata({ orientation: 6 }).toFile(path);
    assert.equal((await sharp(path).metadata()).orientation, 6);
    assert.deepEqual(await readImageInfo(path), { width: 1200, height: 800 });
    const formats = await generateFormats(path, { breakpoints: DEFAULT_BREAKPOINTS, mime: 'image/jpeg' });
    assert.deepEqual(summary(formats), ['thumbnail 234×156', 'large 1000×667', 'medium 750×500', 'small 500×333']);
    await deleteFormats(formats);
  });
});

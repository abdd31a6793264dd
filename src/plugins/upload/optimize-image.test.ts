import assert from 'node:assert/strict';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { optimizeImage } from './image-formats.js';

describe('optimizeImage (the media library settings sizeOptimization and autoOrientation)', () => {
  let dir: string;
  let rotated: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tessera-optimize-'));
    rotated = join(dir, 'rotated.jpg');
    // Stored 80×40 with EXIF orientation 6: a viewer shows it 40×80.
    await sharp({ create: { width: 80, height: 40, channels: 3, background: '#336699', noise: { type: 'gaussian', mean: 128, sigma: 30 } } }).jpeg({ quality: 100 }).withMetadata({ orientation: 6 }).toFile(rotated);
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const bytes = async (file: string) => (await stat(file)).size;

  it('does nothing with both settings off', async () => {
    assert.equal(await optimizeImage(rotated, join(dir, 'none.jpg'), { sizeOptimization: false, autoOrientation: false }, await bytes(rotated)), null);
  });

  it('sizeOptimization re-encodes smaller, keeping the stored orientation', async () => {
    const optimized = await optimizeImage(rotated, join(dir, 'small.jpg'), { sizeOptimization: true, autoOrientation: false }, await bytes(rotated));
    assert.ok(optimized);
    assert.deepEqual([optimized.width, optimized.height], [80, 40]);
    assert.ok(optimized.sizeInBytes < (await bytes(rotated)));
  });

  it('autoOrientation turns the pixels as the EXIF orientation says', async () => {
    const optimized = await optimizeImage(rotated, join(dir, 'turned.jpg'), { sizeOptimization: true, autoOrientation: true }, await bytes(rotated));
    assert.ok(optimized);
    assert.deepEqual([optimized.width, optimized.height], [40, 80]);
  });

  it('keeps the original when the result would be larger (Strapi\'s rule)', async () => {
    assert.equal(await optimizeImage(rotated, join(dir, 'bigger.jpg'), { sizeOptimization: true, autoOrientation: false }, 10), null);
  });
});

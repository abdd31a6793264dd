import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mediaTypeOf } from './check-media.js';

describe('mediaTypeOf', () => {
  it('sorts mime types into the kinds allowedTypes names', () => {
    assert.equal(mediaTypeOf('image/png'), 'images');
    assert.equal(mediaTypeOf('image/svg+xml'), 'images');
    assert.equal(mediaTypeOf('IMAGE/JPEG'), 'images');
    assert.equal(mediaTypeOf('video/mp4'), 'videos');
    assert.equal(mediaTypeOf('audio/mpeg'), 'audios');
  });

  it('calls anything else a file', () => {
    for (const mime of ['application/pdf', 'text/plain', 'application/octet-stream', 'font/woff2', 'imagex/png', '']) assert.equal(mediaTypeOf(mime), 'files', mime);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ValidationError } from '../../core/shared/errors.js';
import { checkMediaSettings, checkViewConfiguration, DEFAULT_MEDIA_SETTINGS, DEFAULT_VIEW_CONFIGURATION } from './media-settings.js';

function errorsOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof ValidationError);
    return { message: error.message, errors: (error.details as { errors: unknown[] }).errors };
  }
  assert.fail('expected a ValidationError');
}

describe('media library settings', () => {
  it('takes Strapi\'s keys, keeps only them, and lists every problem in yup\'s words', () => {
    assert.deepEqual(checkMediaSettings({ sizeOptimization: false, responsiveDimensions: true, concurrentUploadRequests: 4 }, DEFAULT_MEDIA_SETTINGS), {
      sizeOptimization: false, responsiveDimensions: true, autoOrientation: false, aiMetadata: true,
    });
    assert.deepEqual(errorsOf(() => checkMediaSettings({ sizeOptimization: 'x' }, DEFAULT_MEDIA_SETTINGS)), {
      message: '2 errors occurred',
      errors: [
        { path: ['sizeOptimization'], message: 'sizeOptimization must be a `boolean` type, but the final value was: `"x"`.', name: 'ValidationError', value: 'x' },
        { path: ['responsiveDimensions'], message: 'responsiveDimensions is a required field', name: 'ValidationError' },
      ],
    });
    assert.throws(() => checkMediaSettings([], DEFAULT_MEDIA_SETTINGS), ValidationError);
  });

  it('view configuration: a page size and one of the six sorts', () => {
    assert.deepEqual(checkViewConfiguration({ pageSize: 20 }, DEFAULT_VIEW_CONFIGURATION), { pageSize: 20, sort: 'createdAt:DESC' });
    assert.deepEqual(checkViewConfiguration({ pageSize: 50, sort: 'name:ASC' }, DEFAULT_VIEW_CONFIGURATION), { pageSize: 50, sort: 'name:ASC' });
    for (const body of [{ pageSize: 'x' }, { pageSize: 0 }, { pageSize: 10.5 }, { pageSize: 10, sort: 'size:ASC' }, {}]) {
      assert.throws(() => checkViewConfiguration(body, DEFAULT_VIEW_CONFIGURATION), ValidationError, JSON.stringify(body));
    }
  });
});

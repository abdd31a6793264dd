import type { FieldError } from '../../core/shared/errors.js';
import { ValidationError } from '../../core/shared/errors.js';
import type { KeyValueStore } from '../../core/store/key-value-store.js';

/**
 * The media library's settings (`GET|PUT /upload/settings`) and the list view's configuration
 * (`GET|PUT /upload/configuration`), stored in the database so that every instance reads the
 * same, with Strapi 5's defaults and its validation messages (yup's wording, recorded).
 */
export interface MediaSettings {
  readonly sizeOptimization: boolean;
  readonly responsiveDimensions: boolean;
  readonly autoOrientation: boolean;
  /** Strapi AI's switch: stored and echoed, nothing in Tessera reads it. */
  readonly aiMetadata: boolean;
}

export interface ViewConfiguration {
  readonly pageSize: number;
  readonly sort: string;
}

export const DEFAULT_MEDIA_SETTINGS: MediaSettings = Object.freeze({ sizeOptimization: true, responsiveDimensions: true, autoOrientation: false, aiMetadata: true });

/** Strapi's ALLOWED_SORT_STRINGS; the first is the default. */
export const VIEW_SORTS = ['createdAt:DESC', 'createdAt:ASC', 'name:ASC', 'name:DESC', 'updatedAt:DESC', 'updatedAt:ASC'] as const;

export const DEFAULT_VIEW_CONFIGURATION: ViewConfiguration = Object.freeze({ pageSize: 10, sort: VIEW_SORTS[0] });

const SETTINGS_KEY = 'plugin_upload_settings';
const VIEW_KEY = 'plugin_upload_view_configuration';

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** yup's message for a value of the wrong type. */
function typeMessage(key: string, type: string, value: unknown): string {
  return `${key} must be a \`${type}\` type, but the final value was: \`${JSON.stringify(value)}\`.`;
}

function fail(errors: FieldError[]): never {
  throw ValidationError.fromFieldErrors(errors);
}

/** A PUT /upload/settings body: sizeOptimization and responsiveDimensions required, autoOrientation and aiMetadata optional; other keys dropped (as Strapi stores only its keys). */
export function checkMediaSettings(body: unknown, current: MediaSettings): MediaSettings {
  if (!isRecord(body)) fail([{ path: [], message: 'this must be a `object` type', name: 'ValidationError', value: body }]);
  const errors: FieldError[] = [];
  const flag = (key: keyof MediaSettings, required: boolean): boolean | undefined => {
    const value = body[key];
    if (value === undefined || value === null) {
      if (required) errors.push({ path: [key], message: `${key} is a required field`, name: 'ValidationError' });
      return undefined;
    }
    if (typeof value !== 'boolean') {
      errors.push({ path: [key], message: typeMessage(key, 'boolean', value), name: 'ValidationError', value });
      return undefined;
    }
    return value;
  };
  const sizeOptimization = flag('sizeOptimization', true);
  const responsiveDimensions = flag('responsiveDimensions', true);
  const autoOrientation = flag('autoOrientation', false);
  const aiMetadata = flag('aiMetadata', false);
  if (errors.length > 0) fail(errors);
  return {
    sizeOptimization: sizeOptimization ?? current.sizeOptimization,
    responsiveDimensions: responsiveDimensions ?? current.responsiveDimensions,
    autoOrientation: autoOrientation ?? current.autoOrientation,
    aiMetadata: aiMetadata ?? true,
  };
}

/** A PUT /upload/configuration body: pageSize a number (required), sort one of VIEW_SORTS. */
export function checkViewConfiguration(body: unknown, current: ViewConfiguration): ViewConfiguration {
  if (!isRecord(body)) fail([{ path: [], message: 'this must be a `object` type', name: 'ValidationError', value: body }]);
  const errors: FieldError[] = [];
  const { pageSize, sort } = body;
  if (pageSize === undefined || pageSize === null) errors.push({ path: ['pageSize'], message: 'pageSize is a required field', name: 'ValidationError' });
  else if (typeof pageSize !== 'number' || !Number.isFinite(pageSize)) errors.push({ path: ['pageSize'], message: typeMessage('pageSize', 'number', pageSize), name: 'ValidationError', value: pageSize });
  // Tessera's own bound (Strapi takes any number): the admin's page sizes are 10 to 100.
  else if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100) errors.push({ path: ['pageSize'], message: 'pageSize must be a whole number from 1 to 100', name: 'ValidationError', value: pageSize });
  if (sort !== undefined && !(VIEW_SORTS as readonly unknown[]).includes(sort)) {
    errors.push({ path: ['sort'], message: `sort must be one of the following values: ${VIEW_SORTS.join(', ')}`, name: 'ValidationError', value: sort });
  }
  if (errors.length > 0) fail(errors);
  return { pageSize: pageSize as number, sort: typeof sort === 'string' ? sort : current.sort };
}

export interface MediaSettingsStore {
  settings(): Promise<MediaSettings>;
  setSettings(value: MediaSettings): Promise<void>;
  view(): Promise<ViewConfiguration>;
  setView(value: ViewConfiguration): Promise<void>;
}

export function createMediaSettingsStore(store: KeyValueStore): MediaSettingsStore {
  return {
    async settings() {
      const stored = await store.get(SETTINGS_KEY);
      return { ...DEFAULT_MEDIA_SETTINGS, ...(isRecord(stored) ? (stored as Partial<MediaSettings>) : {}) };
    },
    setSettings: (value) => store.set(SETTINGS_KEY, value),
    async view() {
      const stored = await store.get(VIEW_KEY);
      return { ...DEFAULT_VIEW_CONFIGURATION, ...(isRecord(stored) ? (stored as Partial<ViewConfiguration>) : {}) };
    },
    setView: (value) => store.set(VIEW_KEY, value),
  };
}

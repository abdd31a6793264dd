import path from 'node:path';
import type { Executor } from '../db/database.js';
import type { ComponentDefinition, ContentTypeDefinition } from '../schema/definition.js';
import { STORE_TABLE, type KeyValueStore } from '../store/key-value-store.js';
import type { ModelSource } from './model-change.js';
import { componentFile, typeFile } from './next-source.js';
import { MODEL_REMOVALS_KEY, readRemovals, type PendingRemoval } from './storage-removals.js';

/** The model version every instance serves (a number), and the definitions of that version. */
export const MODEL_VERSION_KEY = 'model.version';
export const MODEL_SOURCE_KEY = 'model.source';

/** A ModelSource without the project folder's location (instances each have their own). */
export interface StoredSource {
  readonly types: readonly { uid: string; apiName: string; modelName: string; definition: ContentTypeDefinition }[];
  readonly components: readonly { uid: string; category: string; name: string; definition: ComponentDefinition }[];
}

export function toStored(source: ModelSource): StoredSource {
  return {
    types: source.types.map(({ uid, apiName, modelName, definition }) => ({ uid, apiName, modelName, definition })),
    components: source.components.map(({ uid, category, name, definition }) => ({ uid, category, name, definition })),
  };
}

export function fromStored(projectDir: string, stored: StoredSource): ModelSource {
  return {
    types: stored.types.map((type) => ({ ...type, file: path.join(projectDir, typeFile(type.apiName, type.modelName)) })),
    components: stored.components.map((component) => ({ ...component, file: path.join(projectDir, componentFile(component.category, component.name)) })),
  };
}

/** Whether two sources hold the same definitions (files aside). */
export function sameSource(a: ModelSource, b: ModelSource): boolean {
  const text = (source: ModelSource) => {
    const stored = toStored(source);
    return JSON.stringify({ types: [...stored.types].sort((x, y) => x.uid.localeCompare(y.uid)), components: [...stored.components].sort((x, y) => x.uid.localeCompare(y.uid)) });
  };
  return text(a) === text(b);
}

export async function readModelVersion(store: KeyValueStore): Promise<number> {
  const value = await store.get(MODEL_VERSION_KEY);
  return typeof value === 'number' ? value : 0;
}

/** The version alone, in one cheap statement (read when the change feed shows the model moved). */
export async function pollModelVersion(db: Executor): Promise<number> {
  const row = await db.selectFrom(STORE_TABLE.name).select('value').where('key', '=', MODEL_VERSION_KEY).executeTakeFirst();
  const value: unknown = row?.value === undefined || row.value === null ? 0 : JSON.parse(String(row.value));
  return typeof value === 'number' ? value : 0;
}

export async function readModelSource(store: KeyValueStore, projectDir: string): Promise<ModelSource | undefined> {
  const value = (await store.get(MODEL_SOURCE_KEY)) as StoredSource | undefined | null;
  return value && Array.isArray(value.types) && Array.isArray(value.components) ? fromStored(projectDir, value) : undefined;
}

/**
 * The recorded version, source and pending storage removals in one statement (a start's check
 * that its files are what is recorded, and the removals a stopped instance left to do).
 */
export async function readRecordedModel(db: Executor, projectDir: string): Promise<{ readonly version: number; readonly source: ModelSource | undefined; readonly removals: PendingRemoval[] }> {
  const rows = await db.selectFrom(STORE_TABLE.name).select(['key', 'value']).where('key', 'in', [MODEL_VERSION_KEY, MODEL_SOURCE_KEY, MODEL_REMOVALS_KEY]).execute();
  const valueOf = (key: string): unknown => {
    const text = rows.find((row) => row.key === key)?.value;
    return text === undefined || text === null ? undefined : JSON.parse(String(text));
  };
  const version = valueOf(MODEL_VERSION_KEY);
  const stored = valueOf(MODEL_SOURCE_KEY) as StoredSource | undefined;
  const source = stored && Array.isArray(stored.types) && Array.isArray(stored.components) ? fromStored(projectDir, stored) : undefined;
  return { version: typeof version === 'number' ? version : 0, source, removals: readRemovals(valueOf(MODEL_REMOVALS_KEY)) };
}

/** Records a new version: the source first, so that whoever sees the version finds its source. */
export async function writeModel(store: KeyValueStore, version: number, source: ModelSource): Promise<void> {
  await store.set(MODEL_SOURCE_KEY, toStored(source));
  await store.set(MODEL_VERSION_KEY, version);
}

export async function readPendingRemovals(store: KeyValueStore): Promise<PendingRemoval[]> {
  return readRemovals(await store.get(MODEL_REMOVALS_KEY));
}

export async function writePendingRemovals(store: KeyValueStore, removals: readonly PendingRemoval[]): Promise<void> {
  await store.set(MODEL_REMOVALS_KEY, removals);
}

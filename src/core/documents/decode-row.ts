import type { ScalarAttribute } from '../schema/attribute.js';
import type { StoredModel } from '../schema/model.js';
import type { Document } from './document.js';

type Decoder = (value: unknown) => unknown;

const DECODERS: Partial<Record<ScalarAttribute['type'], Decoder>> = {
  boolean: (value) => (value === null ? null : value === 1 || value === true || value === '1'),
  json: (value) => (typeof value === 'string' ? JSON.parse(value) : value),
  blocks: (value) => (typeof value === 'string' ? JSON.parse(value) : value),
  array: (value) => (typeof value === 'string' ? JSON.parse(value) : value),
  // The reference returns decimals as JSON numbers; the stored text stays exact.
  decimal: (value) => (value === null ? null : Number(value)),
  float: (value) => (value === null ? null : Number(value)),
};

export type RowDecoder = (row: Record<string, unknown>) => Document;

/**
 * The function that turns a row (already keyed by attribute name) into a document. Only the
 * attributes whose stored form differs from their API form are touched; build it once per type
 * (content-types, and components for populated items).
 */
export function createRowDecoder(model: StoredModel): RowDecoder {
  const steps = [...model.attributes.values()]
    .filter((attribute): attribute is ScalarAttribute => attribute.kind === 'scalar')
    .map((attribute) => ({ name: attribute.name, decode: DECODERS[attribute.type] }))
    .filter((step): step is { name: string; decode: Decoder } => step.decode !== undefined);
  return (row) => {
    for (const { name, decode } of steps) if (name in row) row[name] = decode(row[name]);
    return row as Document;
  };
}

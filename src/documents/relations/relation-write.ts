import type { RelationAttribute } from '../../schema/attribute.js';
import { ValidationError } from '../../shared/errors.js';
import type { ValueContext } from '../model-write.js';

/** A relation change from a body (being built). */
export interface RelationWrite {
  readonly attribute: RelationAttribute;
}

/** A relation value of a body → a RelationWrite, or a 400 naming what is wrong (being built). */
export function parseRelationWrite(attribute: RelationAttribute, _raw: unknown, path: readonly string[], _context: ValueContext): RelationWrite {
  throw new ValidationError(`Relations cannot be written yet (${path.join('.')})`, { key: attribute.name, path: path.join('.'), source: 'body' });
}

import type { AttributeDefinition, ContentTypeDefinition } from '../../core/schema/definition.js';
import { isValidAttributeName } from '../../core/schema/names.js';
import { invalidAt } from './builder-errors.js';
import type { ModelDraft } from './model-draft.js';

/** The kind the other side of a bidirectional relation has (the registry checks the same pairs). */
const OTHER_KIND: Readonly<Record<string, string>> = { oneToOne: 'oneToOne', oneToMany: 'manyToOne', manyToOne: 'oneToMany', manyToMany: 'manyToMany' };

type Attributes = Record<string, AttributeDefinition>;

interface Pairing {
  readonly target: string;
  /** The attribute of the target naming this one back. */
  readonly other: string;
  /** This side's key: `inversedBy` (owning) or `mappedBy`. */
  readonly key: 'inversedBy' | 'mappedBy';
}

function pairingOf(attribute: AttributeDefinition | undefined): Pairing | null {
  if (attribute?.type !== 'relation' || typeof attribute.target !== 'string') return null;
  if (typeof attribute.inversedBy === 'string') return { target: attribute.target, other: attribute.inversedBy, key: 'inversedBy' };
  if (typeof attribute.mappedBy === 'string') return { target: attribute.target, other: attribute.mappedBy, key: 'mappedBy' };
  return null;
}

/**
 * Strapi's builder format: `targetAttribute` names the attribute the target gets back. Here it
 * becomes `inversedBy` (this side owns the links); null or absent keeps the relation one-sided.
 */
export function translateTargetAttributes(attributes: Attributes, at: readonly string[]): Attributes {
  const next: Attributes = {};
  for (const [name, attribute] of Object.entries(attributes)) {
    if (attribute === null || typeof attribute !== 'object' || !('targetAttribute' in attribute)) {
      next[name] = attribute;
      continue;
    }
    const { targetAttribute, ...rest } = attribute;
    const path = [...at, name, 'targetAttribute'];
    if (attribute.type !== 'relation') throw invalidAt(path, 'targetAttribute applies only to relations', targetAttribute);
    if (targetAttribute === null || targetAttribute === undefined || targetAttribute === '') {
      next[name] = rest;
      continue;
    }
    if (typeof targetAttribute !== 'string' || !isValidAttributeName(targetAttribute)) throw invalidAt(path, 'targetAttribute must be an attribute name', targetAttribute);
    const existing = pairingOf(rest);
    if (existing) {
      if (existing.other !== targetAttribute) throw invalidAt(path, `targetAttribute "${targetAttribute}" contradicts ${existing.key} "${existing.other}"`, targetAttribute);
      next[name] = rest;
      continue;
    }
    if (typeof rest.relation !== 'string' || OTHER_KIND[rest.relation] === undefined) {
      throw invalidAt(path, 'only oneToOne, oneToMany, manyToOne and manyToMany relations have an attribute on the target', targetAttribute);
    }
    next[name] = { ...rest, inversedBy: targetAttribute };
  }
  return next;
}

/** Whether `candidate` is a relation of `target` back to `uid` (whichever attribute it names). */
function pointsBack(candidate: AttributeDefinition | undefined, uid: string): boolean {
  return candidate?.type === 'relation' && candidate.target === uid;
}

/**
 * Keeps both sides of every bidirectional relation of `uid` (`attributes`: its new attributes,
 * changed in place for self-relations) consistent in the draft: the other side is created or
 * re-pointed, and the other side of a relation that is gone is removed. Returns the changed
 * attributes of the other content-types (to be put in the same apply).
 */
export function pairRelations(uid: string, previous: ContentTypeDefinition | undefined, attributes: Attributes, draft: ModelDraft, at: readonly string[]): Map<string, Attributes> {
  const others = new Map<string, Attributes>();
  const attributesOf = (target: string): Attributes | undefined => {
    if (target === uid) return attributes;
    const known = others.get(target);
    if (known) return known;
    const definition = draft.type(target);
    if (!definition) return undefined;
    const copy = { ...definition.attributes };
    others.set(target, copy);
    return copy;
  };
  const kept = new Set(
    Object.entries(attributes).flatMap(([, attribute]) => {
      const pairing = pairingOf(attribute);
      return pairing ? [`${pairing.target}\u0000${pairing.other}`] : [];
    }),
  );
  for (const [name, attribute] of Object.entries(previous?.attributes ?? {})) {
    const pairing = pairingOf(attribute);
    if (!pairing || pairing.target === uid || kept.has(`${pairing.target}\u0000${pairing.other}`)) continue;
    const target = attributesOf(pairing.target);
    const other = target?.[pairing.other];
    if (target && pointsBack(other, uid) && pairingOf(other)?.other === name) delete target[pairing.other];
  }
  for (const [name, attribute] of Object.entries(attributes)) {
    const pairing = pairingOf(attribute);
    if (!pairing) continue;
    const path = [...at, name, pairing.key];
    if (pairing.target.startsWith('plugin::')) continue; // built-in types are not edited: the registry check tells whether they pair
    const target = attributesOf(pairing.target);
    if (!target) throw invalidAt([...at, name, 'target'], `target "${pairing.target}" is not a content-type of this project`, pairing.target);
    const other = target[pairing.other];
    if (other !== undefined && !pointsBack(other, uid)) {
      throw invalidAt(path, `"${pairing.other}" is already an attribute of ${pairing.target} that is not a relation to ${uid}`, pairing.other);
    }
    const kind = OTHER_KIND[String(attribute.relation)];
    if (kind === undefined) continue; // the registry check refuses the kind with its own message
    const back = pairing.key === 'inversedBy' ? 'mappedBy' : 'inversedBy';
    const { inversedBy: _owning, mappedBy: _inverse, ...options } = other ?? {};
    target[pairing.other] = { ...options, type: 'relation', relation: kind, target: uid, [back]: name };
  }
  return others;
}

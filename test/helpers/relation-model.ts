import assert from 'node:assert/strict';
import type { App } from '../../src/server/app.js';
import type { RelationLink } from '../../src/core/schema/relation-link.js';
import { LINK_COLUMNS as C } from '../../src/core/schema/relation-link.js';
import type { TestApp } from './test-app.js';

/**
 * Whether a target is linked from at most one owner, by the reference's rule: only when the
 * relation has an inverse side and that side holds one owner (`oneToOne`, `manyToOne`). A
 * one-sided relation, whatever its kind (a component's `oneToMany` among them), lets any
 * number of owners link the same target.
 */
function holdsOneOwner(link: RelationLink): boolean {
  const inverse = link.inverseAttribute?.relation;
  return inverse === 'oneToOne' || inverse === 'manyToOne';
}

/**
 * An in-memory model of what relation links must be, kept by tests beside the real API:
 * per link table, each owner document's ordered targets and each target's ordered owners.
 * It follows the rules with plain arrays, independently of the code under test.
 */
export class RelationModel {
  /** table → owner documentId → targets in order. */
  private readonly owners = new Map<string, Map<string, string[]>>();
  /** table → target documentId → owners in order. */
  private readonly inverses = new Map<string, Map<string, string[]>>();

  constructor(private readonly app: App) {
    for (const link of app.registry.links) {
      this.owners.set(link.table, new Map());
      this.inverses.set(link.table, new Map());
    }
  }

  /** The link table and side of `uid.attribute`. */
  sideOf(uid: string, attribute: string): { link: RelationLink; side: 'owner' | 'inverse' } {
    const relation = this.app.registry.get(uid)?.attributes.get(attribute);
    if (!relation || relation.kind !== 'relation') throw new Error(`${uid}.${attribute} is not a relation`);
    const { link, side } = this.app.registry.relation(relation);
    return { link, side };
  }

  private lists(link: RelationLink) {
    return { owners: this.owners.get(link.table)!, inverses: this.inverses.get(link.table)! };
  }

  /** What reading `uid.attribute` of `documentId` must return, in order. */
  read(uid: string, attribute: string, documentId: string): string[] {
    const { link, side } = this.sideOf(uid, attribute);
    const { owners, inverses } = this.lists(link);
    return [...((side === 'owner' ? owners : inverses).get(documentId) ?? [])];
  }

  private unlink(link: RelationLink, owner: string, target: string): void {
    const { owners, inverses } = this.lists(link);
    owners.set(owner, (owners.get(owner) ?? []).filter((item) => item !== target));
    inverses.set(target, (inverses.get(target) ?? []).filter((item) => item !== owner));
  }

  /** Sets what `uid.attribute` of `documentId` holds, with every consequence on the other lists. */
  set(uid: string, attribute: string, documentId: string, list: readonly string[]): void {
    const { link, side } = this.sideOf(uid, attribute);
    const { owners, inverses } = this.lists(link);
    if (side === 'owner') {
      const current = owners.get(documentId) ?? [];
      for (const target of current) if (!list.includes(target)) this.unlink(link, documentId, target);
      for (const target of list) {
        if (current.includes(target)) continue;
        if (holdsOneOwner(link)) for (const other of [...(inverses.get(target) ?? [])]) this.unlink(link, other, target);
        inverses.set(target, [...(inverses.get(target) ?? []), documentId]);
      }
      owners.set(documentId, [...list]);
    } else {
      const current = inverses.get(documentId) ?? [];
      for (const owner of current) if (!list.includes(owner)) this.unlink(link, owner, documentId);
      for (const owner of list) {
        if (current.includes(owner)) continue;
        if (!link.ownerMany) for (const other of [...(owners.get(owner) ?? [])]) this.unlink(link, owner, other);
        owners.set(owner, [...(owners.get(owner) ?? []), documentId]);
      }
      inverses.set(documentId, [...list]);
    }
  }

  /** A deleted document leaves every list. */
  delete(documentId: string): void {
    for (const link of this.app.registry.links) {
      const { owners, inverses } = this.lists(link);
      for (const target of [...(owners.get(documentId) ?? [])]) this.unlink(link, documentId, target);
      for (const owner of [...(inverses.get(documentId) ?? [])]) this.unlink(link, owner, documentId);
      owners.delete(documentId);
      inverses.delete(documentId);
    }
  }
}

/** documentIds of a populated relation value (an array, one document, or null). */
export function idsOf(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  const items = Array.isArray(value) ? value : [value];
  return items.map((item: { documentId: string }) => item.documentId);
}

/**
 * Reads documents of a type over REST with the given relations populated, and checks each
 * against the model: same documents in the same order, on every side.
 */
export async function expectReads(t: TestApp, model: RelationModel, plural: string, uid: string, attributes: readonly string[], documentIds: readonly string[]): Promise<void> {
  if (documentIds.length === 0) return;
  const query = [
    ...attributes.map((attribute, index) => `populate[${index}]=${attribute}`),
    ...documentIds.map((id, index) => `filters[documentId][$in][${index}]=${id}`),
    'pagination[pageSize]=100',
  ].join('&');
  const response = await t.get(`/api/${plural}?${query}`);
  assert.equal(response.status, 200, response.text);
  const byId = new Map<string, Record<string, unknown>>(response.body.data.map((document: Record<string, unknown>) => [document.documentId, document]));
  for (const documentId of documentIds) {
    const document = byId.get(documentId);
    assert.ok(document, `${plural} ${documentId} is missing`);
    for (const attribute of attributes) {
      assert.deepEqual(idsOf(document[attribute]), model.read(uid, attribute, documentId), `${plural} ${documentId}.${attribute}`);
    }
  }
}

/**
 * Every order column of every link table is 1..n within its list (target_ord per owner row
 * when the owner holds many, entity_ord per target when the inverse side does), else null.
 */
export async function expectContiguousOrders(app: App): Promise<void> {
  for (const link of app.registry.links) {
    const rows: Record<string, unknown>[] = await app.database.db.selectFrom(link.table).select([C.entity, C.target, C.targetOrder, C.entityOrder]).execute();
    const check = (many: boolean, key: string, order: string): void => {
      const groups = new Map<string, number[]>();
      for (const row of rows) {
        const value = row[order] === null ? null : Number(row[order]);
        if (!many) {
          assert.equal(value, null, `${link.table}.${order} must be null`);
          continue;
        }
        groups.set(String(row[key]), [...(groups.get(String(row[key])) ?? []), value ?? -1]);
      }
      for (const [group, orders] of groups) {
        assert.deepEqual(
          [...orders].sort((a, b) => a - b),
          orders.map((_, index) => index + 1),
          `${link.table}: ${order} of ${key} ${group} is not 1..n`,
        );
      }
    };
    check(link.ownerMany, C.entity, C.targetOrder);
    check(link.inverseMany, C.target, C.entityOrder);
  }
}

/** Every row of every link table, to compare before and after a request that must write nothing. */
export async function snapshotLinks(app: App): Promise<Record<string, unknown[]>> {
  const snapshot: Record<string, unknown[]> = {};
  for (const link of app.registry.links) {
    snapshot[link.table] = await app.database.db.selectFrom(link.table).selectAll().orderBy(C.id).execute();
  }
  return snapshot;
}

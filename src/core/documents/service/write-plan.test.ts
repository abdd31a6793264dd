import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Dialect } from '../../db/dialect.js';
import { mysqlDialect } from '../../db/mysql/mysql-dialect.js';
import { createPostgresDialect } from '../../db/postgres/postgres-dialect.js';
import { sqliteDialect } from '../../db/sqlite/sqlite-dialect.js';
import type { ContentType } from '../../schema/content-type.js';
import { loadRegistry } from '../../schema/load-definitions.js';
import type { SchemaRegistry } from '../../schema/registry.js';
import { validateData } from '../validate-data.js';
import { planWrite, type TransactionPlan, type WritePlan } from './write-plan.js';
import { fixturePath } from '../../../../test/helpers/test-app.js';

/** The plan each kind of write gets; the cluster tests show that following it keeps concurrent writes right. */

const DIALECTS: readonly [string, Dialect][] = [
  ['sqlite', sqliteDialect],
  ['postgres', createPostgresDialect({ caseFoldingCollation: null })],
  ['mysql', mysqlDialect],
];

function inTransaction(plan: WritePlan): TransactionPlan {
  if (plan.execution !== 'transaction') assert.fail(`expected a transaction, got ${plan.execution}`);
  return plan;
}

describe('planWrite', () => {
  let versions: SchemaRegistry;
  let unique: SchemaRegistry;
  let article: ContentType; // Draft & Publish, localized, relations and components
  let category: ContentType; // plain, owns a relation
  let setting: ContentType; // plain single type, no links
  let alpha: ContentType; // plain, a unique string and a uid
  before(async () => {
    versions = await loadRegistry(fixturePath('versions-app'));
    unique = await loadRegistry(fixturePath('writes-unique'));
    article = versions.get('api::article.article') ?? assert.fail();
    category = versions.get('api::category.category') ?? assert.fail();
    setting = versions.get('api::setting.setting') ?? assert.fail();
    alpha = unique.get('api::alpha.alpha') ?? assert.fail();
  });

  for (const [name, dialect] of DIALECTS) {
    describe(name, () => {
      it('a plain update without unique values, links or populate is one statement where the database returns rows', () => {
        const write = validateData({ siteName: 'x' }, setting, 'update', versions);
        const plan = planWrite({ operation: 'update', write, populates: false }, { dialect, registry: versions });
        if (dialect.updateReturning) assert.deepEqual(plan, { execution: 'statement' });
        else assert.deepEqual(plan, { execution: 'transaction', linkLocks: [], tableLock: 'at-unique-check', lockVersionRows: dialect.rowLocks });
        // A populated answer reads linked rows: a transaction, whatever the database.
        assert.equal(planWrite({ operation: 'update', write, populates: true }, { dialect, registry: versions }).execution, 'transaction');
      });

      it('an update with a unique value locks the table before its first read, and its version rows as the database can', () => {
        const write = validateData({ code: 'A' }, alpha, 'update', unique);
        assert.deepEqual(planWrite({ operation: 'update', write, populates: false }, { dialect, registry: unique }), {
          execution: 'transaction',
          linkLocks: [],
          tableLock: 'before-read',
          lockVersionRows: dialect.rowLocks,
        });
      });

      it('a plain update of a relation locks that link table only', () => {
        const write = validateData({ featured: [] }, category, 'update', versions);
        const plan = inTransaction(planWrite({ operation: 'update', write, populates: false }, { dialect, registry: versions }));
        const featured = category.linkedAttributes.find((attribute) => attribute.name === 'featured');
        if (featured?.kind !== 'relation') assert.fail('category.featured is a relation');
        assert.deepEqual(plan.linkLocks, [versions.relation(featured).link.table]);
        assert.equal(plan.tableLock, 'at-unique-check');
      });

      it('writes to a type with versions lock every link table around it, then the table, sorted', () => {
        for (const planned of [
          { operation: 'update', write: validateData({ title: 'x' }, article, 'update', versions), populates: false },
          { operation: 'create', contentType: article, writes: [validateData({ title: 'x' }, article, 'create', versions)] },
          { operation: 'delete', contentType: article },
          { operation: 'version-action', contentType: article },
        ] as const) {
          const plan = inTransaction(planWrite(planned, { dialect, registry: versions }));
          assert.equal(plan.tableLock, 'before-read', planned.operation);
          assert.ok(plan.linkLocks.length >= 3, `${planned.operation}: ${plan.linkLocks.join(', ')}`);
          assert.deepEqual([...plan.linkLocks], [...plan.linkLocks].sort());
          assert.equal(plan.lockVersionRows, planned.operation === 'update' && dialect.rowLocks, planned.operation);
        }
      });

      it('a plain create takes the table lock only when it checks unique values, after its link locks and guard', () => {
        const plan = inTransaction(planWrite({ operation: 'create', contentType: alpha, writes: [validateData({ code: 'A' }, alpha, 'create', unique)] }, { dialect, registry: unique }));
        assert.deepEqual(plan, { execution: 'transaction', linkLocks: [], tableLock: 'at-unique-check', lockVersionRows: false });
      });

      it("a single type's PUT always locks its table before reading whether the document exists", () => {
        const write = validateData({ siteName: 'x' }, setting, 'update', versions);
        assert.deepEqual(planWrite({ operation: 'put-single', contentType: setting, write }, { dialect, registry: versions }), {
          execution: 'transaction',
          linkLocks: [],
          tableLock: 'before-read',
          lockVersionRows: dialect.rowLocks,
        });
      });

      it('a delete is one statement only for a plain type that no link touches', () => {
        assert.deepEqual(planWrite({ operation: 'delete', contentType: alpha }, { dialect, registry: unique }), { execution: 'statement' });
        const plan = inTransaction(planWrite({ operation: 'delete', contentType: category }, { dialect, registry: versions }));
        assert.equal(plan.tableLock, 'before-read');
        assert.ok(plan.linkLocks.length > 0);
      });

      it('while changes are announced no write is a lone statement: the outbox row goes in the same transaction', () => {
        const announcing = { dialect, registry: versions, announces: true };
        const write = validateData({ siteName: 'x' }, setting, 'update', versions);
        assert.deepEqual(planWrite({ operation: 'update', write, populates: false }, announcing), { execution: 'transaction', linkLocks: [], tableLock: 'at-unique-check', lockVersionRows: dialect.rowLocks });
        assert.deepEqual(planWrite({ operation: 'delete', contentType: alpha }, { ...announcing, registry: unique }), { execution: 'transaction', linkLocks: [], tableLock: 'at-unique-check', lockVersionRows: dialect.rowLocks });
      });
    });
  }
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DefinitionError } from './errors.js';
import { assertInstalled, importOptional, isInstalled, MissingPackageError } from './optional-package.js';

const ABSENT = 'tessera-no-such-package';
const neededBy = { file: 'config/database', feature: 'connection.client "postgres"' };

describe('optional packages', () => {
  it('a missing package loaded at first use → a start error naming it, what needs it and the command', async () => {
    // A specifier in a variable: the type checker must not look for it.
    const specifier: string = ABSENT;
    await assert.rejects(
      importOptional(ABSENT, neededBy, () => import(specifier)),
      (error: unknown) => {
        assert.ok(error instanceof MissingPackageError);
        assert.ok(error instanceof DefinitionError, 'the CLI prints it as a start error, without a stack trace');
        assert.equal(error.packageName, ABSENT);
        assert.equal(error.message, `config/database: connection.client "postgres" needs the package ${ABSENT}, which is not installed: run npm install ${ABSENT}`);
        return true;
      },
    );
  });

  it('a module of ours that imports the missing package is reported the same way', async () => {
    // What openDatabase does: it imports ./postgres/open-postgres.js, which imports pg.
    const missingInside = Object.assign(new Error(`Cannot find package '${ABSENT}' imported from /app/dist/src/db/postgres/open-postgres.js`), { code: 'ERR_MODULE_NOT_FOUND' });
    await assert.rejects(importOptional(ABSENT, neededBy, () => Promise.reject(missingInside)), MissingPackageError);
  });

  it('other failures pass through unchanged: a package missing inside it, an error it throws', async () => {
    const other = Object.assign(new Error("Cannot find package 'pg-types' imported from /app/node_modules/pg/lib/index.js"), { code: 'ERR_MODULE_NOT_FOUND' });
    await assert.rejects(importOptional('pg', neededBy, () => Promise.reject(other)), (error: unknown) => error === other);
    const thrown = new Error('boom');
    await assert.rejects(importOptional('pg', neededBy, () => Promise.reject(thrown)), (error: unknown) => error === thrown);
    assert.equal(await importOptional('node:path', neededBy, async () => 'loaded'), 'loaded');
  });

  it('checks at start without loading: installed packages pass, a missing one stops the start', () => {
    assert.equal(isInstalled('kysely'), true);
    assert.equal(isInstalled(ABSENT), false);
    assert.doesNotThrow(() => assertInstalled('kysely', neededBy));
    assert.throws(() => assertInstalled(ABSENT, { file: 'config/plugins', feature: 'email config.provider "smtp"' }), {
      name: 'DefinitionError',
      message: `config/plugins: email config.provider "smtp" needs the package ${ABSENT}, which is not installed: run npm install ${ABSENT}`,
    });
  });
});

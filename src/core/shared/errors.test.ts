import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ServiceUnavailableError } from './errors.js';

describe('ServiceUnavailableError', () => {
  it('is a 503 named ServiceUnavailableError', () => {
    const error = new ServiceUnavailableError();
    assert.equal(error.status, 503);
    assert.equal(error.name, 'ServiceUnavailableError');
    assert.equal(error.message, 'Service Unavailable');
  });

  it("names a database failure by the driver's message and code", () => {
    const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    assert.equal(ServiceUnavailableError.database(cause).message, 'Database unavailable: connect ECONNREFUSED 127.0.0.1:5432');
    const denied = Object.assign(new Error("Access denied for user 'app'@'10.0.0.2' (using password: YES)"), { code: 'ER_ACCESS_DENIED_ERROR' });
    assert.equal(ServiceUnavailableError.database(denied).message, "Database unavailable: Access denied for user 'app'@'10.0.0.2' (using password: YES) (ER_ACCESS_DENIED_ERROR)");
  });

  it('masks secrets and URL credentials out of the message', () => {
    const cause = new Error('could not connect to postgres://app:s3cr3t-pw@db.internal:5432/cms with password s3cr3t-pw');
    const message = ServiceUnavailableError.database(cause, ['s3cr3t-pw', undefined, '']).message;
    assert.equal(message, 'Database unavailable: could not connect to postgres://***@db.internal:5432/cms with password ***');
    assert.equal(ServiceUnavailableError.database('plain text').message, 'Database unavailable: plain text');
  });
});

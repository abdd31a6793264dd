import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readWebhooksConfig } from './webhook-config.js';
import { maskHeaders, maskHeaderValue, mergeMaskedHeaders } from './webhook-headers.js';
import { parseWebhookCreate } from './webhook-input.js';
import { createSender, isRetryable } from './webhook-sender.js';
import { isPrivateAddress, isPrivateHost, UNREACHABLE_URL } from './webhook-url.js';

const FILE = '/project/config/server.js';

describe('webhook URLs: the SSRF guard', () => {
  it('names loopback, private, link-local, CGNAT, unspecified and multicast addresses, v4 and v6', () => {
    for (const host of ['localhost', 'api.localhost', '127.0.0.1', '127.8.9.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '[::1]', '::', 'fc00::1', 'fd12::1', 'fe80::1', '::ffff:127.0.0.1', 'ff02::1']) {
      assert.equal(isPrivateHost(host), true, host);
    }
    for (const host of ['example.com', '8.8.8.8', '172.32.0.1', '192.169.0.1', '100.128.0.1', '2001:4860:4860::8888', '[2606:4700::1111]']) {
      assert.equal(isPrivateHost(host), false, host);
    }
    assert.equal(isPrivateAddress('example.com'), false, 'a name is not an address');
  });

  it('refuses private targets when saved, only when the guard is on (production default)', () => {
    const body = { name: 'x', url: 'http://169.254.169.254/latest/meta-data', events: ['entry.create'] };
    assert.throws(() => parseWebhookCreate(body, false), { name: 'ValidationError', message: UNREACHABLE_URL });
    assert.equal(parseWebhookCreate(body, true).url, body.url);
    assert.equal(parseWebhookCreate({ ...body, url: 'https://hooks.example.com/x' }, false).url, 'https://hooks.example.com/x');
    assert.equal(readWebhooksConfig({ file: FILE, value: {} }, true).allowPrivateUrls, false);
    assert.equal(readWebhooksConfig({ file: FILE, value: {} }, false).allowPrivateUrls, true);
    assert.equal(readWebhooksConfig({ file: FILE, value: { webhooks: { allowPrivateUrls: true } } }, true).allowPrivateUrls, true);
  });

  it('refuses a delivery to a private address at send time, without retrying it', async () => {
    const send = createSender({ timeoutMs: 1000, allowPrivateUrls: false });
    const result = await send({ url: 'http://127.0.0.1:9/x', headers: {}, body: '{}' });
    assert.deepEqual(result, { status: null, error: UNREACHABLE_URL });
    assert.equal(isRetryable(result), false);
    assert.equal(isRetryable({ status: null, error: 'ECONNREFUSED' }), true);
    assert.equal(isRetryable({ status: 503, error: 'HTTP 503' }), true);
    assert.equal(isRetryable({ status: 429, error: 'HTTP 429' }), true);
    assert.equal(isRetryable({ status: 404, error: 'HTTP 404' }), false);
  });
});

describe('webhook headers: secrets masked', () => {
  it('masks secret-looking names, keeps the others, and a masked value sent back keeps the stored one', () => {
    assert.equal(maskHeaderValue('Bearer abcdefgh1234'), '****1234');
    assert.equal(maskHeaderValue('short'), '****');
    const stored = { Authorization: 'Bearer abcdefgh1234', 'X-Api-Key': 'k', 'X-Plain': 'v' };
    assert.deepEqual(maskHeaders(stored), { Authorization: '****1234', 'X-Api-Key': '****', 'X-Plain': 'v' });
    assert.deepEqual(mergeMaskedHeaders({ Authorization: '****1234', 'X-Api-Key': 'new', 'X-Plain': '****' }, stored), { Authorization: 'Bearer abcdefgh1234', 'X-Api-Key': 'new', 'X-Plain': '****' });
  });
});

describe('config/server webhooks', () => {
  it('reads Strapi keys and Tessera settings; a bad value names the file', () => {
    const config = readWebhooksConfig({ file: FILE, value: { webhooks: { defaultHeaders: { 'X-A': 'a' }, maxAttempts: 2 } } }, false);
    assert.deepEqual(config.defaultHeaders, { 'X-A': 'a' });
    assert.equal(config.maxAttempts, 2);
    assert.equal(config.populateRelations, false);
    assert.throws(() => readWebhooksConfig({ file: FILE, value: { webhooks: { maxAttempts: 0 } } }, false), { name: 'DefinitionError', message: `${FILE}: webhooks.maxAttempts must be a positive integer, got 0` });
    assert.throws(() => readWebhooksConfig({ file: FILE, value: { webhooks: { defaultHeaders: { a: 1 } } } }, false), /defaultHeaders must be an object of strings/);
    assert.throws(() => readWebhooksConfig({ file: FILE, value: { webhooks: [] } }, false), /webhooks must be an object/);
  });
});

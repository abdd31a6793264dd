import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseCommandArgs, UsageError } from './parse-command-args.js';

const known = { values: ['email', 'password'], flags: ['dry-run'] };

function refuses(args: readonly string[], message: RegExp): void {
  assert.throws(() => parseCommandArgs(args, known), (error: unknown) => error instanceof UsageError && message.test(error.message));
}

describe('parseCommandArgs (node:util parseArgs, strict)', () => {
  it('reads options with a value in both spellings, switches and positionals in order', () => {
    const args = parseCommandArgs(['--email', 'ann@example.com', 'dir', '--password=a=b', '--dry-run', 'more'], known);
    assert.deepEqual(Object.fromEntries(args.options), { email: 'ann@example.com', password: 'a=b' });
    assert.deepEqual([...args.flags], ['dry-run']);
    assert.deepEqual(args.positional, ['dir', 'more']);
  });

  it('takes everything after -- as positionals', () => {
    assert.deepEqual(parseCommandArgs(['--', '--email'], known).positional, ['--email']);
  });

  it('refuses an unknown option, a missing value, a value on a switch and a repeated option', () => {
    refuses(['--role', 'x'], /--role/);
    refuses(['-x'], /-x/);
    refuses(['--email'], /--email/);
    refuses(['--email', '--password', 'x'], /--email/);
    refuses(['--dry-run=yes'], /--dry-run/);
    refuses(['--email', 'a', '--email=b'], /^--email given twice$/);
    refuses(['--dry-run', '--dry-run'], /^--dry-run given twice$/);
  });
});

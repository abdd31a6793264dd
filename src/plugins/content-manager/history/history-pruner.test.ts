import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { manualClock } from '../../../../test/helpers/manual-clock.js';
import { createHistoryPruner, FIRST_PRUNE_AFTER_MS, PRUNE_EVERY_MS } from './history-pruner.js';

describe('history pruner', () => {
  it('prunes a minute after the start, then hourly, and once more when the clock moved during a pass', async () => {
    const clock = manualClock(0);
    const seen: number[] = [];
    let release: (() => void) | undefined;
    const pruner = createHistoryPruner(
      clock,
      () => {
        seen.push(clock.now());
        return new Promise((resolve) => (release = () => resolve(0)));
      },
      () => undefined,
    );
    pruner.start();
    assert.deepEqual(seen, [], 'nothing during the start');
    clock.advance(FIRST_PRUNE_AFTER_MS);
    assert.deepEqual(seen, [FIRST_PRUNE_AFTER_MS]);
    // Ticks while the first pass runs: one more pass, with the clock as it is then.
    clock.advance(3 * PRUNE_EVERY_MS);
    release?.();
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(seen, [FIRST_PRUNE_AFTER_MS, FIRST_PRUNE_AFTER_MS + 3 * PRUNE_EVERY_MS]);
    release?.();
    await pruner.close();
    clock.advance(10 * PRUNE_EVERY_MS);
    assert.equal(seen.length, 2, 'none after close');
  });

  it('a failing pass is logged and the next one runs', async () => {
    const clock = manualClock(0);
    const logged: string[] = [];
    let calls = 0;
    const pruner = createHistoryPruner(clock, async () => {
      calls += 1;
      if (calls === 1) throw new Error('database gone');
      return 0;
    }, (message) => logged.push(message));
    pruner.start();
    clock.advance(FIRST_PRUNE_AFTER_MS);
    await pruner.runOnce();
    assert.deepEqual(logged, ['History pruning failed: database gone']);
    clock.advance(PRUNE_EVERY_MS);
    await pruner.runOnce();
    assert.ok(calls >= 2);
    await pruner.close();
  });
});

/**
 * SQL statements Tessera runs per request of each scenario, read from its statement counter
 * (src/core/db/statement-counter.ts): Tessera is started in this process on a private copy of the
 * seed, and each scenario's first request is injected into it (no network, nothing else running).
 */
import { createApp } from '../src/server/app.js';
import { BENCH_PROJECT } from './paths.js';
import type { Scenario, ScenarioName } from './scenarios.js';

export async function countStatements(env: Readonly<Record<string, string>>, scenarios: readonly Scenario[], project = BENCH_PROJECT): Promise<Partial<Record<ScenarioName, number>>> {
  const app = await createApp({ projectDir: project, env: { ...env, HOST: '127.0.0.1', PORT: '0' } });
  try {
    const counts: Partial<Record<ScenarioName, number>> = {};
    for (const scenario of scenarios) {
      const { path, body } = scenario.plan.next(0);
      const { result: response, statements } = await app.database.counter.measure(() =>
        app.fastify.inject({ method: scenario.plan.method, url: path, ...(body === undefined ? {} : { payload: body, headers: { 'content-type': 'application/json' } }) }),
      );
      if (response.statusCode >= 300) throw new Error(`Counting statements: ${scenario.plan.method} ${path} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
      counts[scenario.name] = statements;
    }
    return counts;
  } finally {
    await app.close();
  }
}

/** fast-check parameters the property tests share, so that every failing run can be replayed. */
export interface PropertyRunParameters {
  readonly seed?: number;
  readonly path?: string;
  readonly endOnFailure?: boolean;
}

/**
 * `FC_SEED` (+ `FC_PATH`) replays one counterexample that fast-check reported; otherwise the run
 * takes the seed the test runner chose and printed (`TESSERA_PROPERTY_SEED`), so a CI log names
 * the seed that reproduces it. Without either, fast-check picks its own and reports it on failure.
 */
export function propertyRunParameters(env: NodeJS.ProcessEnv = process.env): PropertyRunParameters {
  if (env.FC_SEED) return { seed: Number(env.FC_SEED), path: env.FC_PATH ?? '0', endOnFailure: env.FC_SHRINK !== '1' };
  if (env.TESSERA_PROPERTY_SEED) return { seed: Number(env.TESSERA_PROPERTY_SEED) };
  return {};
}

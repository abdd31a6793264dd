import autocannon from 'autocannon';

/** One request shape of a scenario; `next` builds the n-th request (paths and bodies rotate). */
export interface RequestPlan {
  readonly method: 'GET' | 'POST' | 'PUT';
  next(sequence: number): { path: string; body?: string };
}

export interface LoadOptions {
  /** One server, or several: autocannon opens connection i to url i mod n, a round-robin by connection. */
  readonly urls: readonly string[];
  readonly plan: RequestPlan;
  readonly connections: number;
  readonly durationSeconds: number;
  /** Where the plan's sequence starts, so a measured run continues after its warm-up. */
  readonly firstSequence: number;
}

export interface LoadResult {
  /** Responses ÷ seconds. */
  readonly requestsPerSecond: number;
  readonly seconds: number;
  readonly latencyP50Ms: number;
  readonly latencyP99Ms: number;
  readonly requests: number;
  /** Requests sent (the next run's firstSequence). */
  readonly sent: number;
  readonly non2xx: number;
  readonly errors: number;
}

/** Drives one server with autocannon for a fixed time; any error or non-2xx fails the run loudly. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  let sequence = options.firstSequence;
  const result = await autocannon({
    // autocannon accepts several URLs; its type definitions only declare one.
    url: (options.urls.length === 1 ? options.urls[0] : [...options.urls]) as string,
    connections: options.connections,
    duration: options.durationSeconds,
    pipelining: 1,
    timeout: 10,
    headers: options.plan.method === 'GET' ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
    requests: [
      {
        method: options.plan.method,
        setupRequest: (request) => {
          const next = options.plan.next(sequence);
          sequence += 1;
          return next.body === undefined ? { ...request, path: next.path } : { ...request, path: next.path, body: next.body };
        },
      },
    ],
  });
  if (result.errors > 0 || result.non2xx > 0) {
    throw new Error(`${options.urls.join(', ')}: ${result.non2xx} non-2xx responses and ${result.errors} errors (${result.timeouts} timeouts) during the load run`);
  }
  return {
    requestsPerSecond: result.requests.total / result.duration,
    seconds: result.duration,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    requests: result.requests.total,
    sent: sequence - options.firstSequence,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** Several runs of one server as one: throughput over the total time, the worst p99, the mean p50. */
export function combineRuns(runs: readonly LoadResult[]): LoadResult {
  const requests = runs.reduce((sum, run) => sum + run.requests, 0);
  const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
  return {
    requestsPerSecond: requests / seconds,
    seconds,
    latencyP50Ms: runs.reduce((sum, run) => sum + run.latencyP50Ms, 0) / runs.length,
    latencyP99Ms: Math.max(...runs.map((run) => run.latencyP99Ms)),
    requests,
    sent: runs.reduce((sum, run) => sum + run.sent, 0),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
  };
}

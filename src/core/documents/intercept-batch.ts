import type { ContentType } from '../schema/content-type.js';
import type { BatchOperation, BatchResult } from './document-requests.js';
import type { DocumentAction, DocumentCall, DocumentInterceptor, DocumentReads, RunOperation } from './document-interceptor.js';

type Outcome = { readonly ok: true; readonly value: BatchResult } | { readonly ok: false; readonly error: unknown };

interface Waiting {
  readonly operation: BatchOperation;
  readonly resolve: (result: BatchResult) => void;
  readonly reject: (error: unknown) => void;
}

const contentTypeOf = (operation: BatchOperation): ContentType => (operation.action === 'update' ? operation.request.query.contentType : operation.request.contentType);

/**
 * A batch through the project's hooks: each operation is intercepted as the single operation it
 * is (its lifecycles, document middlewares — once per document), and the batch itself runs once
 * every interception has reached its `run`, in one transaction. Interceptions start one after the
 * other (a hook's before-code for the 2nd document runs once the 1st is waiting), so before-hooks
 * run in order, all before the transaction; then each `run` resolves with its operation's result,
 * in order, and its after-code runs after the commit. A before-hook that throws, or a failing
 * batch, fails every `run` (nothing written, no after-code); a hook that answers without calling
 * `run` leaves its operation out of the batch. An after-hook that throws (the batch committed)
 * fails the call after every other after-hook ran.
 */
export async function interceptBatch(interceptor: DocumentInterceptor, reads: DocumentReads, operations: readonly BatchOperation[], runAll: (operations: readonly BatchOperation[]) => Promise<BatchResult[]>): Promise<BatchResult[]> {
  const waiting: (Waiting | undefined)[] = [];
  const outcomes: Promise<Outcome>[] = [];
  let started = false;
  const fail = async (error: unknown): Promise<never> => {
    started = true;
    for (const item of waiting) item?.reject(error);
    await Promise.all(outcomes);
    throw error;
  };
  for (const [index, operation] of operations.entries()) {
    let arrived: () => void = () => undefined;
    const reached = new Promise<null>((resolve) => {
      arrived = () => resolve(null);
    });
    const run = (request: unknown): Promise<BatchResult> => {
      if (started || waiting[index]) return Promise.reject(new Error(`A document hook ran the ${operation.action} of one document of a batch twice`));
      return new Promise<BatchResult>((resolve, reject) => {
        waiting[index] = { operation: { action: operation.action, request } as BatchOperation, resolve, reject };
        arrived();
      });
    };
    const call = { action: operation.action, contentType: contentTypeOf(operation), request: operation.request } as DocumentCall<DocumentAction>;
    // Settled into an Outcome at once: a rejection waits here unobserved until every run is known.
    const outcome = interceptor.intercept(call, run as RunOperation<DocumentAction>, reads).then(
      (value): Outcome => ({ ok: true, value: value as BatchResult }),
      (error: unknown): Outcome => ({ ok: false, error }),
    );
    outcomes.push(outcome);
    const first = await Promise.race([reached, outcome]);
    if (first !== null && !first.ok) return fail(first.error);
  }
  started = true;
  const queued = waiting.filter((item): item is Waiting => item !== undefined);
  let results: BatchResult[];
  try {
    // Run even when every hook answered without `run`: the batch's `alongside` rows are written all the same.
    results = await runAll(queued.map((item) => item.operation));
  } catch (error) {
    return fail(error);
  }
  const answers: BatchResult[] = [];
  let failure: { readonly error: unknown } | null = null;
  let next = 0;
  for (const [index, outcome] of outcomes.entries()) {
    const item = waiting[index];
    if (item) item.resolve(results[next++] ?? null);
    const settled = await outcome;
    if (settled.ok) answers.push(settled.value);
    else {
      failure ??= { error: settled.error };
      answers.push(null);
    }
  }
  if (failure) throw failure.error;
  return answers;
}

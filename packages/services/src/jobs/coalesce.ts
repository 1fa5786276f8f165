/**
 * Merges the calls made within one turn of the event loop into one call of `runMany`, which settles each of them: an
 * answer or a failure per call, in the order given. The jobs of a fetched batch run side by side and reach each step
 * at the same moment, so a batch of checks costs one statement per step instead of one per check (and one commit
 * instead of one per check). Calls made while a merged call is in flight make the next one, which starts at once, or,
 * with `oneAtATime`, when the one in flight has settled (a group commit: the busier the caller, the larger each merged
 * call). When `runMany` itself fails, every call it merged fails with it.
 */
export function coalesce<Input, Output>(
  runMany: (inputs: Input[]) => Promise<Array<PromiseSettledResult<Output>>>,
  { oneAtATime = false }: { oneAtATime?: boolean } = {},
): (input: Input) => Promise<Output> {
  type Call = { input: Input; resolve: (output: Output) => void; reject: (error: unknown) => void };
  let gathering: Call[] | null = null;
  /** The merged call in flight, settled when its callers are (it never rejects); null when none is. */
  let inFlight: Promise<void> | null = null;

  function run(calls: Call[]) {
    gathering = null;
    const merged: Promise<void> = Promise.resolve()
      .then(() => runMany(calls.map((call) => call.input)))
      .then((settled) => {
        if (settled.length !== calls.length)
          throw new Error(`coalesce: ${settled.length} answers for ${calls.length} calls`);
        settled.forEach((answer, index) =>
          answer.status === 'fulfilled' ? calls[index]!.resolve(answer.value) : calls[index]!.reject(answer.reason),
        );
      })
      .catch((error: unknown) => calls.forEach((call) => call.reject(error)))
      .finally(() => {
        if (inFlight === merged) inFlight = null;
      });
    inFlight = merged;
  }

  return (input) =>
    new Promise<Output>((resolve, reject) => {
      if (!gathering) {
        const calls: Call[] = [];
        gathering = calls;
        if (oneAtATime && inFlight) void inFlight.then(() => setImmediate(() => run(calls)));
        else setImmediate(() => run(calls));
      }
      gathering.push({ input, resolve, reject });
    });
}

/** Every input answered (`runMany` of `coalesce` for steps whose answers cannot fail one by one). */
export const fulfilled = <Output>(values: Output[]): Array<PromiseSettledResult<Output>> =>
  values.map((value) => ({ status: 'fulfilled', value }));

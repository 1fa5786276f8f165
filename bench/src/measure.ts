/** Operations completed and the time they took, added up over rounds. */
export type Throughput = { completed: number; seconds: number };

export const perSecond = ({ completed, seconds }: Throughput) => completed / seconds;

/** A benchmark's size from its environment variable (`BENCH_WATCHLIST_SIZE`…): `fallback` when unset, else a whole number of at least `least`. */
export function sizeSetting(
  variable: string,
  { fallback, least, of }: { fallback: number; least: number; of: string },
): number {
  const value = process.env[variable];
  if (value === undefined || value === '') return fallback;
  const size = Number(value);
  if (!Number.isInteger(size) || size < least)
    throw new Error(`${variable}: a whole number of ${of}, ${least} or more`);
  return size;
}

/**
 * `callers` loops each calling `operation` until `durationMs` has passed. The ones still running then finish and
 * count, and the time runs until the last one ends, so every operation started is measured.
 */
export async function throughput({
  operation,
  callers,
  durationMs,
}: {
  operation: () => Promise<unknown>;
  callers: number;
  durationMs: number;
}): Promise<Throughput> {
  const started = performance.now();
  const deadline = started + durationMs;
  let completed = 0;
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (performance.now() < deadline) {
        await operation();
        completed += 1;
      }
    }),
  );
  return { completed, seconds: (performance.now() - started) / 1000 };
}

/**
 * Measures contenders side by side: `rounds` rounds of `roundMs` each, the order reversed every other round, so
 * the noise of a shared machine falls on all of them alike. Returns each contender's throughput over all rounds.
 */
export async function sideBySide<Name extends string>({
  contenders,
  rounds,
  roundMs,
  callers,
  onRound,
}: {
  contenders: Record<Name, () => Promise<unknown>>;
  rounds: number;
  roundMs: number;
  callers: number;
  onRound?: (round: number, name: Name, measured: Throughput) => void;
}): Promise<Record<Name, Throughput>> {
  const names = Object.keys(contenders) as Name[];
  const totals = Object.fromEntries(names.map((name) => [name, { completed: 0, seconds: 0 }])) as Record<
    Name,
    Throughput
  >;
  for (let round = 1; round <= rounds; round += 1) {
    for (const name of round % 2 === 1 ? names : [...names].reverse()) {
      const measured = await throughput({ operation: contenders[name], callers, durationMs: roundMs });
      totals[name].completed += measured.completed;
      totals[name].seconds += measured.seconds;
      onRound?.(round, name, measured);
    }
  }
  return totals;
}

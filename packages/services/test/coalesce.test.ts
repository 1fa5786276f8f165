import { describe, expect, it } from 'vitest';
import { coalesce, fulfilled } from '../src/jobs/coalesce.js';

/** A `runMany` that records each merged call and answers each input doubled. */
function doubling() {
  const calls: number[][] = [];
  const double = coalesce(async (inputs: number[]) => {
    calls.push([...inputs]);
    return fulfilled(inputs.map((input) => input * 2));
  });
  return { calls, double };
}

describe('coalesce', () => {
  it('merges the calls of one turn into one, and answers each in its order', async () => {
    const { calls, double } = doubling();
    expect(await Promise.all([1, 2, 3].map(double))).toEqual([2, 4, 6]);
    expect(calls).toEqual([[1, 2, 3]]);
  });

  it('makes a new merged call for calls made in a later turn, including while one is in flight', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const calls: number[][] = [];
    const slow = coalesce(async (inputs: number[]) => {
      calls.push([...inputs]);
      if (calls.length === 1) await gate;
      return fulfilled(inputs);
    });
    const first = Promise.all([slow(1), slow(2)]);
    await new Promise((resolve) => setImmediate(resolve));
    const second = Promise.all([slow(3), slow(4)]);
    expect(await second).toEqual([3, 4]);
    release();
    expect(await first).toEqual([1, 2]);
    expect(calls).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  it('with oneAtATime, gathers the calls made while one is in flight into the next, started when it settles', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const calls: number[][] = [];
    const serial = coalesce(
      async (inputs: number[]) => {
        calls.push([...inputs]);
        if (calls.length === 1) await gate;
        return fulfilled(inputs);
      },
      { oneAtATime: true },
    );
    const first = Promise.all([serial(1), serial(2)]);
    await new Promise((resolve) => setImmediate(resolve));
    const second = serial(3);
    await new Promise((resolve) => setImmediate(resolve));
    const third = Promise.all([serial(4), serial(5)]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([[1, 2]]);
    release();
    expect(await Promise.all([first, second, third])).toEqual([[1, 2], 3, [4, 5]]);
    expect(calls).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
  });

  it('fails only the calls whose answers failed', async () => {
    const oddFails = coalesce(async (inputs: number[]) =>
      inputs.map((input): PromiseSettledResult<number> =>
        input % 2 ? { status: 'rejected', reason: new Error(`odd ${input}`) } : { status: 'fulfilled', value: input },
      ),
    );
    expect(await Promise.allSettled([1, 2].map(oddFails))).toEqual([
      { status: 'rejected', reason: new Error('odd 1') },
      { status: 'fulfilled', value: 2 },
    ]);
  });

  it('fails every merged call when the merged call fails, thrown or rejected', async () => {
    const down = new Error('database unreachable');
    const rejecting = coalesce(async (_inputs: number[]): Promise<Array<PromiseSettledResult<number>>> =>
      Promise.reject(down),
    );
    const throwing = coalesce((_inputs: number[]): Promise<Array<PromiseSettledResult<number>>> => {
      throw down;
    });
    for (const merged of [rejecting, throwing])
      expect(await Promise.allSettled([1, 2].map(merged))).toEqual([
        { status: 'rejected', reason: down },
        { status: 'rejected', reason: down },
      ]);
  });

  it('fails every merged call when the answers do not match the calls', async () => {
    const short = coalesce(async (inputs: number[]) => fulfilled(inputs.slice(1)));
    const settled = await Promise.allSettled([1, 2].map(short));
    expect(settled.map((answer) => answer.status)).toEqual(['rejected', 'rejected']);
  });
});

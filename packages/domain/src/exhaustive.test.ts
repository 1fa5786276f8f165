import { describe, expect, it } from 'vitest';
import { everyMemberOf } from './exhaustive.js';

type Colour = 'red' | 'green' | 'blue';

describe('everyMemberOf', () => {
  it('keeps a list naming every member, in its order', () => {
    expect(everyMemberOf<Colour>()(['blue', 'red', 'green'])).toEqual(['blue', 'red', 'green']);
  });

  it('refuses to compile a list that leaves a member out (checked by `pnpm typecheck`)', () => {
    // @ts-expect-error -- 'blue' is missing
    expect(everyMemberOf<Colour>()(['red', 'green'])).toHaveLength(2);
  });
});

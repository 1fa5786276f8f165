import { describe, expect, it } from 'vitest';
import { chosenKeys } from './choices.js';

type Colour = 'red' | 'green' | 'blue';

describe('chosenKeys', () => {
  it('lists the keys set to true, in the order they are written', () => {
    const warm = chosenKeys({ red: true, blue: false, green: true } as const satisfies {
      readonly [C in Colour]: boolean;
    });
    expect(warm).toEqual(['red', 'green']);
    const typed: readonly ('red' | 'green')[] = warm;
    expect(typed).toBe(warm);
  });

  it('makes each member a decision: a record leaving one out does not compile (checked by `pnpm typecheck`)', () => {
    // @ts-expect-error -- 'blue' is not decided
    const undecided = { red: true, green: false } as const satisfies { readonly [C in Colour]: boolean };
    expect(chosenKeys(undecided)).toEqual(['red']);
  });
});

/** Closes an exhaustive `switch`: compiling fails when a case of the union is left out. */
export function assertNever(value: never, context = 'value'): never {
  throw new Error(`Unexpected ${context}: ${JSON.stringify(value)}`);
}

/**
 * An ordered list naming every member of `T`: `everyMemberOf<Dimension>()(['a', 'b'])` fails to compile when a member
 * is left out (the error names it), where a plain `readonly T[]` would let a new member drop out silently.
 */
export const everyMemberOf =
  <T extends string>() =>
  <const L extends readonly T[]>(
    list: L & ([Exclude<T, L[number]>] extends [never] ? unknown : { missing: Exclude<T, L[number]> }),
  ): readonly T[] =>
    list;

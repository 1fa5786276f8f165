/** The keys of a record of booleans whose value is `true`. */
export type ChosenKeys<R> = { [K in keyof R]: R[K] extends true ? K : never }[keyof R];

/**
 * The keys whose value is `true`, in the order they are written. Write the record `as const satisfies
 * { readonly [K in Union]: boolean }`: then each member of the union is a decision, and a member added to the union
 * without one fails to compile (where a hand-kept list of the chosen ones would silently leave it out).
 */
export const chosenKeys = <const R extends { readonly [key: string]: boolean }>(choices: R): ChosenKeys<R>[] =>
  Object.keys(choices).filter((key) => choices[key]) as ChosenKeys<R>[];

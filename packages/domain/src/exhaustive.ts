/** Closes an exhaustive `switch`: compiling fails when a case of the union is left out. */
export function assertNever(value: never, context = 'value'): never {
  throw new Error(`Unexpected ${context}: ${JSON.stringify(value)}`);
}

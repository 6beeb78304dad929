/** `value`, failing the test with `what` when it is null or undefined. */
export function defined<T>(value: T | null | undefined, what = 'a value'): T {
  if (value === null || value === undefined) throw new Error(`expected ${what}`);
  return value;
}

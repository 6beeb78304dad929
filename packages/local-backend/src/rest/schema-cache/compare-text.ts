/** Code point order, as Haskell orders Text (localeCompare would not). */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

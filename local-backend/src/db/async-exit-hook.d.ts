// async-exit-hook ships no types; only the call this backend makes is declared.
declare module 'async-exit-hook' {
  interface ExitHook {
    unhookEvent(event: string): void;
  }
  const exitHook: ExitHook;
  export default exitHook;
}

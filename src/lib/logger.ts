/** The one way the app writes to the console, so production logging can be redirected in one place. */
export const logger = {
  error(message: string, ...details: unknown[]): void {
    console.error(message, ...details);
  },
  warn(message: string, ...details: unknown[]): void {
    console.warn(message, ...details);
  },
};

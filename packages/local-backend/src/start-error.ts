/**
 * Why the backend could not start (a taken port, a broken config.toml, a failed migration): the CLI
 * prints its message alone, without a stack, and exits 1.
 */
export class BackendStartError extends Error {}

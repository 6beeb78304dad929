/** The package's public API: start the backend in-process, or run it as a command. */
export { startBackend } from './backend';
export type { ExtraRoute, RunningBackend, StartOptions } from './backend';
export { runBackendCommand } from './cli';
export type { BackendCommandOptions } from './cli';
export { loadConfig } from './config';
export type { AuthSettings, BackendConfig, ConfigOverrides, RateLimits } from './config';
export { BackendStartError } from './start-error';
export type { MigrationReport } from './setup/migrate';
export { HttpError } from './http/types';
export type { ApiRequest, ApiResponse, Logger, ServiceHandler } from './http/types';

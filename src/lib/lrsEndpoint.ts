import { env } from '@/lib/env';

/**
 * The LRS's base address (docs/learning-records.md): the xAPI endpoint a tool is given, and the one
 * a launched player is told to send its statements to. Not in a feature's api.ts, which scripts
 * import outside Vite (where the app's environment is not defined).
 */
export const lrsEndpointUrl = new URL('/functions/v1/xapi/', env.supabaseUrl).href;

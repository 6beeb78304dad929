import { env } from '@/lib/env';

/**
 * The LRS's base address, which a tool is given as its xAPI endpoint (docs/learning-records.md). Not
 * in ./api.ts, which scripts import outside Vite (where the app's environment is not defined).
 */
export const lrsEndpointUrl = new URL('/functions/v1/xapi/', env.supabaseUrl).href;

/**
 * The client's configuration. Values are inlined by Vite at build time and validated when the dev
 * server or build starts (see src/lib/publicEnv.ts), so here they are only typed.
 */
export const env = {
  supabaseUrl: import.meta.env.VITE_SUPABASE_URL,
  supabasePublishableKey: import.meta.env.VITE_SUPABASE_PUBLISHABLE_KEY,
  playerBaseUrl: import.meta.env.VITE_PLAYER_BASE_URL,
  siteUrl: import.meta.env.VITE_SITE_URL,
};

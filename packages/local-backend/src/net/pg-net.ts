/**
 * pg_net for the embedded Postgres, which ships without it: a stand-in extension of the same name
 * (pg_net.control and pg_net--0.19.5.sql beside this file) written into Postgres's extension folder,
 * so that `create extension if not exists pg_net with schema extensions;` and `net.http_post(…)` work
 * in migrations and SQL functions unchanged. The worker (worker.ts) sends the requests it queues.
 */
import type { StandInExtension } from '../db/stand-in-extension';

export const pgNetStandIn: StandInExtension = {
  name: 'pg_net',
  // The version hosted Supabase's Postgres 17 images ship.
  version: '0.19.5',
  sourceDir: import.meta.dirname,
};

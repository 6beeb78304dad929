/**
 * `npm run backend` / `npm run db:reset`: the local backend for this project, with the sample 360
 * player on the API port where `.env.development`'s VITE_PLAYER_BASE_URL points.
 */
import { resolve } from 'node:path';
import { runBackendCommand } from '@revolve/local-backend';
import { samplePlayerRoute } from '../tools/sample-player/service';
import {
  seeded,
  seededAdminTotpSecret,
  seededManagerTotpSecret,
} from '../supabase/tests/seedAccounts';

await runBackendCommand({
  // Explicit, so the data folder stays .local-backend/ here whatever the working directory.
  projectRoot: resolve(import.meta.dirname, '..'),
  extraRoutes: [samplePlayerRoute()],
  summary: (backend) => [
    ['360 player', `${backend.apiUrl}/player/<code>/`],
    // supabase/seed.sql gives the seeded admin's and manager's authenticator apps these published,
    // local-only secrets.
    [
      'Admin 2FA',
      `${seeded.admin.email}: TOTP secret ${seededAdminTotpSecret} (any authenticator app)`,
    ],
    [
      'Manager 2FA',
      `${seeded.manager.email}: TOTP secret ${seededManagerTotpSecret} (any authenticator app)`,
    ],
  ],
  accountsNote: 'seeded passwords: supabase/README.md',
});

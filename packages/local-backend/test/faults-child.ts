/**
 * A backend in a process of its own for test/faults.test.ts, which kills this process with SIGKILL
 * to leave its Postgres behind. Arguments: project root, supabase dir, data dir, API, DB and mailbox
 * ports. Prints READY once the API answers.
 */
import { startBackend } from '../src/backend';

const [projectRoot, supabaseDir, dataDir, apiPort, dbPort, mailPort] = process.argv.slice(2);
await startBackend({
  projectRoot,
  supabaseDir,
  dataDir,
  apiPort: Number(apiPort),
  dbPort: Number(dbPort),
  mailPort: Number(mailPort),
});
console.log('READY');

/**
 * `npm start` in this package. The project is `--project-root`, else the folder npm was started
 * from (INIT_CWD: npm runs a workspace's scripts inside the package, not where the developer is),
 * else the working directory. `--reset` deletes the database first.
 */
import { parseArgs } from 'node:util';
import { runBackendCommand } from './cli';

const { values } = parseArgs({
  options: { reset: { type: 'boolean', default: false }, 'project-root': { type: 'string' } },
});

await runBackendCommand({
  projectRoot: values['project-root'] ?? process.env.INIT_CWD ?? process.cwd(),
  args: values.reset ? ['--reset'] : [],
});

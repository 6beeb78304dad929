// Stops `npm install`, `npm run dev` and `npm test` on a Node older than package.json's engines, with
// what to do instead. Plain JavaScript with no imports beyond Node's own, so it runs on any old Node.
import { readFileSync } from 'node:fs';

const { engines } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const minimum = /^>=\s*(\d+)\.(\d+)/.exec(engines.node);
if (!minimum) throw new Error(`package.json engines.node is not ">=major.minor": ${engines.node}`);
const recommended = readFileSync(new URL('../.nvmrc', import.meta.url), 'utf8').trim();
const [major, minor] = process.versions.node.split('.').map(Number);
const [needMajor, needMinor] = [Number(minimum[1]), Number(minimum[2])];

if (major < needMajor || (major === needMajor && minor < needMinor)) {
  console.error(
    [
      `This project needs Node ${needMajor}.${needMinor} or newer; this is Node ${process.versions.node}.`,
      `Install Node ${recommended} (the version in .nvmrc), e.g. with nvm: nvm install && nvm use`,
    ].join('\n'),
  );
  process.exit(1);
}

import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { sitePlaceholders } from '../../src/content/site';
import { placeholderReport } from '../../scripts/lib/placeholders';

const root = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

describe('the production build and the placeholders', () => {
  it('reports each placeholder of a list, with what should replace it', () => {
    const report = placeholderReport([
      { value: 'hello@company.example', missing: 'the contact e-mail address' },
      { value: '1234', missing: 'the video id of the showreel' },
    ]);
    expect(report).toContain('2 company details');
    expect(report).toContain('"hello@company.example": the contact e-mail address');
    expect(report).toContain('"1234": the video id of the showreel');
  });

  it('has nothing to report without placeholders', () => {
    expect(placeholderReport([])).toBeNull();
  });

  // While src/content/site.ts still lists placeholders (today's state), `npm run build` must stop
  // before building anything. Once the last is replaced, this test has done its job: delete it.
  it('npm run build stops, listing the placeholders still in the company details', async () => {
    expect(sitePlaceholders.length, 'placeholders left in src/content/site.ts').toBeGreaterThan(0);
    const failure = await run(join(root, 'node_modules/.bin/tsx'), ['scripts/build.ts'], {
      cwd: root,
    }).then(
      () => undefined,
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    for (const { value, missing } of sitePlaceholders)
      expect(failure?.stderr).toContain(`${JSON.stringify(value)}: ${missing}`);
    expect(failure?.stdout).not.toContain('Built');
  });
});

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './import-graph';

// Issue 12: the server's Node flags (scripts/node-flags.mjs) are the ones the container runs with, and on Node 24 the
// young-generation cap they set takes effect. The upload's memory itself is measured by `npm run bench`.

const node = (args: string[]) => spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });

function flagsFor(version: string): string[] {
  const run = node([
    '--input-type=module',
    '-e',
    `import { portalNodeFlags } from './scripts/node-flags.mjs'; console.log(JSON.stringify(portalNodeFlags('${version}')));`,
  ]);
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout) as string[];
}

/** The largest young generation (MB) a process reaches while it churns through short-lived objects. */
function youngGenerationPeakMb(flags: string[]): number {
  const churn = `
    const v8 = require('node:v8');
    let peak = 0, keep = [];
    for (let i = 0; i < 3e6; i++) {
      keep.push({ i, s: 'x' + i });
      if (keep.length > 4e5) keep = [];
      if (i % 1000 === 0)
        peak = Math.max(peak, v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size);
    }
    console.log(peak / 1048576);`;
  const run = node([...flags, '-e', churn]);
  expect(run.status).toBe(0);
  return Number(run.stdout);
}

it('runs the container with the server’s Node flags, on Node 24', () => {
  const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
  expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24-/m);
  const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
  expect(JSON.parse(cmd ?? '[]')).toEqual(['node', ...flagsFor('24.0.0'), 'server.mjs']);
  // Node 22's V8 does not know the flag: a server on Node 22 starts without it.
  expect(flagsFor('22.12.0')).toEqual([]);
});

const onNode24 = Number(process.versions.node.split('.')[0]) >= 24;
(onNode24 ? it : it.skip)('caps the young generation on Node 24', () => {
  const flags = flagsFor(process.versions.node);
  expect(flags.length).toBeGreaterThan(0);
  const capped = youngGenerationPeakMb(flags);
  const uncapped = youngGenerationPeakMb([]);
  // Measured here: about 32 MB capped (the space's size counts more than the 8 MB of objects) against 128 uncapped.
  // The bounds leave room for V8's page rounding, not for the cap failing to apply.
  expect(capped).toBeLessThan(48);
  expect(capped * 2).toBeLessThan(uncapped);
});

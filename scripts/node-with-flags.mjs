#!/usr/bin/env node
// `node scripts/node-with-flags.mjs <script> [args…]`: runs <script> under the production server's Node flags
// (scripts/node-flags.mjs). `npm run test:api` runs jest through it: the API suites serve the portal inside jest's
// workers, which inherit their parent's flags, so a streamed upload there is collected as it is in the container. Without
// the cap, a 200 MB upload in a worker that had run other suites grew its RSS by 181 MB (a CI run, Node 24) against the
// bound portal-files.test.ts sets for a streamed upload.
import { spawn } from 'node:child_process';
import { portalNodeFlags } from './node-flags.mjs';

const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error('usage: node scripts/node-with-flags.mjs <script> [args…]');
  process.exit(2);
}
const child = spawn(process.execPath, [...portalNodeFlags(), script, ...args], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  if (signal) process.kill(process.pid, signal);
  else process.exit(code ?? 1);
});

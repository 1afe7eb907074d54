#!/usr/bin/env node
// `npm test`: every test, one part after the other, each part's time printed: the unit tests,
// the build, the API tests (on PGlite, or on PostgreSQL with DATABASE_URL; a second pass on
// TEST_API_POSTGRES_URL when it is set, as CI sets it), Playwright in Chromium, then the journeys
// in Firefox and WebKit. The parts run one at a time: each keeps the two cores of a machine of
// this kind busy, and side by side they took longer together than in turn.
import { spawn } from 'node:child_process';

const started = Date.now();
const minutes = (since) => `${((Date.now() - since) / 60_000).toFixed(1)} min`;

function run(command, args, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const secondPass = process.env.TEST_API_POSTGRES_URL;
const steps = [
  ['browsers present', process.execPath, ['scripts/check-browsers.mjs']],
  ['unit tests', 'npm', ['run', 'test:unit']],
  ['build', 'npm', ['run', 'build']],
  [process.env.DATABASE_URL ? 'API tests on PostgreSQL (DATABASE_URL)' : 'API tests on PGlite', 'npm', ['run', 'test:api']],
  ...(secondPass ? [['API tests on PostgreSQL (TEST_API_POSTGRES_URL)', 'npm', ['run', 'test:api'], { DATABASE_URL: secondPass }]] : []),
  ['end-to-end in Chromium', 'npm', ['run', 'test:e2e:built']],
  ['journeys in Firefox and WebKit', 'npm', ['run', 'test:engines']],
];

for (const [label, command, args, env] of steps) {
  const since = Date.now();
  process.stdout.write(`== ${label}\n`);
  const code = await run(command, args, env);
  process.stdout.write(`== ${label}: ${code === 0 ? 'done' : 'FAILED'} (${minutes(since)})\n`);
  if (code !== 0) {
    process.stdout.write(`== npm test failed after ${minutes(started)}\n`);
    process.exit(code);
  }
}
process.stdout.write(`== npm test took ${minutes(started)}\n`);

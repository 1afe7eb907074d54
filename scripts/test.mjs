#!/usr/bin/env node
// `npm test`: every test. The unit tests first, then the apps are built once, then two lanes run
// side by side: the API tests (on PGlite, or on PostgreSQL with DATABASE_URL; a second pass on
// TEST_API_POSTGRES_URL when it is set, as CI sets it) and the browsers (Playwright in Chromium,
// then the journeys in Firefox and WebKit). The browser runs wait on pages, media and timers
// more than on the processor, so the API lane uses what they leave; the build comes before both
// because the API tests' apps serve the built pages and must never see a build half-written.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const started = Date.now();
const minutes = (since) => `${((Date.now() - since) / 60_000).toFixed(1)} min`;

/** Runs one command; with a lane name, its lines are printed with the name in front. */
function run(command, args, { lane, env } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: lane ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    if (lane) {
      for (const stream of [child.stdout, child.stderr]) {
        createInterface({ input: stream }).on('line', (line) => process.stdout.write(`[${lane}] ${line}\n`));
      }
    }
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs the steps of a lane in order, stopping at the first failure; resolves with its result. */
async function lane(name, steps) {
  const since = Date.now();
  for (const [label, command, args, env] of steps) {
    process.stdout.write(`[${name}] == ${label}\n`);
    const code = await run(command, args, { lane: name, env });
    if (code !== 0) return { name, ok: false, failed: label, took: minutes(since) };
  }
  return { name, ok: true, took: minutes(since) };
}

async function step(label, command, args) {
  const since = Date.now();
  process.stdout.write(`== ${label}\n`);
  const code = await run(command, args);
  process.stdout.write(`== ${label}: ${code === 0 ? 'done' : 'FAILED'} (${minutes(since)})\n`);
  if (code !== 0) process.exit(code);
}

await step('browsers present', process.execPath, ['scripts/check-browsers.mjs']);
await step('unit tests', 'npm', ['run', 'test:unit']);
await step('build', 'npm', ['run', 'build']);

const secondPass = process.env.TEST_API_POSTGRES_URL;
const results = await Promise.all([
  lane('api', [
    [process.env.DATABASE_URL ? 'API tests on PostgreSQL (DATABASE_URL)' : 'API tests on PGlite', 'npm', ['run', 'test:api']],
    ...(secondPass ? [['API tests on PostgreSQL (TEST_API_POSTGRES_URL)', 'npm', ['run', 'test:api'], { DATABASE_URL: secondPass }]] : []),
  ]),
  lane('browsers', [
    ['end-to-end in Chromium', 'npm', ['run', 'test:e2e:built']],
    ['journeys in Firefox and WebKit', 'npm', ['run', 'test:engines']],
  ]),
]);

for (const result of results) {
  process.stdout.write(`== ${result.name}: ${result.ok ? 'passed' : `FAILED at "${result.failed}"`} (${result.took})\n`);
}
process.stdout.write(`== npm test took ${minutes(started)}\n`);
process.exit(results.every((result) => result.ok) ? 0 : 1);

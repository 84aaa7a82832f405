// Fails when the built site outgrows its weight budget: what a phone downloads before the first
// board, and the workers it downloads next (the solver's, and the record's). Sizes are `gzip -9` (zlib at level 9 where
// gzip is missing, about 0.5 % larger), as static hosts send them. The budgets and today's figures are in docs/performance.md ("Page weight"); raise a
// budget only with a reason written there.
//
//   node tests/tools/check-weight.mjs [dist]      (`make check-weight` builds dist/ first)
//
// Node 20, no dependencies.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dist = resolve(process.argv[2] ?? join(root, 'dist'));

const KB = 1000;

/** Each budget: the files it counts, and the most they may weigh together, gzipped. */
const BUDGETS = [
  // Raised once for issues 69, 70 and 71 together (sync, the daily race, the stepper): by 30 KB
  // the app and 20 KB the record's worker, as they were given.
  { name: "the app's wasm", files: ['app_bg.wasm'], limit: 260 * KB },
  // The style sheet is inlined in index.html (its first screen paints without waiting for it).
  {
    name: 'before the first board',
    files: ['index.html', 'app.js', 'app_bg.wasm'],
    limit: 275 * KB,
  },
  { name: "the solver's worker", files: ['worker.js', 'worker_bg.wasm'], limit: 200 * KB },
  { name: "the record's worker", files: ['store-loader.js', 'store.js', 'store_bg.wasm'], limit: 100 * KB },
  // Fetched only on a device that syncs or races, or when a device link is opened.
  { name: 'the sync worker', files: ['sync-loader.js', 'sync.js', 'sync_bg.wasm'], limit: 75 * KB },
];

/** The gzipped size of a file of the site, or null when the build has no such file. */
function gzipped(file) {
  const path = join(dist, file);
  if (!existsSync(path)) return null;
  try {
    return execFileSync('gzip', ['-9', '-c', path], { maxBuffer: 1 << 26 }).length;
  } catch {
    return gzipSync(readFileSync(path), { level: 9 }).length;
  }
}

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

let failed = false;
for (const { name, files, limit } of BUDGETS) {
  const sizes = files.map((f) => [f, gzipped(f)]);
  const missing = sizes.filter(([, size]) => size === null).map(([f]) => f);
  if (missing.length > 0) {
    console.error(`check-weight: ${dist} has no ${missing.join(', ')}: run make dist first`);
    process.exit(2);
  }
  const total = sizes.reduce((sum, [, size]) => sum + size, 0);
  const parts = sizes.length > 1 ? ` (${sizes.map(([f, s]) => `${f} ${kb(s)}`).join(', ')})` : '';
  const verdict = total <= limit ? 'within' : 'OVER';
  console.log(`check-weight: ${name}: ${kb(total)} gzipped, ${verdict} the ${kb(limit)} budget${parts}`);
  failed ||= total > limit;
}
if (failed) {
  console.error('check-weight: over budget. See docs/performance.md, "Page weight", before raising one.');
  process.exit(1);
}

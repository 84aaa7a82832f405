// The page's Solve on big boards (ten seconds of improving answers, as a player gets) against
// `slide solve --seconds 10` on the same boards, each pair run side by side (the page's worker on
// one core, the command line on the other), printed as lengths over the Manhattan bound.
// Run by `make bench-browser` (not part of `make test`: it measures, it does not check timing).
// SLIDE_BENCH_SIZES (6,7,8,10) and SLIDE_BENCH_SEEDS (4001-4005) choose the boards, as the
// native benchmark's do (`slide scramble --size N --seed S`).

import { it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { launch, serve } from '../e2e/harness.mjs';

const run = promisify(execFile);
const SLIDE = 'target/release/slide';
const sizes = (process.env.SLIDE_BENCH_SIZES ?? '6,7,8,10').split(',').map(Number);
const [from, to] = (process.env.SLIDE_BENCH_SEEDS ?? '4001-4005').split('-').map(Number);
const seeds = Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Manhattan distance of `board` (board notation) toward the blank-last goal. */
function manhattan(board) {
  const rows = board.split('/').map((r) => r.trim().split(/[ ,]+/).map(Number));
  const w = rows[0].length;
  let sum = 0;
  rows.flat().forEach((tile, square) => {
    if (tile === 0) return;
    const home = tile - 1;
    sum += Math.abs(Math.floor(home / w) - Math.floor(square / w)) + Math.abs((home % w) - (square % w));
  });
  return sum;
}

/** The page's final answer for `board`: Solve, then wait until it stops improving. */
async function onThePage(browser, url, board) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${url}/?board=${board.replaceAll(' ', ',')}`);
  await page.waitForSelector('[data-testid=board]');
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  const done = page.locator('[data-testid=solution][data-improving=false]');
  await done.waitFor({ timeout: 120000 });
  const length = Number(await done.getAttribute('data-length'));
  await page.close();
  return length;
}

/** The command line's answer for `board` given ten seconds. */
async function onTheCommandLine(board) {
  const { stdout } = await run(SLIDE, ['solve', '--seconds', '10', '--json', board], { maxBuffer: 1 << 26 });
  return JSON.parse(stdout).length;
}

it('big boards: the page against the command line, ten seconds each', { timeout: 3600000 }, async () => {
  const server = await serve();
  const browser = await launch();
  try {
    console.log('\nsize  seed   page × Manhattan   command line × Manhattan');
    const summary = [];
    for (const size of sizes) {
      let [page, line] = [0, 0];
      for (const seed of seeds) {
        const { stdout } = await run(SLIDE, ['scramble', '--size', String(size), '--seed', String(seed)]);
        const board = stdout.trim();
        const bound = manhattan(board);
        const [p, c] = await Promise.all([onThePage(browser, server.url, board), onTheCommandLine(board)]);
        assert.ok(p > 0 && c > 0, `${size}×${size} seed ${seed}: ${p}, ${c}`);
        page += p / bound;
        line += c / bound;
        console.log(`${`${size}×${size}`.padEnd(6)}${String(seed).padEnd(7)}${(p / bound).toFixed(3).padStart(10)} (${p})${(c / bound).toFixed(3).padStart(18)} (${c})`);
      }
      summary.push(`${size}×${size}: page ${(page / seeds.length).toFixed(3)} ×, command line ${(line / seeds.length).toFixed(3)} ×`);
    }
    console.log(`\nseeds ${from}-${to}, mean over the boards:\n${summary.join('\n')}`);
  } finally {
    await browser.close();
    await server.close();
  }
});

// The record at scale: 0, 10,000 and 100,000 solves kept in the browser's database (IndexedDB,
// in the record's worker). For each: the import of a history file of that many solves (from the
// file chosen to its report), a reload (page load to the first board, and to the record loaded),
// the time from the solving move to its result and to the statistics that count it, the
// per-solve write (from the solving move to the database's word that it is kept), and an export
// (from Export history to the file offered). While each runs, the page's frames are watched:
// the longest gap between two frames, and the long tasks the browser reports (50 ms and more).
// The solves are 3×3 ones by keys, so the one solved on the page (a fresh shuffle, by keys) counts
// among them in the statistics on show.
// Run by `make bench-browser`; alone: `node --test tests/bench-browser/store.test.mjs`
// (`SIZES=0,10000` for fewer). It prints figures; it checks only that each step happened.

import { it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, serve } from '../e2e/harness.mjs';
import { solveKeys } from '../e2e/eight-puzzle.mjs';

const SIZES = (process.env.SIZES ?? '0,10000,100000').split(',').map(Number);

/** Solve `i` as the history's JSON has it, with its move times (about 530 bytes). */
function solve(i) {
  const moves = 40 + (i % 30);
  const times = Array.from({ length: moves }, (_, k) => k * 180 + (k > 0 ? (i * 7 + k) % 97 : 0));
  return {
    id: 1_600_000_000_000 + i * 1_000,
    date: '2026-01-01',
    size: '3x3',
    board: '8 6 7/2 5 4/3 0 1',
    goal: '1 2 3/4 5 6/7 8 0',
    moves,
    mtm: moves - 5,
    millis: times[moves - 1],
    optimal: null,
    best_known: null,
    assisted: false,
    control: 'keys',
    random_state: true,
    times,
  };
}

function file(n) {
  const parts = ['{"version":1,"solves":['];
  for (let i = 0; i < n; i++) parts.push((i ? ',' : '') + JSON.stringify(solve(i)));
  parts.push('],"events":[]}');
  return Buffer.from(parts.join(''));
}

// Watches the page's frames: every requestAnimationFrame, and the long tasks the browser reports.
function watchFrames() {
  window.__frames = { last: performance.now(), gap: 0, long: [] };
  const tick = (t) => {
    const f = window.__frames;
    f.gap = Math.max(f.gap, t - f.last);
    f.last = t;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__frames.long.push(Math.round(e.duration));
  }).observe({ type: 'longtask', buffered: true });
}

/** Starts a watch of the frames; `read()` gives the longest gap and the long tasks since. */
async function frames(page) {
  await page.evaluate(() => {
    window.__frames.gap = 0;
    window.__frames.last = performance.now();
    window.__frames.long = [];
  });
  return async () => page.evaluate(() => ({ gap: Math.round(window.__frames.gap), long: window.__frames.long.slice() }));
}

const fmt = (f) => `longest frame gap ${f.gap} ms, long tasks ${f.long.length ? f.long.join('/') + ' ms' : 'none'}`;

async function loaded(page, n) {
  // The progress is inside the history's panel, built once the page is idle.
  await page.waitForFunction(() => performance.getEntriesByName('slide:unfolded').length > 0, null, { timeout: 600000 });
  await page.waitForSelector('[data-testid=record-progress]', { state: 'detached', timeout: 600000 });
  await page.waitForSelector(`[data-testid=history][data-total="${n}"]`, { state: 'attached', timeout: 600000 });
}

async function openHistory(page) {
  const summary = page.getByText('Your solves and statistics', { exact: true });
  if (!(await summary.evaluate((s) => s.closest('details').open))) await summary.click();
}

it('the record with 0, 10,000 and 100,000 solves', { timeout: 3600000 }, async () => {
  const server = await serve({ gzip: true });
  const browser = await launch();
  try {
    for (const n of SIZES) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addInitScript(watchFrames);
      const page = await context.newPage();
      await page.goto(`${server.url}/`);
      await page.waitForSelector('[data-testid=board]');
      await loaded(page, 0);
      await openHistory(page);
      if (n > 0) {
        // From a file on disk, as a player picks one (a buffer would be copied in by the page).
        const bytes = file(n);
        const dir = await mkdtemp(join(tmpdir(), 'slide-bench-'));
        const path = join(dir, 'big.json');
        await writeFile(path, bytes);
        const read = await frames(page);
        const t0 = Date.now();
        await page.getByLabel('Import history').setInputFiles(path);
        await page.getByRole('status').filter({ hasText: `${n} solves added` }).waitFor({ timeout: 1200000 });
        const imported = Date.now() - t0;
        await loaded(page, n);
        const reread = Date.now() - t0;
        console.log(`${n} solves: import of ${(bytes.length / 1e6).toFixed(1)} MB ${imported} ms to its report, ${reread} ms with the record read again; ${fmt(await read())}`);
        await rm(dir, { recursive: true });
      }
      // A reload: the first board, and the record loaded after it.
      await page.reload();
      await page.waitForSelector('[data-testid=board]');
      const read = await frames(page);
      await loaded(page, n);
      const marks = await page.evaluate(() => ({
        board: performance.getEntriesByName('slide:first-board')[0]?.startTime,
        record: performance.getEntriesByName('slide:record-loaded')[0]?.startTime,
      }));
      console.log(`${n} solves: reload: first board at ${Math.round(marks.board)} ms, the record loaded at ${Math.round(marks.record)} ms; ${fmt(await read())}`);
      // A solve of a fresh shuffle (drawn at random, so it counts among the kept 3×3 ones): from
      // the solving key to its result, its statistics and its write.
      await openHistory(page);
      const board = await page.getAttribute('[data-testid=board]', 'data-state');
      const keys = solveKeys(board);
      await page.evaluate(() => {
        window.__solve = {};
        document.addEventListener('keydown', () => (window.__solve.key = performance.now()), { capture: true });
        const seen = () => {
          const s = window.__solve;
          if (!s.result && document.querySelector('[data-testid=result]')) s.result = performance.now();
          const count = document.querySelector('[data-testid=stats] [data-stat=count]')?.dataset.value;
          if (!s.stats && s.key && count !== s.count) s.stats = performance.now();
        };
        window.__solve.count = document.querySelector('[data-testid=stats] [data-stat=count]')?.dataset.value;
        new MutationObserver(seen).observe(document.body, { subtree: true, childList: true, attributes: true });
      });
      const solveRead = await frames(page);
      for (const key of keys) {
        await page.keyboard.press(key);
        await page.waitForTimeout(20); // paces input as a player would
      }
      await page.waitForSelector('[data-testid=result]');
      await page.waitForFunction(() => performance.getEntriesByName('slide:kept').length > 0);
      await loaded(page, n + 1);
      const s = await page.evaluate(() => ({ ...window.__solve, kept: performance.getEntriesByName('slide:kept')[0].startTime }));
      assert.ok(s.result && s.stats, JSON.stringify(s));
      console.log(`${n} solves: the solving move to its result ${(s.result - s.key).toFixed(1)} ms, to the statistics ${(s.stats - s.key).toFixed(1)} ms, to the write kept ${(s.kept - s.key).toFixed(1)} ms; ${fmt(await solveRead())}`);
      // An export, from the click to the file offered.
      const exportRead = await frames(page);
      const t0 = Date.now();
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 1200000 }),
        page.getByRole('button', { name: 'Export history', exact: true }).click(),
      ]);
      const exported = Date.now() - t0;
      const { size } = await stat(await download.path());
      console.log(`${n} solves: export of ${(size / 1e6).toFixed(1)} MB in ${exported} ms; ${fmt(await exportRead())}`);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
});

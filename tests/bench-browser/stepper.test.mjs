// Learn mode's stepper far into a search: `?board=8,6,7/2,5,4/3,0,1&learn=astar&heuristic=hamming&
// step=3000` (A* by misplaced tiles at its 3,000th step: 4,794 boards in the tree, 1,794 open,
// 3,000 closed), how long the link takes to open, from the address asked for to the step on
// screen with every board of the tree in its list; then what each next Step costs the page's main
// thread, from the click to the frame after the step is shown (the worker's search is not the
// page's), at full speed and at Chromium's 4× CPU slow-down.
//
// A Step's cost is the main thread's CPU time in that span, from a trace of the run (the tasks'
// thread time: the wait for the worker, and another process's hold on the core, left out), and
// its wall time. Run by `make bench-browser`; alone: `node --test
// tests/bench-browser/stepper.test.mjs` after `make dist` (RUNS=n pages, 3 by default; STEPS=n
// Steps a page, 20 by default). It prints figures, it checks no timing.

import { it } from 'node:test';
import assert from 'node:assert/strict';
import { launch, serve } from '../e2e/harness.mjs';

const RUNS = Number(process.env.RUNS ?? 3);
const STEPS = Number(process.env.STEPS ?? 20);
const LINK = '?board=8,6,7/2,5,4/3,0,1&learn=astar&heuristic=hamming&step=3000';

/** In the page: `n` Steps, each clicked at the start of a frame; each Step's span. */
function steps(n) {
  const frame = () => new Promise((ok) => requestAnimationFrame(ok));
  const afterTasks = () =>
    new Promise((ok) => {
      const c = new MessageChannel();
      c.port1.onmessage = () => ok(performance.now());
      c.port2.postMessage(0);
    });
  const stepper = () => document.querySelector('[data-testid=stepper]');
  const shown = (k) => stepper().dataset.step === String(k) && stepper().getAttribute('aria-busy') === 'false';
  const until = (k) =>
    new Promise((ok) => {
      if (shown(k)) return ok();
      const watch = new MutationObserver(() => shown(k) && (watch.disconnect(), ok()));
      watch.observe(document.body, { attributes: true, subtree: true, childList: true });
    });
  const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Step');
  return (async () => {
    const spans = [];
    const mark = performance.mark('slide:steps').startTime;
    for (let i = 0; i < n; i++) {
      const next = Number(stepper().dataset.step) + 1;
      await frame();
      const start = performance.now();
      button.click();
      await until(next);
      await frame();
      const end = await afterTasks();
      spans.push([start, end]);
    }
    return { spans, mark };
  })();
}

/** Each span's main-thread CPU time, in milliseconds, from a trace (as moves.test.mjs reads it). */
function cpuTimes(trace, { spans, mark }) {
  const events = JSON.parse(trace.toString()).traceEvents;
  const marked = events.find((e) => e.name === 'slide:steps' && e.ts);
  const main = events.find((e) => e.pid === marked.pid && e.name === 'thread_name' && e.args.name === 'CrRendererMain');
  const offset = marked.ts - mark * 1000;
  const tasks = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && e.tdur !== undefined)
    .sort((a, b) => a.ts - b.ts)
    .filter((e, i, all) => !all.slice(Math.max(0, i - 8), i).some((o) => o.ts + o.dur >= e.ts + e.dur));
  return spans.map(([from, to]) => {
    const [a, b] = [from * 1000 + offset, to * 1000 + offset];
    let cpu = 0;
    for (const t of tasks) {
      const overlap = Math.min(b, t.ts + t.dur) - Math.max(a, t.ts);
      if (overlap > 0) cpu += (t.tdur * overlap) / Math.max(t.dur, 1);
    }
    return cpu / 1000;
  });
}

function figures(xs) {
  const sorted = [...xs].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return `median ${at(0.5).toFixed(1)}, p95 ${at(0.95).toFixed(1)}, max ${sorted[sorted.length - 1].toFixed(1)}`;
}

it('a step=3000 link opens, and each next Step costs the main thread', { timeout: 600000 }, async () => {
  const server = await serve({ gzip: true });
  const opened = [];
  const [cpu, wall, slowCpu, slowWall] = [[], [], [], []];
  for (let run = 0; run < RUNS; run++) {
    const browser = await launch();
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const errors = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.goto(`${server.url}/${LINK}`);
      // From the navigation's start to the step on screen, every board of its tree listed.
      const at = await page.waitForFunction(
        () => {
          const s = document.querySelector('[data-testid=stepper]');
          const boards = document.querySelectorAll('[data-testid=search-tree] > li').length;
          return s?.dataset.step === '3000' && s.getAttribute('aria-busy') === 'false' && boards > 0 && performance.now();
        },
        null,
        { polling: 'raf', timeout: 60000 },
      );
      opened.push(await at.jsonValue());
      const counts = await page.evaluate(() =>
        ['search-tree', 'open-list', 'closed-list'].map((id) => document.querySelectorAll(`[data-testid=${id}] > li`).length),
      );
      // Every board A* has generated by then is in the tree: the open ones and the closed.
      assert.deepEqual(counts, [4794, 1794, 3000]);
      for (const [rate, cpus, walls] of [[1, cpu, wall], [4, slowCpu, slowWall]]) {
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate });
        await browser.startTracing(page, { categories: ['toplevel', 'blink.user_timing'] });
        const measured = await page.evaluate(steps, STEPS);
        cpus.push(...cpuTimes(await browser.stopTracing(), measured));
        walls.push(...measured.spans.map(([a, b]) => b - a));
      }
      const tree = await page.locator('[data-testid=search-tree] > li').count();
      assert.ok(tree > 4794, `the tree grew with the steps: ${tree}`);
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
    }
  }
  await server.close();
  console.log(`\nThe stepper at A* (misplaced tiles) step 3000 on 8 6 7/2 5 4/3 0 1, ${RUNS} fresh pages:`);
  console.log(`  the link opened (navigation to the step on screen, every board listed): ${opened.map((ms) => `${Math.round(ms)} ms`).join(', ')}`);
  console.log(`  each next Step, ${cpu.length} of them: main thread ${figures(cpu)} ms of CPU; wall ${figures(wall)} ms`);
  console.log(`  at the 4× CPU slow-down: main thread ${figures(slowCpu)} ms of CPU; wall ${figures(slowWall)} ms`);
});

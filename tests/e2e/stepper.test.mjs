// Learn mode's stepper against `slide solve --trace`: on boards from slide's own seeded generator
// (`slide scramble --seed`), each of the five searches is stepped 25 times on the page, and every
// step is the trace's line of the same number (the board taken, g, h and f, the open and closed
// lists' sizes, IDA*'s bound); then Back a step goes back through every step shown before, each
// exactly as it was on screen. A `step=K` link opens at step K in the full page and embedded (a
// step past the end opens at the last, and says so), and the stepper works from the keyboard.

import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { button, lifecycle, open, screenshots, settled, shot, state } from './harness.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const SLIDE = join(root, 'target', 'fast-build', 'slide');
const SEARCHES = ['astar', 'greedy', 'idastar', 'bfs', 'dfs'];
const STEPS = 25;

const started = lifecycle();
// The command line of this checkout (`make test` has built it already; built here otherwise).
before(() => {
  execFileSync('cargo', ['build', '--profile', 'fast-build', '--quiet', '--bin', 'slide'], { cwd: root, stdio: 'inherit' });
});

/** `slide` with `args`: its output, whatever its status (a budget ran out: 3). */
const slide = (...args) => spawnSync(SLIDE, args, { encoding: 'utf8', maxBuffer: 1 << 26 }).stdout;

/** The trace's lines of `search` on `board`, one object a step (the first `steps`). */
function trace(board, search, heuristic, steps) {
  const out = slide('solve', '--trace', '-a', search, '-H', heuristic, '--max-nodes', String(steps + 10), board);
  return out.split('\n').filter((l) => l.startsWith('{"step"')).map((l) => JSON.parse(l)).slice(0, steps);
}

/** Boards from slide's seeded generator. */
const boards = () => slide('scramble', '--size', '3x3', '--seed', '71', '-n', '2').trim().split('\n');

const link = (board) => board.replaceAll(' ', ',');

/** Waits until the stepper shows step `k` (its answer in, nothing asked since). */
const at = (page, k) => page.waitForSelector(`[data-testid=stepper][data-step="${k}"][aria-busy=false]`, { timeout: 30000 });

/** Everything the stepper shows, as the page holds it. */
const screen = (page) =>
  page.evaluate(() => {
    const s = document.querySelector('[data-testid=stepper]');
    const current = document.querySelector('[data-testid=search-tree] [data-state=current]')?.dataset ?? {};
    const nodes = (id) => [...document.querySelectorAll(`[data-testid=${id}] > li`)].map((li) => li.dataset.node);
    return {
      step: s.dataset.step,
      bound: s.dataset.bound,
      board: current.node,
      g: current.g,
      h: current.h,
      f: current.f,
      open: nodes('open-list'),
      closed: nodes('closed-list'),
      tree: [...document.querySelectorAll('[data-testid=search-tree] > li')].map((li) => JSON.stringify(li.dataset) + li.textContent),
      sentence: s.querySelector('.sentence')?.textContent,
      line: s.querySelector('[data-testid=pseudocode] [aria-current=step]')?.dataset.line,
      log: [...s.querySelectorAll('[data-testid=astar-steps] li')].map((li) => JSON.stringify(li.dataset) + li.textContent),
    };
  });

/** The page's step against the trace's line of the same number. */
function same(shown, line, what) {
  assert.equal(shown.board, line.board, what);
  assert.equal(Number(shown.g), line.g, what);
  if ('h' in line) assert.deepEqual([Number(shown.h), Number(shown.f)], [line.h, line.f], what);
  else assert.deepEqual([shown.h, shown.f], ['', ''], `${what}: no estimate`);
  assert.deepEqual([shown.open.length, shown.closed.length], [line.open, line.closed], what);
  assert.equal(shown.bound === undefined ? undefined : Number(shown.bound), line.bound, what);
}

describe('the stepper', () => {
  it('steps each search as slide solve --trace does, and steps back through every step shown', { timeout: 600000 }, async () => {
    for (const board of boards()) {
      const { page, errors } = await open(started.browser, `${started.server.url}/?board=${link(board)}&learn=astar`);
      for (const search of SEARCHES) {
        const lines = trace(board, search, 'manhattan', STEPS);
        await button(page, { astar: 'Watch A*', greedy: 'Watch greedy', idastar: 'Watch IDA*', bfs: 'Watch breadth-first', dfs: 'Watch depth-first' }[search]).click();
        await page.waitForSelector(`[data-testid=stepper][data-algorithm=${search}][data-step="0"][aria-busy=false]`);
        const shown = [await screen(page)];
        for (const line of lines) {
          await button(page, 'Step').click();
          await at(page, line.step);
          const now = await screen(page);
          same(now, line, `${search} on ${board}, step ${line.step}`);
          shown.push(now);
        }
        // A search that takes the goal before its 25th step stops there.
        assert.equal(await button(page, 'Step').isDisabled(), lines.length < STEPS, `${search}: ${lines.length} steps`);
        for (let k = lines.length - 1; k >= 0; k--) {
          await button(page, 'Back a step').click();
          await at(page, k);
          assert.deepEqual(await screen(page), shown[k], `${search} on ${board}, back to step ${k}`);
        }
      }
      assert.deepEqual(errors, []);
      await page.close();
    }
  });

  it('opens a step=K link at step K, in the full page and embedded, and a step past the end at the last', async () => {
    const board = boards()[0];
    const line = trace(board, 'idastar', 'hamming', 40)[39];
    for (const embed of ['', '&embed=1']) {
      const url = `${started.server.url}/?board=${link(board)}&learn=idastar&heuristic=hamming&step=40${embed}`;
      const { page, errors } = await open(started.browser, url, { width: 390, height: 844 });
      await at(page, 40);
      same(await screen(page), line, `step=40${embed}`);
      assert.ok(await page.getByTestId('stepper').isVisible());
      // Embedded, the page is the board and the lesson: no comparison.
      assert.equal(await button(page, 'Compare').count(), embed ? 0 : 1);
      assert.deepEqual(errors, []);
      await page.close();
    }
    const { page, errors } = await open(started.browser, `${started.server.url}/?board=1,2,3/4,5,6/0,7,8&learn=bfs&step=99`);
    await at(page, 4);
    assert.equal(
      await page.getByTestId('stepper').locator('.note').textContent(),
      'The link asks for step 99; the search takes the goal at step 4, shown here.',
    );
    assert.match(await page.locator('.sentence').textContent(), /^Take the goal/);
    assert.ok(await button(page, 'Step').isDisabled());
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('works from the keyboard: the buttons, and the drawing panned by its arrows without moving a tile', async () => {
    const { page, errors } = await open(started.browser, `${started.server.url}/?board=8,6,7/2,5,4/3,0,1&learn=greedy&heuristic=linear-conflict`);
    await at(page, 0);
    await button(page, 'Step').focus();
    await page.keyboard.press('Enter');
    await at(page, 1);
    await page.keyboard.press(' ');
    await at(page, 2);
    await button(page, 'Back a step').focus();
    await page.keyboard.press('Enter');
    await at(page, 1);
    const before = await state(page);
    await page.locator('canvas.tree').focus();
    for (const key of ['ArrowRight', 'ArrowDown', '+', '-', '0']) await page.keyboard.press(key);
    assert.equal(await state(page), before, 'the arrows pan the drawing, not the board');
    // Run at the fastest pace, then Stop.
    await page.getByLabel('Speed', { exact: true }).selectOption({ label: '16 steps a second' });
    await button(page, 'Run').click();
    await page.waitForSelector('[data-testid=stepper]:not([data-step="1"]):not([data-step="2"]):not([data-step="3"])');
    await button(page, 'Stop').click();
    assert.ok(await button(page, 'Stop').isDisabled());
    assert.ok(!(await button(page, 'Run').isDisabled()));
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('looks right on a phone and a desktop, light and dark', async () => {
    for (const [name, viewport] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1280, height: 800 }]]) {
      for (const scheme of ['light', 'dark']) {
        const url = `${started.server.url}/?board=8,6,7/2,5,4/3,0,1&learn=astar&heuristic=manhattan&step=40`;
        const page = await started.browser.newPage({ viewport, colorScheme: scheme });
        await page.goto(url);
        await at(page, 40);
        // The page never scrolls sideways, however wide the lists' lines.
        assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
        await shot(page, `${name}-stepper-${scheme}-page`);
        // The lesson as a reader meets it: its title at the top of the screen.
        await page.getByTestId('stepper').locator('h3').evaluate((h) => h.scrollIntoView({ block: 'start' }));
        await settled(page);
        await page.screenshot({ path: join(screenshots, `${name}-stepper-${scheme}.png`) });
        await page.close();
      }
    }
    // The lesson of docs/playing.md, embedded in the frame its snippet gives.
    const page = await started.browser.newPage({ viewport: { width: 720, height: 1100 } });
    await page.goto(`${started.server.url}/?board=8,6,7/2,5,4/3,0,1&learn=astar&heuristic=manhattan&step=12&embed=1`);
    await at(page, 12);
    await settled(page);
    await page.screenshot({ path: join(screenshots, 'embed-stepper.png') });
    await page.close();
  });
});

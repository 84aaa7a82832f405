// The first visit, on a phone and a desktop: the answer in view after Solve, how to play said
// for the device, every message true in every state, one Tab stop for the board, contrast in
// both schemes (axe on each state a player meets), and a page that loads without a warning.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { button, lifecycle, settled, shot, state } from './harness.mjs';

const require = createRequire(import.meta.url);
const started = lifecycle();

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 900 } };
/** A 32-move 15-puzzle: breadth-first search and A* with Hamming run out of their budgets. */
const FOUR = '2,3,4,11/1,5,12,8/7,13,0,15/10,6,9,14';

/** A page in its own context (phone or desktop, light or dark), recording errors and warnings. */
async function visit(url, device = PHONE, colorScheme = 'light') {
  const context = await started.browser.newContext({ ...device, colorScheme, bypassCSP: true });
  const page = await context.newPage();
  const errors = [];
  const warnings = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
    if (m.type() === 'warning') warnings.push(m.text());
  });
  await page.goto(`${started.server.url}/${url}`);
  await page.waitForSelector('[data-testid=board]');
  return { page, errors, warnings, close: () => context.close() };
}

/** Whether `locator`'s box lies inside the viewport. */
async function inView(page, locator) {
  const box = await locator.boundingBox();
  const { height, width } = page.viewportSize();
  return box != null && box.y >= 0 && box.y + box.height <= height && box.x >= 0 && box.x + box.width <= width;
}

/** The board's top edge is on screen. */
async function boardTopInView(page) {
  const box = await page.getByTestId('board').boundingBox();
  return box.y >= 0 && box.y < page.viewportSize().height;
}

const unfold = (page) => page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));

describe('on a phone, the answer comes into view', () => {
  it('after Solve: Play inside the screen, the board top still visible', async () => {
    for (const board of ['8,6,7/2,5,4/3,0,1', FOUR]) {
      const { page, errors, close } = await visit(`?board=${board}`);
      await button(page, 'Solve').click();
      const play = button(page, 'Play');
      await play.waitFor({ timeout: 60000 });
      await settled(page); // a scroll, if any, comes to rest
      assert.ok(await inView(page, play), `${board}: Play at ${JSON.stringify(await play.boundingBox())}`);
      assert.ok(await boardTopInView(page), board);
      assert.match(await page.getByTestId('solution').textContent(), /moves, the shortest possible/);
      await shot(page, `phone-solved-${board.length > 20 ? '4x4' : '3x3'}`);
      assert.deepEqual(errors, []);
      await close();
    }
  });

  it('after Hint, and from a replay link: the hint in words, Play in view', async () => {
    const { page, errors, close } = await visit('?board=1,2,3/4,5,6/7,0,8');
    await button(page, 'Hint').click();
    const hint = page.getByTestId('hint');
    await hint.waitFor();
    assert.equal(await hint.textContent(), 'Hint: slide tile 8 left.');
    assert.ok(await inView(page, hint));
    await page.goto(`${started.server.url}/?board=8,6,7/2,5,4/3,0,1&moves=RDLDLUURDRDLLUURRDDLLURURDDLULU&step=3`);
    await page.waitForSelector('[data-testid=solution]');
    assert.ok(await inView(page, button(page, 'Play')));
    assert.ok(await boardTopInView(page));
    assert.deepEqual(errors, []);
    await close();
  });

  it("a friend's challenge is the first thing under the title", async () => {
    const { page, errors, close } = await visit('?board=1,2,3/4,5,6/0,7,8&challenge=2,2000');
    const challenge = page.getByTestId('challenge');
    assert.ok(await inView(page, challenge));
    const [c, b] = [await challenge.boundingBox(), await page.getByTestId('board').boundingBox()];
    assert.ok(c.y < b.y, 'above the board');
    assert.match(await challenge.textContent(), /2 moves in 2\.00 s/);
    assert.deepEqual(errors, []);
    await close();
  });
});

describe('plain words', () => {
  it('says how to play for the device, with the goal in small', async () => {
    const phone = await visit('?board=8,6,7/2,5,4/3,0,1');
    assert.match(await phone.page.getByTestId('how-to').textContent(), /Tap a tile .* or swipe/);
    assert.equal(await phone.page.getByRole('img', { name: 'The goal: 1 2 3/4 5 6/7 8 0' }).count(), 1);
    await phone.close();
    const desktop = await visit('?board=8,6,7/2,5,4/3,0,1&goal=blank-first', DESKTOP);
    assert.match(await desktop.page.getByTestId('how-to').textContent(), /Click a tile .* arrow keys/);
    assert.equal(await desktop.page.getByRole('img', { name: 'The goal: 0 1 2/3 4 5/6 7 8' }).count(), 1);
    await desktop.close();
  });

  it('keeps the method and the shuffle filter in Solver options, in plain labels', async () => {
    const { page, close } = await visit('', DESKTOP);
    const method = page.getByLabel('Method', { exact: true });
    assert.equal(await method.isVisible(), false, 'folded away');
    await page.getByText('Solver options').click();
    assert.equal(await method.evaluate((s) => s.selectedOptions[0].textContent), 'Fastest for this size');
    const groups = await method.locator('optgroup').evaluateAll((gs) => gs.map((g) => g.label));
    assert.deepEqual(groups, ['Always the shortest solution', 'Quicker, not always the shortest']);
    // Off by default: timed play draws from all solvable boards, so its solves count.
    assert.equal(await page.getByLabel('Shuffle with most tiles out of place').isChecked(), false);
    await close();
  });

  it('results carry their units, and the cost of an answer is one click away', async () => {
    const { page, errors, close } = await visit('?board=1,2,3/4,5,6/0,7,8', DESKTOP);
    await page.locator('[data-tile="7"]').click();
    await page.waitForTimeout(300); // paces input as a player would: a solve that takes some time
    await page.locator('[data-tile="8"]').click();
    const result = page.getByTestId('result');
    await result.waitFor();
    assert.match(await result.locator('.result-line').textContent(), /^\d+\.\d\d s · 2 moves · [\d.]+ tiles\/s$/);
    await page.goto(`${started.server.url}/?board=8,6,7/2,5,4/3,0,1`);
    await page.waitForSelector('[data-testid=board]');
    await button(page, 'Solve').click();
    await page.waitForSelector('[data-testid=solution]');
    const how = page.getByText('How it was found');
    await how.click();
    assert.match(await page.locator('details.how').textContent(), /Found by A\* with Manhattan distance after exploring [\d,]+ positions/);
    assert.deepEqual(errors, []);
    await close();
  });
});

describe('every message true', () => {
  it('an unsolvable board on show is never "Solved", and the Board field shows the board on show', async () => {
    const { page, errors, close } = await visit('?board=1,2,3/4,5,6/7,8,0', PHONE);
    assert.match(await page.getByTestId('status').textContent(), /Solved/);
    await unfold(page);
    const field = page.getByLabel('Board', { exact: true });
    assert.equal(await field.inputValue(), '1 2 3/4 5 6/7 8 0', 'the board on show, not a sample');
    await field.fill('1 2 3/4 5 6/8 7 0');
    await button(page, 'Apply').click();
    assert.doesNotMatch(await page.getByTestId('status').textContent(), /Solved/);
    assert.match(await page.getByTestId('status').textContent(), /can never be solved/);
    assert.equal(await field.inputValue(), '1 2 3/4 5 6/8 7 0');
    // The fix is right under the board, in view.
    assert.ok(await inView(page, button(page, 'Fix')));
    await shot(page, 'phone-unsolvable');
    await button(page, 'Fix').click();
    assert.equal(await state(page), '1 2 3/4 5 6/7 8 0');
    assert.deepEqual(errors, []);
    await close();
  });

  it('Compare never takes over Solve, and a row that ran out proves nothing', async () => {
    const { page, errors, close } = await visit(`?board=${FOUR}`, DESKTOP);
    await unfold(page);
    await button(page, 'Compare').click();
    await button(page, 'Stop comparing').waitFor();
    assert.equal(await button(page, 'Solve').count(), 1, 'Solve stays Solve');
    assert.equal(await button(page, 'Cancel').count(), 0);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=compare] tr[data-algorithm]').length === 13, null, { timeout: 120000 });
    const rows = await page.locator('[data-testid=compare] tr[data-algorithm]').evaluateAll((trs) =>
      trs.map((tr) => ({ ...tr.dataset, cells: [...tr.querySelectorAll('td')].map((td) => td.textContent) })));
    const bfs = rows.find((r) => r.algorithm === 'bfs');
    assert.equal(bfs.length, '');
    assert.equal(bfs.optimal, 'false');
    assert.deepEqual(bfs.cells.slice(0, 2), ['budget ran out', 'not reached']);
    // The rows that prove 32 within their budgets, as `slide compare` gives them on this board.
    const optimal = rows.filter((r) => r.optimal === 'true');
    assert.deepEqual(
      optimal.map((r) => `${r.algorithm}+${r.heuristic}`),
      ['astar+manhattan', 'astar+linear-conflict', 'idastar+hamming', 'idastar+manhattan', 'idastar+linear-conflict'],
    );
    for (const r of optimal) assert.equal(r.length, '32', JSON.stringify(r));
    assert.deepEqual(errors, []);
    await close();
  });

  it('a 10×10 answer shows one stop button at a time, and no count of nothing', async () => {
    const { page, errors, close } = await visit('', DESKTOP);
    await page.getByLabel('Size', { exact: true }).selectOption({ label: '10×10' });
    // Every state the page passes through, from the click until its third answer (the first
    // with shells): the most stop buttons at once, and any count of nothing.
    await page.evaluate(() => {
      window.watched = { stops: 0, zero: [], lengths: [] };
      const look = () => {
        const names = [...document.querySelectorAll('button')].map((b) => b.getAttribute('aria-label') ?? b.textContent.trim());
        const stops = names.filter((n) => n === 'Cancel' || n === 'Stop looking').length;
        window.watched.stops = Math.max(window.watched.stops, stops);
        for (const p of document.querySelectorAll('[data-testid=progress]')) {
          if (/ 0 positions/.test(p.textContent)) window.watched.zero.push(p.textContent);
        }
        const n = document.querySelector('[data-testid=solution]')?.dataset.length;
        if (n && window.watched.lengths.at(-1) !== n) window.watched.lengths.push(n);
      };
      new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    await button(page, 'Solve').click();
    await page.waitForFunction(() => window.watched.lengths.length >= 3, null, { timeout: 30000 });
    const watched = await page.evaluate(() => window.watched);
    assert.ok(watched.stops <= 1, `${watched.stops} stop buttons`);
    assert.deepEqual(watched.zero, []);
    if (await button(page, 'Stop looking').count()) await button(page, 'Stop looking').click();
    assert.deepEqual(errors, []);
    await close();
  });

  it('explains only the choice made', async () => {
    const { page, close } = await visit('', DESKTOP);
    await unfold(page);
    const fringeNote = page.getByText('Each fringe in a colour');
    assert.equal(await fringeNote.count(), 0, 'Plain tiles: no Fringe note');
    assert.equal(await page.getByLabel('Show numbers').count(), 0, 'Numbers only: no Show numbers');
    await page.getByLabel('Tile colours', { exact: true }).selectOption({ label: 'Fringe' });
    assert.equal(await fringeNote.count(), 1);
    await page.getByLabel('Picture', { exact: true }).selectOption({ label: 'Sunset' });
    assert.equal(await page.getByLabel('Show numbers').count(), 1);
    await close();
  });
});

describe('keyboard', () => {
  it('the board is one Tab stop on a 10×10, and the arrow keys still slide its tiles', async () => {
    const { page, errors, close } = await visit('', DESKTOP);
    await page.getByLabel('Size', { exact: true }).selectOption({ label: '10×10' });
    await page.getByTestId('board').focus();
    await page.keyboard.press('Tab');
    const next = await page.evaluate(() => document.activeElement.textContent);
    assert.equal(next, 'Shuffle');
    await page.keyboard.press('Shift+Tab');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), 'board');
    const before = await state(page);
    for (const key of ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']) {
      await page.keyboard.press(key);
      if ((await state(page)) !== before) break;
    }
    assert.notEqual(await state(page), before);
    assert.deepEqual(errors, []);
    await close();
  });

  it('Daily looks pressed when on, and a panel heading has the page\'s focus ring', async () => {
    const { page, close } = await visit('', DESKTOP);
    await button(page, 'Daily').click();
    const daily = button(page, 'Daily');
    assert.equal(await daily.getAttribute('aria-pressed'), 'true');
    const [on, shuffle] = await Promise.all([
      daily.evaluate((b) => getComputedStyle(b).backgroundColor),
      button(page, 'Shuffle').evaluate((b) => getComputedStyle(b).backgroundColor),
    ]);
    assert.equal(on, shuffle, 'filled like a primary button');
    const summary = page.locator('summary', { hasText: 'Your solves and statistics' });
    await summary.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    const outline = await summary.evaluate((s) => getComputedStyle(s).outlineWidth);
    assert.equal(outline, '3px');
    await close();
  });
});

describe('a page that loads clean', () => {
  it('logs no warning and no error on load, phone or desktop', async () => {
    for (const device of [PHONE, DESKTOP]) {
      const { page, errors, warnings, close } = await visit('?board=8,6,7/2,5,4/3,0,1', device);
      // The worker loads and answers too.
      await button(page, 'Solve').click();
      await page.waitForSelector('[data-testid=solution]');
      assert.deepEqual(warnings, []);
      assert.deepEqual(errors, []);
      await close();
    }
  });

  it('on a phone, wide tables fit or say that they scroll', async () => {
    const { page, close } = await visit(`?board=${FOUR}`);
    await unfold(page);
    await button(page, 'Compare').click();
    await page.waitForSelector('[data-testid=compare] tr[data-algorithm]');
    const wrap = page.locator('.table-wrap', { has: page.getByTestId('compare') });
    const scrolls = await wrap.evaluate((w) => w.scrollWidth > w.clientWidth);
    if (scrolls) assert.ok(await page.getByText('The table scrolls sideways').first().isVisible());
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
    await button(page, 'Stop comparing').click();
    await close();
  });
});

describe('contrast and the rest, by axe-core in every state a player meets', () => {
  const axe = require.resolve('axe-core/axe.min.js');
  async function violations(page) {
    await page.addScriptTag({ path: axe });
    return page.evaluate(async () => {
      const r = await window.axe.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      });
      return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 4).join(', ')}`);
    });
  }

  /** Each state: its link, and what brings it about. */
  const states = [
    ['solved', '?board=1,2,3/4,5,6/7,0,8', async (page) => page.locator('[data-tile="8"]').click()],
    ['replaying', '?board=8,6,7/2,5,4/3,0,1', async (page) => {
      await button(page, 'Solve').click();
      await button(page, 'Play').click();
      await page.waitForSelector('[data-testid=solution]:not([data-step="0"])');
    }],
    ['unsolvable', '?board=8,6,7/2,5,4/3,0,1', async (page) => {
      await unfold(page);
      await page.getByLabel('Board', { exact: true }).fill('1 2 3/4 5 6/8 7 0');
      await button(page, 'Apply').click();
    }],
    ['compare', '?board=8,6,7/2,5,4/3,0,1', async (page) => {
      await unfold(page);
      await button(page, 'Compare').click();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=compare] tr[data-algorithm]').length === 13, null, { timeout: 60000 });
    }],
    ['statistics', '?board=1,2,3/4,5,6/0,7,8', async (page) => {
      await page.locator('[data-tile="7"]').click();
      await page.locator('[data-tile="8"]').click();
      await page.getByTestId('result').waitFor();
      await unfold(page);
    }],
    ['challenge', '?board=1,2,3/4,5,6/0,7,8&challenge=2,2000&moves=LL', async () => {}],
    // The stepper open (a lesson's link), its list of every board unfolded, its embed code shown.
    ['stepper', '?board=8,6,7/2,5,4/3,0,1&learn=idastar&step=30', async (page) => {
      await page.waitForSelector('[data-testid=stepper][data-step="30"][aria-busy=false]');
      await page.getByText('Every board of the tree, as a list').click();
      await button(page, 'Embed this step').click();
    }],
  ];

  for (const [name, link, act] of states) {
    it(`finds nothing: ${name}, light and dark, phone and desktop`, async () => {
      for (const [kind, device] of [['phone', PHONE], ['desktop', DESKTOP]]) {
        for (const scheme of ['light', 'dark']) {
          const { page, errors, close } = await visit(link, device, scheme);
          await act(page);
          await settled(page);
          assert.deepEqual(await violations(page), [], `${name}, ${kind}, ${scheme}`);
          if (kind === 'phone') await shot(page, `phone-${name}-${scheme}`);
          assert.deepEqual(errors, []);
          await close();
        }
      }
    });
  }
});

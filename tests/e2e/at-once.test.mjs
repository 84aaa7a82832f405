// The first board at once: nothing the board does not need comes before it. The workers (the
// solver's and the record's) are asked for only after the board is on screen and takes moves,
// Solve as the very first action still answers, and a solve finished before the record has
// loaded is kept, and counted once. Checked by the order of events, never by a clock.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { button, lifecycle, recordLoaded } from './harness.mjs';

const started = lifecycle();

/**
 * A page that counts the workers it starts (`slideWorkers`) and holds its idle moments: what it
 * asks `requestIdleCallback` for waits until `idle()` runs it, as on a phone still busy after
 * its first board.
 */
async function watched(url) {
  const context = await started.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript(() => {
    window.slideWorkers = 0;
    const Started = window.Worker;
    window.Worker = class extends Started {
      constructor(...args) {
        window.slideWorkers += 1;
        super(...args);
      }
    };
    window.slideIdle = [];
    window.requestIdleCallback = (then) => window.slideIdle.push(then);
  });
  await page.goto(`${started.server.url}/${url}`);
  await page.waitForSelector('[data-testid=board]');
  // Its first board's work is done (the mark comes after the page asked for its idle moments).
  await page.waitForFunction(() => performance.getEntriesByName('slide:first-board').length > 0);
  return { page, errors, close: () => context.close() };
}

/**
 * The page's idle moments come: what waited for them runs, and what that asked for in turn
 * (the folded panels are built one a moment), until nothing waits.
 */
const idle = (page) =>
  page.evaluate(async () => {
    for (let moment = 0; moment < 20 && window.slideIdle.length > 0; moment++) {
      // What a moment asks for next it asks at once, from inside the callback; the page draws
      // in a microtask.
      window.slideIdle.splice(0).forEach((then) => then({ didTimeout: false, timeRemaining: () => 50 }));
      await Promise.resolve();
    }
  });

const workers = (page) => page.evaluate(() => window.slideWorkers);

describe('the first board before anything it does not need', () => {
  it('the workers start once the page is idle after the board, and the board takes a move before they run', async () => {
    const { page, errors, close } = await watched('?board=1,2,3/4,5,6/7,0,8');
    // Not before the page is idle, and the board plays without them. (A move that solves would
    // start both, to measure the solve and keep it.)
    assert.equal(await workers(page), 0);
    await page.keyboard.press('ArrowRight');
    await page.waitForSelector('[data-testid=board][data-state="1 2 3/4 5 6/0 7 8"]');
    assert.equal(await workers(page), 0);
    // The idle moment comes: both start (the solver's, the record's), and the record loads.
    await idle(page);
    await page.waitForFunction(() => window.slideWorkers === 2);
    await recordLoaded(page);
    assert.deepEqual(errors, []);
    await close();
  });

  it('Solve as the very first action answers (the worker starts for it)', async () => {
    const { page, errors, close } = await watched('?board=8,6,7/2,5,4/3,0,1');
    await button(page, 'Solve').click();
    await page.waitForSelector('[data-testid=solution][data-optimal=true]', { timeout: 60000 });
    assert.equal(await page.getAttribute('[data-testid=solution]', 'data-length'), '31');
    assert.deepEqual(errors, []);
    await close();
  });

  it('a solve finished before the record has loaded is kept, and counted once', async () => {
    const { page, errors, close } = await watched('?board=1,2,3/4,5,6/7,0,8');
    // The record's load waits for the idle moment, held here: the solve comes first.
    await page.keyboard.press('ArrowLeft');
    await page.waitForSelector('[data-testid=result]');
    await recordLoaded(page);
    // The folded history is built once the page is idle.
    await idle(page);
    // The history counts every solve (the statistics only boards drawn at random).
    const total = () => page.getAttribute('[data-testid=history]', 'data-total');
    // Kept (the database says so), then read again after a reload: still one solve.
    await page.waitForFunction(() => performance.getEntriesByName('slide:kept').length > 0);
    assert.equal(await total(), '1');
    assert.equal(await page.locator('[data-testid=history] [data-solve]').count(), 1);
    await page.reload();
    await page.waitForSelector('[data-testid=board]');
    await idle(page);
    await recordLoaded(page);
    assert.equal(await total(), '1');
    assert.equal(await page.locator('[data-testid=history] [data-solve]').count(), 1);
    assert.deepEqual(errors, []);
    await close();
  });

  it('folded panels are built when first unfolded (or once the page is idle), and work by keyboard', async () => {
    const { page, errors, close } = await watched('');
    const folded = ['Solver options', 'Your board, goal and picture', 'Controls, colours and animation', 'Your solves and statistics', 'Learn: how the searches differ'];
    const built = (p) => p.evaluate(() => document.querySelectorAll('details > :not(summary)').length);
    assert.deepEqual(await page.locator('details > summary').allTextContents(), folded);
    assert.equal(await built(page), 0, 'nothing inside a folded panel comes with the first board');
    // Unfolded by keyboard: its controls are there, and answer the keyboard.
    const summary = page.locator('summary', { hasText: 'Controls, colours and animation' });
    await summary.focus();
    await page.keyboard.press('Enter');
    const arrows = page.getByLabel('Arrow keys move', { exact: true });
    await arrows.waitFor();
    assert.equal(await arrows.inputValue(), 'tile');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'arrow-keys');
    await page.keyboard.press('ArrowDown');
    assert.equal(await arrows.inputValue(), 'blank');
    assert.match(await page.locator('details.handling').textContent(), /Blank: ← moves the gap left/);
    await close();
    assert.deepEqual(errors, []);
    // Never unfolded, the panels are built once the page is idle: what they hold can be read.
    const idlePage = await watched('');
    const panelsBuilt = (p) => p.evaluate(() => [...document.querySelectorAll('details')].filter((d) => d.children.length > 1).length);
    assert.equal(await panelsBuilt(idlePage.page), 0);
    // One panel an idle moment, so that none holds the page for long.
    await idlePage.page.evaluate(() => window.slideIdle.splice(0).forEach((then) => then({ didTimeout: false, timeRemaining: () => 50 })));
    assert.equal(await panelsBuilt(idlePage.page), 1);
    await idle(idlePage.page);
    assert.equal(await panelsBuilt(idlePage.page), 5);
    await idlePage.page.locator('[data-testid=stats]').waitFor({ state: 'attached' });
    assert.equal(await idlePage.page.locator('details[open]').count(), 0, 'still folded');
    assert.deepEqual(idlePage.errors, []);
    await idlePage.close();
  });

  it('the first screen, drawn before the WebAssembly runs: how to play and the board stay where they were', async () => {
    const PHONE = { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true };
    const DESKTOP = { viewport: { width: 1350, height: 940 } };
    for (const device of [PHONE, DESKTOP]) {
      const context = await started.browser.newContext(device);
      const page = await context.newPage();
      // index.html alone: the app's loader never arrives.
      await page.route('**/app.js', (route) => route.abort());
      await page.goto(`${started.server.url}/`);
      const box = async (selector) => {
        const b = await page.locator(selector).boundingBox();
        return b && [b.x, b.y, b.width, b.height].map(Math.round);
      };
      const before = { howTo: await box('.how-to p:visible'), board: await box('.board') };
      assert.ok(before.howTo && before.board, JSON.stringify(before));
      // The board waits, and says so to a screen reader; it is no control yet.
      assert.equal(await page.locator('.board button').count(), 0);
      assert.equal(await page.getAttribute('.shell', 'aria-busy'), 'true');
      await page.unroute('**/app.js');
      await page.reload();
      await page.waitForSelector('[data-testid=board]');
      const after = { howTo: await box('[data-testid=how-to] p'), board: await box('[data-testid=board]') };
      assert.deepEqual(after, before, JSON.stringify(device.viewport));
      assert.equal(await page.locator('.shell').count(), 0, 'the first screen went when the app drew');
      await context.close();
    }
  });

  it('an embed\'s first screen is an embed\'s: no how to play, the board where the app draws it', async () => {
    const context = await started.browser.newContext({ viewport: { width: 360, height: 460 } });
    const page = await context.newPage();
    await page.route('**/app.js', (route) => route.abort());
    const url = `${started.server.url}/?board=8,6,7/2,5,4/3,0,1&embed=1`;
    await page.goto(url);
    const box = async (selector) => {
      const b = await page.locator(selector).boundingBox();
      return b && [b.x, b.y, b.width, b.height].map(Math.round);
    };
    assert.equal(await page.locator('.how-to').isVisible(), false);
    const before = await box('.board');
    await page.unroute('**/app.js');
    await page.reload();
    await page.waitForSelector('[data-testid=board]');
    assert.deepEqual(await box('[data-testid=board]'), before);
    await context.close();
  });

  it('nothing moves from the first paint until the record has loaded, at phone, tablet and desktop sizes', async () => {
    const sizes = [
      { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true },
      { viewport: { width: 800, height: 600 } },
      { viewport: { width: 1350, height: 940 } },
    ];
    for (const device of sizes) {
      const context = await started.browser.newContext(device);
      const page = await context.newPage();
      await page.addInitScript(() => {
        window.slideShifts = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) {
            const moved = e.sources.map((s) => `${s.node?.nodeName}.${s.node?.className}`).join(' ');
            window.slideShifts.push(`${e.value.toFixed(4)} ${moved}`);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(`${started.server.url}/`);
      await page.waitForSelector('[data-testid=board]');
      await recordLoaded(page);
      // Two frames after the load, for a shift it caused to be reported.
      await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
      assert.deepEqual(await page.evaluate(() => window.slideShifts), [], JSON.stringify(device.viewport));
      await context.close();
    }
  });
});

// Controls as speedsolvers use them, in headless Chromium: a solve made by hovering alone (no
// click), the arrow keys naming the blank's way, moves without a glide, and each choice kept
// across a reload.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { button, lifecycle, open, shot, state } from './harness.mjs';
import { solveKeys } from './eight-puzzle.mjs';

const started = lifecycle();

const tile = (page, n) => page.locator(`[data-testid=board] [data-tile="${n}"]`);

/** Moves the mouse onto tile `n`, no click (the tile may slide away from under it at once). */
async function passOver(page, n) {
  const box = await tile(page, n).boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 1 });
}

// Where the tile a key would move stands, from the blank (the key names the tile's way).
const FROM_BLANK = { ArrowLeft: [0, 1], ArrowRight: [0, -1], ArrowUp: [1, 0], ArrowDown: [-1, 0] };

/** Solves the 3×3 on show by passing the pointer over each tile to move, never clicking. */
async function solveByHovering(page) {
  for (const key of solveKeys(await state(page))) {
    const tiles = (await state(page)).split(/[\s/]+/).map(Number);
    const blank = tiles.indexOf(0);
    const [dr, dc] = FROM_BLANK[key];
    await passOver(page, tiles[(Math.floor(blank / 3) + dr) * 3 + (blank % 3) + dc]);
  }
}

async function choose(page, label, option) {
  const details = page.locator('details.handling');
  if (!(await details.evaluate((d) => d.open))) {
    await details.locator('summary').click();
  }
  await page.getByLabel(label, { exact: true }).selectOption({ label: option });
}

describe('speedsolving controls', () => {
  it('solves by hovering alone and keeps the choice across a reload', async () => {
    const url = `${started.server.url}/?board=1,2,3/4,5,6/0,7,8`;
    const { page, errors } = await open(started.browser, url, { width: 1280, height: 900 });
    await choose(page, 'Controls', 'Hover');
    await choose(page, 'Animation', 'Instant');
    const style = await page.getAttribute('[data-testid=board]', 'style');
    assert.match(style, /--slide-ms:0ms/, 'Instant: no glide');
    assert.match(await page.locator('[data-testid=how-to]').innerText(), /Pass the pointer over a tile/);
    // The pointer passes over 7 (it slides left), then over 8: no click at all.
    await page.mouse.move(5, 5);
    await passOver(page, 7);
    assert.equal(await state(page), '1 2 3/4 5 6/7 0 8');
    await passOver(page, 8);
    assert.equal(await state(page), '1 2 3/4 5 6/7 8 0');
    await page.waitForSelector('[data-testid=result]');
    const row = page.locator('[data-testid=history] tr[data-solve]').last();
    assert.equal(await row.getAttribute('data-control'), 'hover');
    await page.locator('[data-testid=result]').scrollIntoViewIfNeeded();
    await shot(page, 'controls-hover-solved');
    // Passing over the solved board leaves it solved.
    await passOver(page, 8);
    await passOver(page, 6);
    assert.equal(await state(page), '1 2 3/4 5 6/7 8 0');

    await page.reload();
    await page.locator('details.handling summary').click();
    assert.equal(await page.getByLabel('Controls', { exact: true }).inputValue(), 'hover');
    assert.equal(await page.getByLabel('Animation', { exact: true }).inputValue(), 'instant');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it("counts a shuffled board solved by hovering alone in Hover's statistics", async () => {
    const { page, errors } = await open(started.browser, `${started.server.url}/`, { width: 1280, height: 900 });
    await choose(page, 'Controls', 'Hover');
    await choose(page, 'Animation', 'Instant');
    await button(page, 'Shuffle').click();
    await page.mouse.move(1, 1);
    await solveByHovering(page);
    await page.waitForSelector('[data-testid=result]');
    const result = page.locator('[data-testid=result]');
    assert.equal(await result.getAttribute('data-control'), 'hover');
    assert.equal(await result.getAttribute('data-random-state'), 'true');
    await page.getByText('Your solves and statistics').click();
    const stats = page.getByTestId('stats');
    assert.equal(await stats.getAttribute('data-control'), 'hover');
    assert.equal(await page.getAttribute('[data-testid=stats] [data-stat=count]', 'data-value'), '1');
    await page.getByLabel('Statistics for control').selectOption({ label: 'Click' });
    assert.equal(await page.getAttribute('[data-testid=stats] [data-stat=count]', 'data-value'), '0');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('moves the blank the way the arrow points with Arrow keys move: Blank', async () => {
    const url = `${started.server.url}/?board=1,2,3/4,5,6/7,0,8`;
    const { page, errors } = await open(started.browser, url, { width: 1280, height: 900 });
    await page.locator('[data-testid=board]').focus();
    // Tile: → slides the tile left of the gap (7) to the right.
    await page.keyboard.press('ArrowRight');
    assert.equal(await state(page), '1 2 3/4 5 6/0 7 8');
    await page.keyboard.press('ArrowLeft');
    await choose(page, 'Arrow keys move', 'Blank');
    await page.locator('[data-testid=board]').focus();
    // Blank: → moves the gap right (8 slides left): solved.
    await page.keyboard.press('ArrowRight');
    assert.equal(await state(page), '1 2 3/4 5 6/7 8 0');
    await page.waitForSelector('[data-testid=result]');
    const row = page.locator('[data-testid=history] tr[data-solve]').last();
    assert.equal(await row.getAttribute('data-control'), 'keys');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('moves with keys of your own, refuses a key the page uses, and keeps them across a reload', async () => {
    const url = `${started.server.url}/?board=1,2,3/4,5,6/7,0,8`;
    const { page, errors } = await open(started.browser, url, { width: 1280, height: 900 });
    const details = page.locator('details.handling');
    await details.locator('summary').click();
    const up = page.getByLabel('Move up key', { exact: true });
    assert.equal(await up.inputValue(), 'W', 'W A S D at first');
    // Slidysim's I J K L, bound by pressing each key in its field.
    for (const [word, key] of [['up', 'i'], ['down', 'k'], ['left', 'j'], ['right', 'l']]) {
      await page.getByLabel(`Move ${word} key`, { exact: true }).press(key);
    }
    assert.equal(await up.inputValue(), 'I');
    // A key another way has is refused, with a message, and nothing changes.
    await up.press('l');
    assert.match(await details.getByRole('alert').textContent(), /L already moves right/);
    assert.equal(await up.inputValue(), 'I');
    await up.press('ArrowDown');
    assert.match(await details.getByRole('alert').textContent(), /ArrowDown is kept for something else/);
    await page.locator('[data-testid=board]').focus();
    // L slides the tile left of the gap (7) right; W, no longer bound, does nothing; ← slides 7
    // back; J slides 8 left: solved.
    await page.keyboard.press('l');
    assert.equal(await state(page), '1 2 3/4 5 6/0 7 8');
    await page.keyboard.press('w');
    assert.equal(await state(page), '1 2 3/4 5 6/0 7 8', 'W is no longer bound');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await state(page), '1 2 3/4 5 6/7 0 8', 'the arrows always move');
    await page.keyboard.press('j');
    await page.waitForSelector('[data-testid=result]');
    await page.reload();
    await page.waitForSelector('[data-testid=board]');
    await page.locator('details.handling summary').click();
    assert.equal(await page.getByLabel('Move up key', { exact: true }).inputValue(), 'I', 'kept across a reload');
    assert.equal(await page.getByLabel('Move right key', { exact: true }).inputValue(), 'L');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('lets a finger tap with Hover chosen, and a phone shows the panel without sideways scroll', async () => {
    const browser = started.browser;
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(`${started.server.url}/?board=1,2,3/4,5,6/0,7,8`);
    await page.waitForSelector('[data-testid=board]');
    await choose(page, 'Controls', 'Hover');
    await tile(page, 7).tap();
    assert.equal(await state(page), '1 2 3/4 5 6/7 0 8', 'one tap, one slide: not a hover as well');
    const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    assert.equal(wide, false);
    await page.locator('details.handling').scrollIntoViewIfNeeded();
    await shot(page, 'controls-phone');
    assert.deepEqual(errors, []);
    await context.close();
  });
});

// Your own board: typing, files, the unsolvable explanation and its fix, goals, pictures, and what
// the page remembers. The built dist/ on a plain static server, in headless Chromium.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { button, lifecycle, open, shot, solvable, state } from './harness.mjs';

const started = lifecycle();

const status = (page) => page.textContent('[data-testid=status]');
const panel = (page) => page.getByText('Your board, goal and picture').click();

async function typeBoard(page, text) {
  const field = page.getByLabel('Board', { exact: true });
  await field.fill(text);
  return field;
}

describe('your own board', () => {
  it('typing a board and Apply sets it', async () => {
    const { page, errors } = await open(started.browser, `${started.server.url}/`);
    await panel(page);
    await typeBoard(page, '8 6 7/2 5 4/3 0 1');
    await button(page, 'Apply').click();
    assert.equal(await state(page), '8 6 7/2 5 4/3 0 1');
    assert.equal(await page.textContent('[data-testid=moves]'), '0');
    await shot(page, 'desktop-editor');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('a malformed board is named as you type', async () => {
    const { page, errors } = await open(started.browser, `${started.server.url}/?board=1,2,3/4,5,6/7,0,8`);
    await panel(page);
    await typeBoard(page, '1 1 2/3 4 5/6 7 0');
    const alert = page.getByRole('alert');
    assert.match(await alert.textContent(), /tile 1 appears more than once, and tile 8 is missing/);
    await typeBoard(page, '1 2 3/4 5/6 7 8 0');
    assert.match(await alert.textContent(), /row 2 has 2 tiles, but row 1 has 3/);
    await button(page, 'Apply').click();
    assert.equal(await state(page), '1 2 3/4 5 6/7 0 8', 'nothing is lost');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('loading a seed-format file sets a 4×4 board; a bad file names the line', async () => {
    const { page, errors } = await open(started.browser, `${started.server.url}/`);
    await panel(page);
    const input = page.getByLabel('Load file');
    await input.setInputFiles({
      name: 'layout.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('4\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15\n'),
    });
    await page.waitForFunction(() => document.querySelector('[data-testid=board]').dataset.state === '1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15');
    await input.setInputFiles({
      name: 'broken.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('3\n1 2 3\n4 5 5\n7 8 0\n'),
    });
    const alert = page.getByRole('alert');
    await alert.waitFor();
    assert.match(await alert.textContent(), /broken\.txt: line 3: tile 5 appears more than once/);
    assert.equal(await state(page), '1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('an unsolvable board is explained and the offered swap, shown first, fixes it', async () => {
    const { page, errors } = await open(started.browser, `${started.server.url}/`);
    await panel(page);
    await typeBoard(page, '1 2 3/4 5 6/8 7 0');
    await button(page, 'Apply').click();
    const alert = page.getByRole('alert');
    assert.match(await alert.textContent(), /Unsolvable: the tiles have 1 inversion/);
    assert.match(await alert.textContent(), /Swapping tiles 8 and 7/);
    // The swap is shown on the board before it is applied.
    assert.equal(await state(page), '1 2 3/4 5 6/8 7 0');
    assert.equal(await page.locator('.tile.marked').count(), 2);
    assert.deepEqual(
      (await page.locator('.tile.marked').evaluateAll((els) => els.map((e) => e.dataset.tile))).sort(),
      ['7', '8'],
    );
    await shot(page, 'desktop-unsolvable');
    await button(page, 'Fix').click();
    assert.equal(await state(page), '1 2 3/4 5 6/7 8 0');
    assert.ok(solvable(await state(page), '1 2 3/4 5 6/7 8 0'));
    assert.equal(await page.getByRole('button', { name: 'Fix' }).count(), 0);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('tiles can be set by hand, two clicks to swap', async () => {
    const { page, errors } = await open(started.browser, `${started.server.url}/?board=1,2,3/4,5,6/7,0,8`);
    await panel(page);
    await button(page, 'Edit tiles').click();
    await page.locator('[data-tile="1"]').click();
    await page.locator('[data-tile="2"]').click();
    assert.equal(await state(page), '2 1 3/4 5 6/7 0 8');
    assert.match(await page.getByRole('alert').textContent(), /Unsolvable/);
    await page.locator('[data-tile="3"]').click();
    await page.locator('[data-tile="1"]').click();
    assert.equal(await state(page), '2 3 1/4 5 6/7 0 8');
    await button(page, 'Done').click();
    assert.equal(await state(page), '2 3 1/4 5 6/7 0 8');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await state(page), '2 3 1/4 5 6/7 8 0', 'playing again');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('Save file offers the board as a seed-format file', async () => {
    const { page, errors } = await open(started.browser, `${started.server.url}/?board=8,6,7/2,5,4/3,0,1`);
    await panel(page);
    const [download] = await Promise.all([page.waitForEvent('download'), button(page, 'Save file').click()]);
    assert.equal(download.suggestedFilename(), 'slide-3x3.txt');
    assert.equal(await readFile(await download.path(), 'utf8'), '3\n8 6 7\n2 5 4\n3 0 1\n');
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('goals and pictures', () => {
  it('the blank-first goal makes 0 1 2/3 4 5/6 7 8 "Solved"', async () => {
    const { page, errors } = await open(started.browser, `${started.server.url}/`);
    await panel(page);
    await page.getByLabel('Goal', { exact: true }).selectOption({ label: 'Blank first' });
    assert.equal(await page.getAttribute('[data-testid=board]', 'data-goal'), '0 1 2/3 4 5/6 7 8');
    await typeBoard(page, '0 1 2/3 4 5/6 7 8');
    await button(page, 'Apply').click();
    assert.match(await status(page), /Solved/);
    await page.waitForFunction(() => location.search.includes('goal=blank-first'), null, { timeout: 2000 });
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('a custom goal is edited like a board and followed by the solver', async () => {
    const { page, errors } = await open(started.browser, `${started.server.url}/`);
    await panel(page);
    await page.getByLabel('Goal', { exact: true }).selectOption({ label: 'Custom' });
    await page.getByLabel('Custom goal').fill('1 2 3/8 0 4/7 6 5');
    await button(page, 'Set goal').click();
    assert.equal(await page.getAttribute('[data-testid=board]', 'data-goal'), '1 2 3/8 0 4/7 6 5');
    assert.ok(solvable(await state(page), '1 2 3/8 0 4/7 6 5'), 'the board can reach the new goal');
    // One move from the spiral goal (and out of reach of blank-last: the goals differ in parity).
    await typeBoard(page, '1 2 3/8 4 0/7 6 5');
    await button(page, 'Apply').click();
    assert.equal(await page.getByRole('alert').count(), 0);
    await button(page, 'Solve').click();
    await page.waitForSelector('[data-testid=solution]');
    assert.equal(await page.getAttribute('[data-testid=solution]', 'data-moves'), 'R');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('picture mode shows image tiles, with or without numbers', async () => {
    for (const [name, viewport] of [
      ['desktop', { width: 1280, height: 800 }],
      ['phone', { width: 390, height: 844 }],
    ]) {
      const { page, errors } = await open(started.browser, `${started.server.url}/?board=8,6,7/2,5,4/3,0,1`, viewport);
      await panel(page);
      await page.getByLabel('Picture', { exact: true }).selectOption({ label: 'Sunset' });
      const face = page.locator('[data-tile="1"] > span');
      assert.match(await face.getAttribute('style'), /pictures\/sunset\.svg/);
      // Tile 1's home is the top-left corner of the picture.
      assert.match(await face.getAttribute('style'), /background-position:0% 0%/);
      assert.equal(await page.locator('.tile .number').count(), 8);
      const loaded = await page.evaluate(async () => (await fetch('pictures/sunset.svg')).ok);
      assert.ok(loaded);
      await shot(page, `${name}-picture`);
      await page.getByLabel('Show numbers').uncheck();
      assert.equal(await page.locator('.tile .number').count(), 0);
      await page.getByLabel('Picture', { exact: true }).selectOption({ label: 'Your own picture' });
      await page.getByLabel('Picture file').setInputFiles({
        name: 'mine.svg',
        mimeType: 'image/svg+xml',
        buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="teal"/></svg>'),
      });
      await page.waitForFunction(() => document.querySelector('[data-tile="1"] > span').getAttribute('style')?.includes('blob:'));
      assert.deepEqual(errors, []);
      await page.close();
    }
  });
});

describe('remembering', () => {
  it('size, goal and picture survive a reload; Clear forgets them', async () => {
    const { page, errors } = await open(started.browser, `${started.server.url}/`);
    await page.getByLabel('Size', { exact: true }).selectOption({ label: '4×4' });
    await panel(page);
    await page.getByLabel('Goal', { exact: true }).selectOption({ label: 'Blank first' });
    await page.getByLabel('Picture', { exact: true }).selectOption({ label: 'Mosaic' });
    // A typed board is not drawn at random: its solve sets no best (bests are checked to
    // survive a reload in speedsolving-record.test.mjs).
    await typeBoard(page, '1 0 2 3/4 5 6 7/8 9 10 11/12 13 14 15');
    await button(page, 'Apply').click();
    await page.keyboard.press('ArrowRight');
    assert.match(await status(page), /Solved in 1 move!/);
    assert.equal(await page.locator('[data-testid=best]').count(), 0);

    await page.goto(`${started.server.url}/`);
    await page.waitForSelector('[data-testid=board]');
    assert.equal((await state(page)).split('/').length, 4, 'a 4×4 board again');
    assert.equal(await page.getAttribute('[data-testid=board]', 'data-goal'), '0 1 2 3/4 5 6 7/8 9 10 11/12 13 14 15');
    assert.match(await page.locator('[data-tile="5"] > span').getAttribute('style'), /mosaic\.svg/);

    await panel(page);
    await button(page, 'Clear').click();
    await page.goto(`${started.server.url}/`);
    await page.waitForSelector('[data-testid=board]');
    assert.equal((await state(page)).split('/').length, 3, 'back to 3×3');
    assert.equal(await page.locator('.tile.picture').count(), 0);
    assert.equal(await page.locator('[data-testid=best]').count(), 0);
    assert.deepEqual(errors, []);
    await page.close();
  });
});

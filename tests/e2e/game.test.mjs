// The game as a player meets it: the built dist/ on a plain static server, in headless Chromium.

import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { button, chooseMethod, lifecycle, open, played, screenshots, shot, solvable, state } from './harness.mjs';

const started = lifecycle();
const figures = {};

after(async () => {
  await mkdir(join(screenshots, '..'), { recursive: true });
  await writeFile(join(screenshots, '..', 'figures.json'), JSON.stringify(figures, null, 2));
  console.log('figures', JSON.stringify(figures));
});

const moves = async (page) => Number(await page.textContent('[data-testid=moves]'));
const status = (page) => page.textContent('[data-testid=status]');
const solution = (page, attr) => page.getAttribute('[data-testid=solution]', `data-${attr}`);
const tile = (page, n) => page.locator(`[data-testid=board] [data-tile="${n}"]`);

/** Sets a range input as a user dragging it would (an input event). */
async function setRange(page, label, value) {
  await page.getByLabel(label, { exact: true }).evaluate((el, v) => {
    el.value = String(v);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);
}

describe('playing', () => {
  it('opens on a fresh solvable 3×3 board, not solved, and measures the load', async () => {
    const { page, errors } = await open(started.browser, `${started.server.url}/`);
    const board = await state(page);
    assert.match(board, /^\d+ \d+ \d+\/\d+ \d+ \d+\/\d+ \d+ \d+$/);
    assert.notEqual(board, '1 2 3/4 5 6/7 8 0');
    assert.ok(solvable(board, '1 2 3/4 5 6/7 8 0'), board);
    assert.equal(await moves(page), 0);
    assert.doesNotMatch(await status(page), /Solved/);
    // The blank is not a button; every tile is, named by its number.
    assert.equal(await page.locator('[data-tile="0"]').evaluate((e) => e.tagName), 'DIV');
    assert.equal(await page.getByRole('button', { name: 'Tile 5' }).count(), 1);
    figures.first_board_ms = await page.evaluate(
      () => performance.getEntriesByName('slide:first-board')[0]?.startTime,
    );
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('a click slides the tile into the blank and reaches "Solved"', async () => {
    const { page, errors } = await open(started.browser, `${started.server.url}/?board=1,2,3/4,5,6/7,0,8`);
    await tile(page, 8).click();
    assert.equal(await state(page), '1 2 3/4 5 6/7 8 0');
    assert.equal(await moves(page), 1);
    assert.match(await status(page), /Solved/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('a click on a tile further along the row slides every tile between', async () => {
    const { page, errors } = await open(started.browser, `${started.server.url}/?board=1,2,3/4,5,6/0,7,8`);
    await tile(page, 8).click();
    assert.equal(await state(page), '1 2 3/4 5 6/7 8 0');
    assert.equal(await moves(page), 2);
    await tile(page, 1).click(); // not in line with the blank: nothing happens
    assert.equal(await moves(page), 2);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('arrow keys and WASD slide the tile the arrow points', async () => {
    const { page, errors } = await open(started.browser, `${started.server.url}/?board=1,2,3/4,0,5/7,8,6`);
    await page.keyboard.press('ArrowLeft'); // 5 slides left
    assert.equal(await state(page), '1 2 3/4 5 0/7 8 6');
    await page.keyboard.press('w'); // 6 slides up
    assert.equal(await state(page), '1 2 3/4 5 6/7 8 0');
    assert.match(await status(page), /Solved in 2 moves/);
    await page.keyboard.press('ArrowUp'); // nothing below the blank
    assert.equal(await moves(page), 2);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('a swipe on a touch screen slides the tile the way the finger goes', async () => {
    const { page, errors } = await open(started.browser, `${started.server.url}/?board=1,2,3/4,0,5/7,8,6`, {
      width: 390,
      height: 844,
    });
    const swipe = (dx, dy) =>
      page.getByTestId('board').evaluate(
        (board, [dx, dy]) => {
          const r = board.getBoundingClientRect();
          const [x, y] = [r.x + r.width / 2, r.y + r.height / 2];
          const touch = (cx, cy) => new Touch({ identifier: 1, target: board, clientX: cx, clientY: cy });
          const fire = (type, t) =>
            board.dispatchEvent(
              new TouchEvent(type, { bubbles: true, cancelable: true, touches: type === 'touchend' ? [] : [t], changedTouches: [t] }),
            );
          fire('touchstart', touch(x, y));
          fire('touchend', touch(x + dx, y + dy));
        },
        [dx, dy],
      );
    await swipe(-80, 0); // finger left: 5 slides left
    assert.equal(await state(page), '1 2 3/4 5 0/7 8 6');
    await swipe(0, -80); // finger up: 6 slides up
    assert.equal(await state(page), '1 2 3/4 5 6/7 8 0');
    await swipe(5, 3); // too short to be a swipe
    assert.equal(await moves(page), 2);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('undo and redo walk the history', async () => {
    const { page, errors } = await open(started.browser, `${started.server.url}/?board=1,2,3/4,0,5/7,8,6`);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowUp');
    await button(page, 'Undo').click();
    assert.equal(await state(page), '1 2 3/4 5 0/7 8 6');
    await button(page, 'Undo').click();
    assert.equal(await state(page), '1 2 3/4 0 5/7 8 6');
    assert.ok(await button(page, 'Undo').isDisabled());
    await button(page, 'Redo').click();
    await button(page, 'Redo').click();
    assert.equal(await state(page), '1 2 3/4 5 6/7 8 0');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('Shuffle gives a solvable, unsolved board; 4×4 too', async () => {
    const { page, errors } = await open(started.browser, `${started.server.url}/?board=1,2,3/4,5,6/7,8,0`);
    for (let i = 0; i < 5; i++) {
      await button(page, 'Shuffle').click();
      const b = await state(page);
      assert.notEqual(b, '1 2 3/4 5 6/7 8 0');
      assert.ok(solvable(b, '1 2 3/4 5 6/7 8 0'), b);
    }
    await page.getByLabel('Size', { exact: true }).selectOption({ label: '4×4' });
    const b = await state(page);
    assert.equal(b.split('/').length, 4);
    assert.ok(solvable(b, '1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0'), b);
    assert.equal(await moves(page), 0);
    await shot(page, 'desktop-4x4');
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('solving and replay', () => {
  it('solves the hardest 8-puzzle optimally in 31 moves and replays it to "Solved"', async () => {
    const { page, errors } = await open(started.browser, `${started.server.url}/?board=8,6,7/2,5,4/3,0,1`);
    // Warm the worker once, then time a solve from click to solution shown.
    await button(page, 'Solve').click();
    await page.waitForSelector('[data-testid=solution]');
    await page.reload();
    await page.waitForSelector('[data-testid=board]');
    // Timed inside the page: from the click event to the solution in the DOM.
    await page.evaluate(() => {
      window.timing = {};
      document.addEventListener('click', () => (window.timing.clicked = performance.now()), {
        capture: true,
        once: true,
      });
      new MutationObserver((_, observer) => {
        if (document.querySelector('[data-testid=solution]')) {
          window.timing.shown = performance.now();
          observer.disconnect();
        }
      }).observe(document.body, { childList: true, subtree: true });
    });
    await button(page, 'Solve').click();
    await page.waitForSelector('[data-testid=solution]');
    const { clicked, shown } = await page.evaluate(() => window.timing);
    figures.hardest_3x3_click_to_solution_ms = Math.round((shown - clicked) * 10) / 10;
    figures.hardest_3x3_app_measured_ms = Number(await solution(page, 'wall-ms'));
    assert.equal(await solution(page, 'length'), '31');
    assert.equal(await solution(page, 'optimal'), 'true');
    assert.equal((await solution(page, 'moves')).length, 31);
    assert.equal(await solution(page, 'step'), '0');
    await shot(page, 'desktop-solution');

    await setRange(page, 'Speed', 30);
    await button(page, 'Play').click();
    await page.waitForFunction(() =>
      document.querySelector('[data-testid=status]').textContent.includes('Solved'),
    );
    assert.equal(await state(page), '1 2 3/4 5 6/7 8 0');
    assert.equal(await solution(page, 'step'), '31');
    assert.equal(await moves(page), 31);

    await button(page, 'Step back').click();
    assert.equal(await solution(page, 'step'), '30');
    const back = await state(page);
    assert.notEqual(back, '1 2 3/4 5 6/7 8 0');
    const moved = back.split(/[ /]/).filter((t, i) => t !== '1 2 3 4 5 6 7 8 0'.split(' ')[i]);
    assert.equal(moved.length, 2, 'one tile and the blank changed places');
    await button(page, 'Step forward').click();
    assert.equal(await state(page), '1 2 3/4 5 6/7 8 0');

    // Scrub to the middle, then touch the board: the player continues from there.
    const all = await solution(page, 'moves');
    await setRange(page, 'Position', 10);
    assert.equal(await solution(page, 'step'), '10');
    assert.equal(await state(page), played('8 6 7/2 5 4/3 0 1', all.slice(0, 10)));
    await page.keyboard.press('Space'); // plays
    await page.keyboard.press('Space'); // pauses
    await button(page, 'Play').waitFor();
    // Wherever it paused, the board is the solution's moves up to there, and so is the count.
    const [step, paused] = await page.evaluate(() => [
      Number(document.querySelector('[data-testid=solution]').dataset.step),
      document.querySelector('[data-testid=board]').dataset.state,
    ]);
    assert.equal(paused, played('8 6 7/2 5 4/3 0 1', all.slice(0, step)));
    assert.equal(await moves(page), step);
    const letters = { ArrowUp: 'U', ArrowDown: 'D', ArrowLeft: 'L', ArrowRight: 'R' };
    let pressed;
    for (const key of Object.keys(letters)) {
      await page.keyboard.press(key);
      if ((await moves(page)) !== step) {
        pressed = key;
        break;
      }
    }
    assert.equal(await page.locator('[data-testid=solution]').count(), 0, 'the replay is left');
    assert.equal(await moves(page), step + 1);
    assert.equal(await state(page), played(paused, letters[pressed]));
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('a goal chosen while Solve searches stops the search, and every answer shown leads to the goal on show', async () => {
    const { page, errors } = await open(started.browser, `${started.server.url}/`);
    // On 5×5 every board reaches both goals, so the board stays when the goal changes.
    await page.getByLabel('Size', { exact: true }).selectOption({ label: '5×5' });
    const board = await state(page);
    // Every answer the page shows, as it appears, with the board and the goal on show then.
    await page.evaluate(() => {
      window.shown = [];
      const look = () => {
        const s = document.querySelector('[data-testid=solution]');
        const b = document.querySelector('[data-testid=board]').dataset;
        const seen = s && s.dataset.step === '0' && { moves: s.dataset.moves, board: b.state, goal: b.goal };
        const last = window.shown.at(-1);
        if (seen && !(last && last.moves === seen.moves && last.goal === seen.goal)) window.shown.push(seen);
      };
      new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await button(page, 'Solve').click();
    await page.waitForSelector('[data-testid=progress], [data-testid=stop-looking]');
    await page.getByText('Your board, goal and picture').click();
    await page.getByLabel('Goal', { exact: true }).selectOption({ label: 'Blank first' });
    // The search toward blank last stops at once: Solve is offered again, nothing searches.
    await button(page, 'Solve').waitFor({ timeout: 5000 });
    assert.equal(await page.getByTestId('progress').count(), 0);
    assert.equal(await state(page), board);
    const firstGoal = '0 1 2 3 4/5 6 7 8 9/10 11 12 13 14/15 16 17 18 19/20 21 22 23 24';
    assert.equal(await page.getAttribute('[data-testid=board]', 'data-goal'), firstGoal);
    // Solve again: the worker answers in order, so once an answer toward blank first is on
    // show, whatever the old search had sent has come and gone.
    await button(page, 'Solve').click();
    await page.waitForFunction((g) => window.shown.some((s) => s.goal === g), firstGoal, { timeout: 120_000 });
    const shown = await page.evaluate(() => window.shown);
    for (const s of shown) assert.equal(played(s.board, s.moves), s.goal, `${s.moves.length} moves shown under ${s.goal}`);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('Hint points at the tile of an optimal next move', async () => {
    const { page, errors } = await open(started.browser, `${started.server.url}/?board=1,2,3/4,5,6/7,0,8`);
    await button(page, 'Hint').click();
    await page.waitForSelector('[data-tile="8"].highlight');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('a long 15-puzzle search shows live progress, the page answers meanwhile, and nothing of it comes after Cancel', async () => {
    // Korf's 88th puzzle (65 moves): IDA* with linear conflicts searches it for a long while.
    const { page, errors } = await open(started.browser, `${started.server.url}/?board=12,10,6,0/9,8,13,15/11,7,3,2/5,4,14,1`);
    const method = await chooseMethod(page, 'IDA* with linear conflicts');
    await button(page, 'Solve').click();
    const progress = page.getByTestId('progress');
    await page.waitForFunction(() => /[1-9][\d,]* positions/.test(document.querySelector('[data-testid=progress]')?.textContent ?? ''));
    const first = await progress.textContent();
    await page.waitForFunction((f) => document.querySelector('[data-testid=progress]')?.textContent !== f, first);
    // The page answers while the worker searches: a picker changes, and the search goes on.
    await method.selectOption({ label: 'Greedy best-first with Manhattan distance' });
    assert.equal(await method.evaluate((s) => s.selectedOptions[0].textContent), 'Greedy best-first with Manhattan distance');
    assert.equal(await progress.count(), 1, 'still searching');
    const cancelledAt = await page.evaluate(() => performance.now());
    await button(page, 'Cancel').click();
    await button(page, 'Solve').waitFor();
    figures.cancel_ms = Math.round((await page.evaluate(() => performance.now())) - cancelledAt);
    assert.equal(await progress.count(), 0);
    assert.equal(await page.locator('[data-testid=solution]').count(), 0);
    // Nothing of the cancelled search comes after Cancel. The worker answers in order, so once
    // the next question's answer is on show, whatever the cancelled search had sent has come:
    // every answer shown from here on is recorded, with how it was found.
    await page.evaluate(() => {
      window.shown = [];
      new MutationObserver(() => {
        const s = document.querySelector('[data-testid=solution]');
        const how = document.querySelector('details.how')?.textContent ?? '';
        const last = window.shown.at(-1);
        if (s && !(last && last.moves === s.dataset.moves && last.how === how)) {
          const b = document.querySelector('[data-testid=board]').dataset;
          window.shown.push({ moves: s.dataset.moves, how, board: b.state, goal: b.goal });
        }
      }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    await method.selectOption({ label: 'Rows and columns' });
    await button(page, 'Solve').click();
    await page.waitForSelector('[data-testid=solution][data-improving=false]', { timeout: 60000 });
    const shown = await page.evaluate(() => window.shown);
    assert.ok(shown.length >= 1);
    for (const s of shown) {
      assert.match(s.how, /rows and columns/i, 'only the new question\'s answers');
      assert.equal(played(s.board, s.moves), s.goal);
    }
    // And the board still plays: some arrow key moves a tile.
    const b = await state(page);
    for (const key of ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']) {
      await page.keyboard.press(key);
      if ((await state(page)) !== b) break;
    }
    assert.notEqual(await state(page), b);
    await shot(page, 'desktop-cancelled');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('a search the board outgrows is not offered, and Compare shows it run out of its budget', async () => {
    // Korf's first instance (57 moves): breadth-first search cannot get there in the budget.
    const { page, errors } = await open(started.browser, `${started.server.url}/?board=13,6,8,12/15,14,0,10/11,7,4,5/9,1,3,2`);
    const method = await chooseMethod(page, 'Fastest for this size');
    const offered = await method.locator('option').allTextContents();
    assert.ok(!offered.includes('Breadth-first search'), offered.join(', '));
    assert.match(await page.getByTestId('method-note').textContent(), /^Not offered on 4×4: 6 searches that would run out of their budget/);
    // Learn mode compares every search, and there it runs out: its row, the first, says so.
    await page.getByText('Learn: how the searches differ').click();
    await button(page, 'Compare').click();
    const bfs = page.locator('[data-testid=compare] tr[data-algorithm=bfs]');
    await bfs.waitFor({ timeout: 60000 });
    assert.equal(await bfs.getAttribute('data-length'), '');
    assert.match(await bfs.textContent(), /budget ran out/);
    assert.equal(await page.getByRole('alert').count(), 0);
    await button(page, 'Stop comparing').click();
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('anywhere', () => {
  it('works from a sub-path of a static host, worker included', async () => {
    const { page, errors } = await open(started.browser, `${started.server.url}/games/slide/?board=8,6,7/2,5,4/3,0,1`);
    await button(page, 'Solve').click();
    await page.waitForSelector('[data-testid=solution]');
    assert.equal(await solution(page, 'length'), '31');
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('never broken', () => {
  it('a bad link shows an alert and a fresh playable board', async () => {
    const { page, errors } = await open(started.browser, `${started.server.url}/?board=1,1,2/3,4,5/6,7,0`);
    assert.match(await page.getByRole('alert').textContent(), /tile 1 appears more than once/);
    const b = await state(page);
    assert.ok(solvable(b, '1 2 3/4 5 6/7 8 0'));
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('looks right on a phone held upright and on a desktop', async () => {
    for (const [name, viewport, scheme] of [
      ['phone', { width: 390, height: 844 }, 'light'],
      ['desktop', { width: 1280, height: 800 }, 'light'],
      ['phone-dark', { width: 390, height: 844 }, 'dark'],
    ]) {
      const { page, errors } = await open(started.browser, `${started.server.url}/?board=8,6,7/2,5,4/3,0,1`, viewport, scheme);
      await button(page, 'Solve').click();
      await page.waitForSelector('[data-testid=solution]');
      await button(page, 'Step forward').click();
      await shot(page, name);
      // No sideways scrolling, and the whole board is on screen.
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
      const box = await page.getByTestId('board').boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= viewport.width, JSON.stringify(box));
      assert.ok(box.y + box.height <= viewport.height, JSON.stringify(box));
      assert.deepEqual(errors, []);
      await page.close();
    }
  });
});

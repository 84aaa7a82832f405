// Play at record pace, in headless Chromium: a hover stroke whose points come as one event (the
// browser's coalesced events) moves exactly the tiles it crossed, in order, and none with a
// modifier key held; 60 moves made within a second are all applied, drawn once a task, kept
// each with its input's own time, and counted as one solve; a move draws the board and what
// stands beside it, never the statistics, the history or learn mode; with Instant a move is in
// place the frame after its key. The draws are counted by the page itself, into the
// `window.slideRenders` that the test's init script sets before the page starts.

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { button, launch, open, recordLoaded, serve, state, unfolded } from './harness.mjs';
import { solveKeys } from './eight-puzzle.mjs';

const started = {};
before(async () => {
  started.server = await serve();
  started.browser = await launch();
});
after(async () => {
  await started.browser?.close();
  await started.server?.close();
});

/** Hover and Instant, as kept by an earlier visit. */
const speedsolver = (page) =>
  page.addInitScript(() => {
    if (localStorage.getItem('slide.settings') === null) {
      localStorage.setItem('slide.settings', JSON.stringify({ pointer: 'hover', animation: 'instant' }));
    }
  });

/**
 * In the page: `slideStroke(squares, w, init)` dispatches one `pointermove` on the board whose
 * coalesced events are the centres of `squares` (a board `w` squares wide), with `init`
 * (modifier keys, buttons) on every event, and returns how many points it carried;
 * `slideDrawn(act)` does `act` and returns how many times each part was drawn for it.
 */
function helpers() {
  window.slideRenders = {};
  window.slideStroke = (squares, w, init) => {
    const board = document.querySelector('[data-testid=board]');
    const rect = board.getBoundingClientRect();
    const style = getComputedStyle(board);
    const [left, top] = [parseFloat(style.paddingLeft), parseFloat(style.paddingTop)];
    const size = (rect.width - left - parseFloat(style.paddingRight)) / w;
    const at = (s) => ({
      clientX: rect.left + left + ((s % w) + 0.5) * size,
      clientY: rect.top + top + (Math.floor(s / w) + 0.5) * size,
      pointerType: 'mouse',
      pointerId: 1,
      isPrimary: true,
      bubbles: true,
      ...init,
    });
    const points = squares.map((s) => new PointerEvent('pointermove', at(s)));
    const event = new PointerEvent('pointermove', { ...at(squares[squares.length - 1]), coalescedEvents: points });
    board.dispatchEvent(event);
    return event.getCoalescedEvents().length;
  };
  window.slideDrawn = async (act) => {
    const before = { ...window.slideRenders };
    act();
    // Yew draws in microtasks after the action, and a draw longer than 16 ms goes on in later
    // tasks (Yew yields to the browser): the app counts `drawn` once all of it is done.
    const drawn = () => (window.slideRenders?.drawn ?? 0) !== (before.drawn ?? 0);
    // Waited for however long it takes (a busy machine draws late, never less): a task at a
    // time, so that Yew's later tasks run.
    for (let i = 0; i < 1000 && !drawn(); i++) await Promise.resolve();
    const end = performance.now() + 30000;
    while (!drawn()) {
      if (performance.now() > end) throw new Error('the page never finished drawing');
      await new Promise((ok) => setTimeout(ok, 0));
    }
    const after = { ...window.slideRenders };
    delete after.drawn;
    return Object.fromEntries(Object.keys(after).map((k) => [k, after[k] - (before[k] ?? 0)]));
  };
}

const stroke = (page, squares, w, init = {}) => page.evaluate(([s, w, i]) => window.slideStroke(s, w, i), [squares, w, init]);

/** What a key press draws, each part's count. */
const drawnByKey = (page, key) =>
  page.evaluate((key) => window.slideDrawn(() => document.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }))), key);

/** What a stroke draws. */
const drawnByStroke = (page, squares, w) => page.evaluate(([s, w]) => window.slideDrawn(() => window.slideStroke(s, w, {})), [squares, w]);

/**
 * Waits until the page has done what it does on opening: its first effects run (the keys are
 * heard from then on), the folded panels are built (one an idle moment) and the record is
 * loaded (its answer draws every part).
 */
async function settled({ page, errors }) {
  await page.waitForFunction(() => performance.getEntriesByName('slide:first-board').length > 0);
  await unfolded(page);
  await recordLoaded(page);
  await page.waitForSelector('[data-testid=record-progress]', { state: 'detached' });
  return { page, errors };
}

/** Opens `url` as a speedsolver who kept Hover and Instant, with the test's helpers. */
const openPlaying = async (url) =>
  settled(
    await open(started.browser, url, { width: 1280, height: 900 }, 'light', async (page) => {
      await speedsolver(page);
      await page.addInitScript(helpers);
    }),
  );

describe('play at record pace', () => {
  it('moves exactly the tiles a stroke crossed, in order, and none with a modifier held', async () => {
    // The blank in the corner; a stroke around a 2×2 block from it moves 1, then 6, then 5.
    const url = `${started.server.url}/?board=0,1,2,3/5,6,7,4/9,10,11,8/13,14,15,12`;
    const { page, errors } = await openPlaying(url);
    const start = '0 1 2 3/5 6 7 4/9 10 11 8/13 14 15 12';
    assert.equal(await state(page), start);
    // Placed with Shift held: nothing moves, however far the stroke goes.
    assert.equal(await stroke(page, [0, 1, 5, 4], 4, { shiftKey: true }), 4);
    assert.equal(await stroke(page, [0, 1, 2, 3], 4, { buttons: 1 }), 4);
    assert.equal(await stroke(page, [3, 2, 1, 0], 4, { ctrlKey: true }), 4);
    assert.equal(await state(page), start);
    assert.equal(await page.locator('[data-testid=moves]').innerText(), '0');
    // The pointer rests on the blank; one event carries three points, one in each tile.
    assert.equal(await stroke(page, [1, 5, 4], 4), 3);
    assert.equal(await state(page), '1 6 2 3/0 5 7 4/9 10 11 8/13 14 15 12');
    assert.equal(await page.locator('[data-testid=moves]').innerText(), '3');
    // Undone one by one, last first: the order they were made in.
    const undone = [];
    for (let i = 0; i < 3; i++) {
      await button(page, 'Undo').click();
      undone.push(await state(page));
    }
    assert.deepEqual(undone, ['1 6 2 3/5 0 7 4/9 10 11 8/13 14 15 12', '1 0 2 3/5 6 7 4/9 10 11 8/13 14 15 12', start]);
    // Two points three squares apart: the squares between are entered too, one move each; a
    // stroke through a corner enters only the square across it.
    await stroke(page, [0], 4);
    assert.equal(await stroke(page, [3], 4), 1);
    assert.equal(await state(page), '1 2 3 0/5 6 7 4/9 10 11 8/13 14 15 12');
    assert.equal(await page.locator('[data-testid=moves]').innerText(), '3');
    // The blank one left; the pointer placed (Shift held) on the square below and right of it,
    // then through the corner into the blank's: the two squares beside the corner, whose tiles
    // would slide, are not entered.
    await stroke(page, [2], 4);
    assert.equal(await state(page), '1 2 0 3/5 6 7 4/9 10 11 8/13 14 15 12');
    await stroke(page, [7], 4, { shiftKey: true });
    await stroke(page, [2], 4);
    assert.equal(await state(page), '1 2 0 3/5 6 7 4/9 10 11 8/13 14 15 12');
    assert.equal(await page.locator('[data-testid=moves]').innerText(), '4');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('applies 60 moves made within a second, draws them once a task, keeps each one its own time and counts the solve once', async () => {
    const { page, errors } = await settled(await open(started.browser, `${started.server.url}/`, { width: 1280, height: 900 }, 'light', (page) => page.addInitScript(helpers)));
    // A random-state 3×3 whose shortest solution is as odd or even as 60 (every way to the goal
    // is): padded with a tile moved there and back, it is solved by the 60th key exactly.
    let keys;
    for (;;) {
      await button(page, 'Shuffle').click();
      const solution = solveKeys(await state(page));
      if (solution.length % 2 === 0 && solution.length > 0) {
        const blank = (await state(page)).split(/[\s/]+/).map(Number).indexOf(0);
        const pair = blank % 3 < 2 ? ['ArrowLeft', 'ArrowRight'] : ['ArrowRight', 'ArrowLeft'];
        keys = [...Array((60 - solution.length) / 2)].flatMap(() => pair).concat(solution);
        break;
      }
    }
    assert.equal(keys.length, 60);
    // Counted from here: the page keeps the object it found at its start, so it is emptied.
    await page.evaluate(() => Object.keys(window.slideRenders).forEach((k) => delete window.slideRenders[k]));
    // Five keys a task, each a tick of the page's clock after the one before, twelve tasks back
    // to back: a fraction of a second in all, several moves in each frame.
    const stamps = await page.evaluate(async (keys) => {
      const stamps = [];
      for (let i = 0; i < keys.length; i += 5) {
        for (const key of keys.slice(i, i + 5)) {
          const t = performance.now();
          while (performance.now() === t);
          const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
          stamps.push(event.timeStamp);
          document.dispatchEvent(event);
        }
        await new Promise((ok) => setTimeout(ok, 0)); // the next task: paces input as a player's keys come
      }
      return stamps;
    }, keys);
    await page.waitForSelector('[data-testid=result]');
    assert.equal(await page.getAttribute('[data-testid=result]', 'data-moves'), '60');
    assert.equal(await page.getAttribute('[data-testid=result]', 'data-random-state'), 'true');
    const renders = await page.evaluate(() => window.slideRenders);
    assert.equal(renders.board, 12, 'five moves a task, drawn once');
    await page.getByText('Your solves and statistics').click();
    assert.equal(await page.getAttribute('[data-testid=stats] [data-stat=count]', 'data-value'), '1');
    assert.equal(await page.locator('[data-testid=history] tr[data-solve]').count(), 1);
    // The history as a file: each move's time from the first, from its key's own timeStamp.
    const [download] = await Promise.all([page.waitForEvent('download'), button(page, 'Export history').click()]);
    const kept = JSON.parse(await readFile(await download.path(), 'utf8'));
    assert.equal(kept.solves.length, 1);
    const [solve] = kept.solves;
    assert.equal(solve.moves, 60);
    const round = (t) => Math.round(t * 1000) / 1000;
    assert.deepEqual(solve.times.map(round), stamps.map((t) => round(t - stamps[0])));
    assert.equal(new Set(solve.times).size, 60, 'each its own time');
    assert.equal(round(solve.millis), round(stamps[59] - stamps[0]));
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('draws a move on the board and beside it, never the statistics, the history or learn mode', async () => {
    const { page, errors } = await openPlaying(`${started.server.url}/?board=1,2,3/4,5,6/0,7,8`);
    await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
    const drawn = {};
    const add = (counts) => Object.entries(counts).forEach(([k, n]) => (drawn[k] = (drawn[k] ?? 0) + n));
    // Four keys: a tile there and back, twice. What stands beside the board is drawn only by
    // the first, which makes Undo possible.
    for (const key of ['ArrowLeft', 'ArrowRight', 'ArrowLeft', 'ArrowRight']) add(await drawnByKey(page, key));
    assert.deepEqual(drawn, { app: 4, status: 4, board: 4, under: 4, side: 1, tools: 0, intro: 0, stats: 0, learn: 0, history: 0 });
    // A stroke onto the blank's square moves nothing: the board is not drawn. One that moves a
    // tile there and back in one event ends as it began: nor is it.
    add(await drawnByStroke(page, [6], 3));
    add(await drawnByStroke(page, [7, 6], 3));
    assert.equal(await state(page), '1 2 3/4 5 6/0 7 8');
    assert.equal(await page.locator('[data-testid=moves]').innerText(), '6');
    assert.deepEqual(drawn, { app: 6, status: 6, board: 4, under: 6, side: 1, tools: 0, intro: 0, stats: 0, learn: 0, history: 0 });
    // Once the moves pause, the tools follow: the editor's field shows the board on show.
    await drawnByKey(page, 'ArrowLeft');
    await page.waitForFunction(() => document.querySelector('#board-text').value === '1 2 3/4 5 6/7 0 8');
    // A solve is more than a move: the statistics and the history follow it.
    const solved = await drawnByStroke(page, [8], 3);
    assert.equal(await state(page), '1 2 3/4 5 6/7 8 0');
    // (The record's database answers the solve's writes in tasks of their own, and each answer
    // draws them again: how many fall in the count depends on the machine.)
    assert.equal(solved.board, 1);
    assert.ok(solved.stats >= 1, `the statistics drawn ${solved.stats} times`);
    assert.deepEqual([solved.history, solved.learn], [solved.stats, solved.stats]);
    assert.ok(solved.tools >= solved.stats, `the tools drawn ${solved.tools} times`);
    await page.waitForSelector('[data-testid=history] tr[data-solve]');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('shows a move made with Instant in place the frame after its key, and one made during a glide at once', async () => {
    const url = `${started.server.url}/?board=8,6,7/2,5,4/3,0,1`;
    const { page, errors } = await openPlaying(url);
    // A key, then what tile 1 looks like in the next animation frame.
    const next = (key) =>
      page.evaluate(
        (key) =>
          new Promise((ok) => {
            document.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
            requestAnimationFrame(() => {
              const tile = document.querySelector('[data-testid=board] [data-tile="1"]');
              const gliding = tile.getAnimations().filter((a) => a.playState === 'running').length;
              ok({ state: tile.parentElement.dataset.state, place: tile.style.transform, gliding });
            });
          }),
        key,
      );
    // Instant: in its new square (one to the left), nothing gliding.
    assert.deepEqual(await next('ArrowLeft'), { state: '8 6 7/2 5 4/3 1 0', place: 'translate(100%, 200%)', gliding: 0 });
    // Smooth: a key while the tile glides sends it back at once, from where it is.
    await page.evaluate(() => {
      const settings = JSON.parse(localStorage.getItem('slide.settings'));
      localStorage.setItem('slide.settings', JSON.stringify({ ...settings, animation: 'smooth' }));
    });
    await page.goto(url);
    await page.waitForSelector('[data-testid=board]');
    assert.match(await page.getAttribute('[data-testid=board]', 'style'), /--slide-ms:130ms/);
    const [there, back] = await page.evaluate(async () => {
      const key = (key) => document.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
      const look = () =>
        new Promise((ok) =>
          requestAnimationFrame(() => {
            const tile = document.querySelector('[data-testid=board] [data-tile="1"]');
            const gliding = tile.getAnimations().filter((a) => a.playState === 'running').length;
            ok({ state: tile.parentElement.dataset.state, place: tile.style.transform, gliding });
          }),
        );
      key('ArrowLeft');
      const there = await look();
      key('ArrowRight');
      return [there, await look()];
    });
    assert.deepEqual(there, { state: '8 6 7/2 5 4/3 1 0', place: 'translate(100%, 200%)', gliding: 1 });
    assert.deepEqual([back.state, back.place], ['8 6 7/2 5 4/3 0 1', 'translate(200%, 200%)']);
    assert.deepEqual(errors, []);
    await page.close();
  });
});

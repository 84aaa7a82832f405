// Events as speedsolvers hold them, in headless Chromium: a marathon of 2 on 3×3 and a relay up
// to 3×3 solved by hand with keys (splits, moves, a history row, statistics), a blindfolded solve
// (numbers shown while memorising, hidden from the first move, Done; and a failed attempt), a
// fewest-moves round (a rejected submission, Undo and Reset to start, an accepted one measured
// against the optimum; and, on Playwright's clock, one after the time limit), the records across
// a reload and out and back in as a file (JSON and CSV, an unknown event left out), and event
// links: the daily fewest-moves board, broken links, and a marathon's challenge link opened by a
// friend. Screenshots at phone size of an event running and of its result.
//
// No timing thresholds: the checks are on order, counts and attributes. The boards are drawn at
// random by the page; the test solves them itself (eight-puzzle.mjs for 3×3, a search here for
// the 2×2 and the 4×4), so no solution is ever shown on the page.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { button, lifecycle, open, play, recordLoaded, shot, solvable, state, until } from './harness.mjs';
import { solveKeys } from './eight-puzzle.mjs';

const started = lifecycle();

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

// --- boards, worked out by the test itself -------------------------------------------------

/** A board in notation (spaces or commas, rows split by `/`) as its width, height and tiles. */
function parse(notation) {
  const rows = notation.trim().split('/').map((r) => r.trim().split(/[\s,]+/).map(Number));
  return { w: rows[0].length, h: rows.length, tiles: rows.flat() };
}

/** Tiles back in notation with spaces, as `data-state` has it. */
function notation(tiles, w) {
  const rows = [];
  for (let i = 0; i < tiles.length; i += w) rows.push(tiles.slice(i, i + w).join(' '));
  return rows.join('/');
}

// Where the blank goes for each key: the key names the way the TILE moves (Arrow keys move: Tile,
// the default), so ← slides the tile right of the blank to the left and the blank goes right. The
// same as eight-puzzle.mjs's STEPS and controls.test.mjs's FROM_BLANK.
const BLANK_GOES = { ArrowLeft: [0, 1], ArrowRight: [0, -1], ArrowUp: [1, 0], ArrowDown: [-1, 0] };
// A key as a move letter in links (`moves=`): the tile's way.
const LETTER = { ArrowLeft: 'L', ArrowRight: 'R', ArrowUp: 'U', ArrowDown: 'D' };

/** The board after `keys`, or an error if one walks off the board. */
function slide(board, keys) {
  const { w, h, tiles } = parse(board);
  for (const key of keys) {
    const blank = tiles.indexOf(0);
    const [dr, dc] = BLANK_GOES[key];
    const r = Math.floor(blank / w) + dr;
    const c = (blank % w) + dc;
    if (r < 0 || r >= h || c < 0 || c >= w) throw new Error(`${key} walks off ${board}`);
    [tiles[blank], tiles[r * w + c]] = [tiles[r * w + c], tiles[blank]];
  }
  return notation(tiles, w);
}

/** Tiles (the blank not counted) not where the goal has them. */
function outOfPlace(board, goal) {
  const b = parse(board).tiles;
  const g = parse(goal).tiles;
  return b.filter((t, i) => t !== 0 && t !== g[i]).length;
}

/**
 * The arrow keys of a way from `board` to `goal`: up to 3×3 a shortest way (breadth-first: moves
 * so far alone, first in first out); on larger boards best-first on moves so far plus three times
 * the Manhattan distance (a way found in a few thousand boards, not a shortest one).
 */
function solvingKeys(board, goal) {
  const { w, h, tiles } = parse(board);
  const weight = w * h > 9 ? 3 : 0;
  const home = new Map(parse(goal).tiles.map((t, i) => [t, i]));
  const distance = (t) => t.reduce((sum, tile, i) => {
    if (tile === 0) return sum;
    const j = home.get(tile);
    return sum + Math.abs(Math.floor(i / w) - Math.floor(j / w)) + Math.abs((i % w) - (j % w));
  }, 0);
  // A binary heap on [f, count, tiles, g]: the count keeps equal f first in, first out.
  const heap = [];
  const push = (item) => {
    heap.push(item);
    for (let i = heap.length - 1; i > 0; ) {
      const up = (i - 1) >> 1;
      if (heap[up][0] < item[0] || (heap[up][0] === item[0] && heap[up][1] < item[1])) break;
      [heap[i], heap[up]] = [heap[up], heap[i]];
      i = up;
    }
  };
  const pop = () => {
    const top = heap[0];
    const last = heap.pop();
    if (heap.length > 0) {
      heap[0] = last;
      for (let i = 0; ; ) {
        let least = i;
        for (const c of [2 * i + 1, 2 * i + 2]) {
          if (c < heap.length && (heap[c][0] < heap[least][0] || (heap[c][0] === heap[least][0] && heap[c][1] < heap[least][1]))) least = c;
        }
        if (least === i) break;
        [heap[i], heap[least]] = [heap[least], heap[i]];
        i = least;
      }
    }
    return top;
  };
  const target = parse(goal).tiles.join(',');
  const came = new Map([[tiles.join(','), null]]);
  let count = 0;
  push([weight * distance(tiles), count++, tiles, 0]);
  while (heap.length > 0 && count < 2_000_000) {
    const [, , t, g] = pop();
    const from = t.join(',');
    if (from === target) break;
    const blank = t.indexOf(0);
    for (const [key, [dr, dc]] of Object.entries(BLANK_GOES)) {
      const r = Math.floor(blank / w) + dr;
      const c = (blank % w) + dc;
      if (r < 0 || r >= h || c < 0 || c >= w) continue;
      const u = t.slice();
      [u[blank], u[r * w + c]] = [u[r * w + c], u[blank]];
      const k = u.join(',');
      if (came.has(k)) continue;
      came.set(k, [from, key]);
      push([g + 1 + weight * distance(u), count++, u, g + 1]);
    }
  }
  if (!came.has(target)) throw new Error(`${board} did not reach ${goal}`);
  const keys = [];
  for (let k = target; came.get(k); k = came.get(k)[0]) keys.push(came.get(k)[1]);
  return keys.reverse();
}

/** Keys that solve the board on show: IDA* for a 3×3 toward blank-last, else the search above. */
async function keysFor(page) {
  const board = await state(page);
  const goal = await page.getAttribute('[data-testid=board]', 'data-goal');
  const keys = parse(board).w === 3 && parse(board).h === 3 && goal === '1 2 3/4 5 6/7 8 0' ? solveKeys(board) : solvingKeys(board, goal);
  assert.ok(keys.length > 0, `an event board must not be drawn already solved: ${board}`);
  return keys;
}

// --- the page ------------------------------------------------------------------------------


const status = (page, name) => page.getAttribute('[data-testid=event-status]', `data-${name}`);
const result = (page, name) => page.getAttribute('[data-testid=event-result]', `data-${name}`);
const eventRows = (page) => page.locator('tr[data-event]').evaluateAll((trs) => trs.map((tr) => ({ ...tr.dataset })));
const numbers = (text) => text.split(',').map(Number);
const alerts = async (page) => (await page.getByRole('alert').allInnerTexts()).join('\n');

/** Picks an event and its setting (Solves, Up to, Time limit), and the board size if given. */
async function choose(page, event, { size, solves, upTo, order, minutes } = {}) {
  // The size first: a new size during an event would end it, and it draws a new board.
  if (size) await page.getByLabel('Size', { exact: true }).selectOption({ label: size });
  await page.getByLabel('Event', { exact: true }).selectOption(event);
  // Numbers are typed, then the field is left, as a player would (input, then change).
  const type = async (label, value) => {
    const field = page.getByLabel(label, { exact: true });
    await field.fill(String(value));
    await field.blur();
  };
  if (solves !== undefined) await type('Solves', solves);
  if (upTo !== undefined) await page.getByLabel('Up to', { exact: true }).selectOption(String(upTo));
  if (order !== undefined) await page.getByLabel('Order', { exact: true }).selectOption({ label: order });
  if (minutes !== undefined) await type('Time limit', minutes);
}

/** Starts the chosen event and waits for its status. */
async function start(page, expected) {
  await button(page, 'Start').click();
  await page.waitForSelector(`[data-testid=event-status][data-state=${expected}]`);
}

/** Solves the board on show by keys; resolves with the keys played. */
async function solveShown(page) {
  const keys = await keysFor(page);
  await play(page, keys, 15);
  return keys;
}

/** Opens the history and statistics fold if it is closed. */
async function openHistory(page) {
  const summary = page.getByText('Your solves and statistics', { exact: true });
  const open = await summary.evaluate((s) => s.closest('details').open);
  if (!open) await summary.click();
}

/** Whether every tile shows its own number (true) or none shows any text (false); else null. */
async function tileNumbers(page) {
  const faces = await page
    .locator('[data-testid=board] button[data-tile]')
    .evaluateAll((tiles) => tiles.map((t) => [t.dataset.tile, t.innerText.trim()]));
  if (faces.every(([n, text]) => text === n)) return true;
  if (faces.every(([, text]) => text === '')) return false;
  return null;
}

/** The link a copy button gave: from the clipboard, or from the fallback field labelled `Link`. */
async function copiedLink(page, label) {
  await button(page, label).click();
  const field = page.getByLabel('Link', { exact: true });
  return until(async () => {
    const copied = await page.evaluate(() => navigator.clipboard.readText().catch(() => ''));
    if (copied.includes('event=')) return copied;
    if (await field.count()) return field.inputValue();
  }, `${label}: a link in the clipboard or in a field`);
}

/** Some key that moves a tile (a playable board). */
async function someMove(page) {
  const b = await state(page);
  for (const key of ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']) {
    await page.keyboard.press(key);
    if ((await state(page)) !== b) return;
  }
  throw new Error('no key moved a tile');
}

/** The local date in the page's time zone, YYYY-MM-DD, as the daily puzzle counts days. */
const today = (page) =>
  page.evaluate(() => {
    const d = new Date();
    const two = (n) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
  });

/** A message's "N tiles (are) out of place". */
const tilesOff = (n) => new RegExp(`\\b${n} tiles? (?:are |is )?out of place`);

/** Asserts the sum of the splits is the total, within the rounding of each to milliseconds. */
function assertSplits(splits, millis, count) {
  const parts = numbers(splits);
  assert.equal(parts.length, count, `splits ${splits}`);
  // Each board's time, in whole milliseconds (a relay's 2×2 solved by its first move is 0).
  assert.ok(parts.every((s) => Number.isInteger(s)), `splits ${splits}`);
  const sum = parts.reduce((a, b) => a + b, 0);
  assert.ok(Math.abs(sum - Number(millis)) <= count, `splits ${splits} sum to ${sum}, the total is ${millis}`);
}

// --- one player's events, in one browser profile ------------------------------------------

describe('events, one after another in one browser profile', () => {
  let context;
  let page;
  const errors = [];
  // The event names recorded so far, in order, for the records test.
  const recorded = [];
  // The marathon's challenge link and its boards, for the friend's page.
  const marathon = {};

  before(async () => {
    context = await started.browser.newContext({ viewport: DESKTOP, permissions: ['clipboard-read', 'clipboard-write'] });
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    page.on('console', (m) => m.type() === 'error' && errors.push(`console: ${m.text()}`));
  });
  after(async () => {
    await context?.close();
  });

  /** A fresh page load in the profile: the history stays, the board is new. Errors count anew. */
  async function fresh() {
    errors.length = 0;
    await page.goto(`${started.server.url}/`);
    await page.waitForSelector('[data-testid=board]');
  }

  it('a marathon of 2 on 3×3: two boards in a row on one clock, splits, a history row, statistics', async () => {
    await fresh();
    await page.getByLabel('Event', { exact: true }).selectOption('marathon');
    assert.equal(await page.getByLabel('Solves', { exact: true }).inputValue(), '5', 'five solves by default');
    await choose(page, 'marathon', { size: '3×3', solves: 2 });
    assert.equal(await page.getByTestId('event-result').count(), 0);
    await start(page, 'running');
    assert.equal(await status(page, 'board'), '1');
    assert.equal(await status(page, 'boards'), '2');
    assert.ok(await button(page, 'Solve').isDisabled(), 'no Solve during an event');
    assert.ok(await button(page, 'Hint').isDisabled(), 'no Hint during an event');
    assert.equal(await button(page, 'Give up').count(), 1);

    const first = await state(page);
    assert.equal(parse(first).w, 3);
    const keys1 = await solveShown(page);
    // The next board appears the moment the first is solved.
    await page.waitForSelector('[data-testid=event-status][data-board="2"]');
    const second = await state(page);
    assert.notEqual(second, '1 2 3/4 5 6/7 8 0', 'the second board is a new one');
    assert.equal(parse(second).w, 3);
    assert.equal(await page.getByTestId('event-result').count(), 0, 'no result before the last board');

    // At phone size, mid-event.
    await page.setViewportSize(PHONE);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    assert.equal(wide, false, 'no sideways scroll at phone size');
    await page.getByTestId('event-status').scrollIntoViewIfNeeded();
    await shot(page, 'phone-event-running');
    await page.setViewportSize(DESKTOP);

    const keys2 = await solveShown(page);
    await page.waitForSelector('[data-testid=event-result]');
    assert.equal(await result(page, 'event'), 'marathon');
    assert.equal(await result(page, 'name'), 'marathon-2');
    assert.equal(await result(page, 'finished'), 'true');
    assert.equal(await result(page, 'moves'), String(keys1.length + keys2.length));
    const millis = await result(page, 'millis');
    const splits = await result(page, 'splits');
    assertSplits(splits, millis, 2);

    await page.setViewportSize(PHONE);
    await page.getByTestId('event-result').scrollIntoViewIfNeeded();
    await shot(page, 'phone-event-result');
    await page.setViewportSize(DESKTOP);

    // The history keeps it, with what the result says.
    await openHistory(page);
    const rows = (await eventRows(page)).filter((r) => r.event === 'marathon');
    assert.equal(rows.length, 1, JSON.stringify(rows));
    const [row] = rows;
    assert.equal(row.name, 'marathon-2');
    assert.equal(row.size, '3x3');
    assert.equal(row.millis, millis);
    assert.equal(row.moves, String(keys1.length + keys2.length));
    assert.equal(row.splits, splits);
    assert.equal(row.finished, 'true');
    assert.equal(row.control, 'keys');
    recorded.push('marathon-2');

    // Its statistics: one finished of one attempt, the best being this one.
    const stats = page.locator('[data-testid=event-stats] [data-event-stats="marathon-2 3x3 keys"]');
    assert.equal(await stats.locator('[data-stat=count]').getAttribute('data-value'), '1');
    assert.equal(await stats.locator('[data-stat=attempts]').getAttribute('data-value'), '1');
    assert.equal(await stats.locator('[data-stat=best-time]').getAttribute('data-value'), millis);
    assert.equal(await stats.locator('[data-stat=ao5]').getAttribute('data-value'), '', 'too few for ao5');

    // A challenge link for a friend: the first board, the event, the result.
    const link = await copiedLink(page, 'Copy challenge link');
    const query = new URL(link).searchParams;
    assert.equal(query.get('event'), 'marathon-2', link);
    assert.equal(query.get('board'), first.replaceAll(' ', ','), link);
    assert.equal(query.get('challenge'), `${keys1.length + keys2.length},${millis}`, link);
    // The moves that prove it: both boards' keys, in order.
    assert.equal(query.get('moves'), [...keys1, ...keys2].map((k) => LETTER[k]).join(''), link);
    Object.assign(marathon, { link, first, second, moves: String(keys1.length + keys2.length), millis });
    assert.deepEqual(errors, []);
  });

  it('a relay as the community plays it, largest first: 4×4, 3×3, then 2×2 on one clock', async () => {
    await fresh();
    await page.getByLabel('Event', { exact: true }).selectOption('relay');
    assert.equal(await page.getByLabel('Up to', { exact: true }).inputValue(), '4', 'up to 4×4 by default');
    assert.equal(await page.getByLabel('Order', { exact: true }).inputValue(), 'down', 'largest first by default');
    await start(page, 'running');
    const sizes = [];
    for (const k of [1, 2, 3]) {
      await page.waitForSelector(`[data-testid=event-status][data-board="${k}"]`);
      const shown = parse(await state(page));
      sizes.push(`${shown.w}x${shown.h}`);
      await solveShown(page);
    }
    assert.deepEqual(sizes, ['4x4', '3x3', '2x2']);
    await page.waitForSelector('[data-testid=event-result]');
    assert.equal(await result(page, 'name'), 'relay-down-4');
    assert.equal(await result(page, 'order'), 'down');
    assert.equal(await result(page, 'finished'), 'true');
    assertSplits(await result(page, 'splits'), await result(page, 'millis'), 3);
    recorded.push('relay-down-4');
    assert.deepEqual(errors, []);
  });

  it('a relay up to 3×3, smallest first: a 2×2 then a 3×3 on one clock, a split per size', async () => {
    await fresh();
    await choose(page, 'relay', { upTo: 3, order: 'Smallest first' });
    await start(page, 'running');
    assert.equal(await status(page, 'board'), '1');
    assert.equal(await status(page, 'boards'), '2');
    const small = await state(page);
    assert.deepEqual([parse(small).w, parse(small).h], [2, 2], `the relay starts at 2×2: ${small}`);
    const keys1 = await solveShown(page);
    await page.waitForSelector('[data-testid=event-status][data-board="2"]');
    const large = await state(page);
    assert.deepEqual([parse(large).w, parse(large).h], [3, 3], `then 3×3: ${large}`);
    const keys2 = await solveShown(page);

    await page.waitForSelector('[data-testid=event-result]');
    assert.equal(await result(page, 'event'), 'relay');
    assert.equal(await result(page, 'name'), 'relay-3');
    assert.equal(await result(page, 'order'), 'up');
    assert.equal(await result(page, 'finished'), 'true');
    assert.equal(await result(page, 'moves'), String(keys1.length + keys2.length));
    const millis = await result(page, 'millis');
    const splits = await result(page, 'splits');
    assertSplits(splits, millis, 2);

    await openHistory(page);
    const rows = (await eventRows(page)).filter((r) => r.name === 'relay-3');
    assert.equal(rows.length, 1, JSON.stringify(rows));
    assert.equal(rows[0].name, 'relay-3');
    assert.equal(rows[0].size, '3x3', 'a relay row has its largest size');
    assert.equal(rows[0].millis, millis);
    assert.equal(rows[0].splits, splits);
    assert.equal(rows[0].finished, 'true');
    recorded.push('relay-3');
    assert.deepEqual(errors, []);
  });

  it('blindfolded: numbers while memorising, hidden from the first move, Done; a failed attempt too', async () => {
    await fresh();
    await choose(page, 'blindfolded', { size: '3×3' });
    await start(page, 'memorising');
    const board = page.getByTestId('board');
    assert.notEqual(await board.getAttribute('data-blind'), 'true');
    assert.equal(await tileNumbers(page), true, 'the numbers are shown to memorise');
    assert.ok(await button(page, 'Solve').isDisabled());
    assert.ok(await button(page, 'Hint').isDisabled());
    const goal = await board.getAttribute('data-goal');

    // The first move hides the numbers.
    const keys = await keysFor(page);
    await play(page, keys.slice(0, 1), 15);
    await page.waitForSelector('[data-testid=event-status][data-state=blind]');
    assert.equal(await board.getAttribute('data-blind'), 'true');
    assert.equal(await tileNumbers(page), false, 'no tile shows a number while blind');
    const names = await page.locator('[data-testid=board] button[data-tile]').evaluateAll((ts) => ts.map((t) => t.getAttribute('aria-label') ?? ''));
    assert.ok(names.every((n) => !/\d/.test(n)), `no number read out either: ${names}`);
    assert.ok(await button(page, 'Undo').isDisabled(), 'no Undo while blind');
    assert.ok(await button(page, 'Redo').isDisabled(), 'no Redo while blind');
    assert.ok(await button(page, 'Solve').isDisabled());
    assert.ok(await button(page, 'Hint').isDisabled());
    await page.setViewportSize(PHONE);
    await board.scrollIntoViewIfNeeded();
    await shot(page, 'phone-event-blindfolded');
    await page.setViewportSize(DESKTOP);

    // The rest of the solve: reaching the goal reveals nothing and ends nothing; Done does.
    await play(page, keys.slice(1), 15);
    assert.equal(await state(page), goal);
    assert.equal(await status(page, 'state'), 'blind');
    assert.equal(await page.getByTestId('event-result').count(), 0, 'nothing until Done');
    assert.doesNotMatch(await page.getByTestId('status').innerText(), /Solved/, 'the status line does not tell');
    assert.equal(await page.getByTestId('result').count(), 0, 'no solve result either');
    assert.equal(await board.getAttribute('data-blind'), 'true');
    await button(page, 'Done').click();
    await page.waitForSelector('[data-testid=event-result]');
    assert.equal(await result(page, 'event'), 'blindfolded');
    assert.equal(await result(page, 'name'), 'blindfolded');
    assert.equal(await result(page, 'success'), 'true');
    assert.equal(await result(page, 'moves'), String(keys.length));
    const memo = await result(page, 'memo-millis');
    const total = await result(page, 'millis');
    assert.match(memo, /^\d+(\.\d+)?$/);
    assert.match(total, /^\d+(\.\d+)?$/);
    assert.ok(Number(total) >= Number(memo), `the total ${total} holds the memorisation ${memo}`);
    recorded.push('blindfolded');

    // Another attempt, with one move made: Done on an unsolved board is a failure, saying how far.
    await start(page, 'memorising');
    const again = await state(page);
    const [one, ...rest] = await keysFor(page);
    assert.ok(rest.length > 0, 'one move does not solve it');
    await play(page, [one], 15);
    await page.waitForSelector('[data-testid=event-status][data-state=blind]');
    await button(page, 'Done').click();
    // (The first attempt's result may stay on show until this one's replaces it.)
    await page.waitForSelector('[data-testid=event-result][data-success="false"]');
    assert.equal(await result(page, 'event'), 'blindfolded');
    assert.equal(await result(page, 'moves'), '1');
    const off = outOfPlace(slide(again, [one]), goal);
    assert.match(await page.getByTestId('event-result').innerText(), tilesOff(off));
    recorded.push('blindfolded');
    assert.deepEqual(errors, []);
  });

  it('fewest moves: an unsolved submission is refused, Undo and Reset to start, then scored against the optimum', async () => {
    await fresh();
    await page.getByLabel('Event', { exact: true }).selectOption('fmc');
    assert.equal(await page.getByLabel('Time limit', { exact: true }).inputValue(), '10', 'ten minutes by default');
    await choose(page, 'fmc', { size: '3×3' });
    await start(page, 'exploring');
    assert.ok(await button(page, 'Solve').isDisabled());
    assert.ok(await button(page, 'Hint').isDisabled());
    const startBoard = await state(page);
    const goal = await page.getAttribute('[data-testid=board]', 'data-goal');
    const keys = solveKeys(startBoard);
    assert.ok(keys.length > 1);

    // One move, then Submit: not a solution; the round goes on.
    await play(page, keys.slice(0, 1), 15);
    await button(page, 'Submit').click();
    const refusal = page.getByRole('alert').filter({ hasText: 'Not accepted' });
    await refusal.waitFor();
    const off = outOfPlace(slide(startBoard, keys.slice(0, 1)), goal);
    assert.match(await refusal.innerText(), tilesOff(off));
    assert.equal(await status(page, 'state'), 'exploring', 'the round goes on');
    assert.equal(await page.getByTestId('event-result').count(), 0);

    // Undo takes a move back; Reset to start goes back to the start board.
    await button(page, 'Undo').click();
    assert.equal(await state(page), startBoard);
    await play(page, keys.slice(0, 2), 15);
    await button(page, 'Reset to start').click();
    assert.equal(await state(page), startBoard);

    // A solution (a shortest one: IDA* with the Manhattan distance), then Submit. Until then the
    // optimum shows nowhere.
    await play(page, keys, 15);
    assert.equal(await state(page), goal);
    assert.equal(await status(page, 'state'), 'exploring', 'reaching the goal is not a submission');
    assert.equal(await page.locator('[data-testid=result], [data-testid=event-result], [data-testid=solution]').count(), 0);
    await button(page, 'Submit').click();
    await page.waitForSelector('[data-testid=event-result]');
    assert.equal(await result(page, 'event'), 'fmc');
    assert.equal(await result(page, 'name'), 'fmc');
    assert.equal(await result(page, 'finished'), 'true');
    assert.equal(await result(page, 'moves'), String(keys.length));
    await page.waitForSelector('[data-testid=event-result][data-optimal-length]:not([data-optimal-length=""])');
    const optimal = Number(await result(page, 'optimal-length'));
    assert.ok(Number.isInteger(optimal) && optimal <= keys.length, `optimum ${optimal}, ${keys.length} moves`);
    assert.equal(optimal, keys.length, "the test's solution is a shortest one");
    recorded.push('fmc');
    assert.deepEqual(errors, []);
  });

  it('the records survive a reload and go out and come back as a file', async () => {
    // One more: a round given up, recorded as not finished.
    await fresh();
    await choose(page, 'fmc', { size: '3×3' });
    await start(page, 'exploring');
    await button(page, 'Give up').click();
    await page.waitForSelector('[data-testid=event-result]');
    assert.equal(await result(page, 'finished'), 'false');
    recorded.push('fmc');

    await openHistory(page);
    const rows = await eventRows(page);
    assert.deepEqual(rows.map((r) => r.name).sort(), [...recorded].sort(), JSON.stringify(rows));
    assert.ok(rows.some((r) => r.finished === 'false'), 'the round given up is kept, not finished');

    await page.reload();
    await recordLoaded(page);
    await openHistory(page);
    assert.deepEqual(await eventRows(page), rows, 'the same rows after a reload');

    for (const format of ['JSON', 'CSV']) {
      await page.getByLabel('Format', { exact: true }).selectOption({ label: format });
      const [download] = await Promise.all([page.waitForEvent('download'), button(page, 'Export history').click()]);
      const file = await download.path();
      const text = await readFile(file, 'utf8');
      if (format === 'JSON') {
        const events = JSON.parse(text).events;
        assert.ok(Array.isArray(events), 'the JSON carries "events"');
        assert.equal(events.length, rows.length);
      } else {
        for (const name of new Set(recorded)) assert.ok(text.includes(name), `${name} in the CSV`);
      }
      assert.ok(await button(page, 'Clear history').isEnabled(), 'Clear history is offered with event records alone');
      await button(page, 'Clear history').click();
      await button(page, 'Clear all').click();
      await page.waitForFunction(() => document.querySelectorAll('tr[data-event]').length === 0);
      await page.getByLabel('Import history').setInputFiles(file);
      await page.waitForFunction((n) => document.querySelectorAll('tr[data-event]').length === n, rows.length);
      assert.deepEqual(await eventRows(page), rows, `${format}: the same rows back`);

      if (format === 'JSON') {
        // An entry of an unknown event is left out, and named in the note.
        const json = JSON.parse(text);
        const bogus = Object.fromEntries(Object.entries(json.events[0]).map(([k, v]) => [k, typeof v === 'string' && new Set(recorded).has(v) ? 'bogus' : v]));
        assert.ok(Object.values(bogus).includes('bogus'), `an event entry names its event: ${JSON.stringify(json.events[0])}`);
        json.events.splice(1, 0, bogus);
        const edited = join(tmpdir(), `slide-events-${process.pid}.json`);
        await writeFile(edited, JSON.stringify(json));
        await button(page, 'Clear history').click();
        await button(page, 'Clear all').click();
        await page.waitForFunction(() => document.querySelectorAll('tr[data-event]').length === 0);
        await page.getByLabel('Import history').setInputFiles(edited);
        await page.waitForFunction((n) => document.querySelectorAll('tr[data-event]').length === n, rows.length);
        assert.deepEqual(await eventRows(page), rows);
        await page.getByText('event 2: no such event "bogus"').waitFor();
      }
    }
    assert.deepEqual(errors, []);
  });

  it("a marathon's challenge link shows a friend the target, and Start plays the same boards", async () => {
    assert.ok(marathon.link, 'needs the marathon above');
    // The friend: another browser profile.
    const friend = await started.browser.newContext({ viewport: DESKTOP });
    const other = await friend.newPage();
    const friendErrors = [];
    other.on('pageerror', (e) => friendErrors.push(`pageerror: ${e.message}`));
    other.on('console', (m) => m.type() === 'error' && friendErrors.push(`console: ${m.text()}`));
    await other.goto(marathon.link);
    // The target: the page contract's challenge panel, or the event panel's own.
    const target = other.locator('[data-testid=challenge], [data-testid=event] [data-testid=event-challenge]').first();
    await target.waitFor();
    assert.equal(await other.getByRole('alert').count(), 0, await alerts(other));
    assert.equal(await target.getAttribute('data-moves'), marathon.moves);
    const targetMillis = await target.getAttribute('data-millis');
    assert.equal(await other.getByLabel('Event', { exact: true }).inputValue(), 'marathon');
    assert.equal(await other.getByLabel('Solves', { exact: true }).inputValue(), '2');
    assert.equal(await other.getByTestId('event-status').count(), 0, 'it waits for Start');
    await start(other, 'running');
    assert.equal(await state(other), marathon.first, 'the same first board');
    await solveShown(other);
    await other.waitForSelector('[data-testid=event-status][data-board="2"]');
    assert.equal(await state(other), marathon.second, 'and the same second board');
    // The target's time, as a challenge declares it (data-millis beside data-moves).
    assert.equal(targetMillis, marathon.millis, 'the target carries data-millis');
    assert.deepEqual(friendErrors, []);
    await friend.close();
  });
});

// --- fewest moves on Playwright's clock: the time limit -----------------------------------

describe('the fewest-moves time limit', () => {
  it('ends the round by itself at the limit, unfinished, with the time left counted down', async () => {
    // The page's clock is performance.now() and its timers: Playwright's clock moves both.
    const { page, errors } = await open(started.browser, `${started.server.url}/`, DESKTOP, 'light', (p) => p.clock.install({ time: 0 }));
    await page.clock.pauseAt(60_000);
    await choose(page, 'fmc', { size: '3×3', minutes: 1 });
    await start(page, 'exploring');
    await play(page, solveKeys(await state(page)), 0);
    assert.equal(await state(page), await page.getAttribute('[data-testid=board]', 'data-goal'));
    // Half a minute on, the time left is redrawn with no action of the player's.
    await page.clock.fastForward('00:30');
    await page.getByTestId('event-status').filter({ hasText: /0:(29|30|31) left/ }).waitFor();
    // A minute and a second after Start, the round is over: a solution found in time but not
    // submitted does not count.
    await page.clock.fastForward('00:31');
    await page.getByRole('alert').filter({ hasText: /Time is up: the time limit of 1 minute has passed/ }).waitFor();
    assert.equal(await button(page, 'Submit').count(), 0, 'no Submit once the round is over');
    await page.waitForSelector('[data-testid=event-result]');
    assert.equal(await result(page, 'event'), 'fmc');
    assert.equal(await result(page, 'finished'), 'false');
    assert.equal(await page.getByTestId('event-status').count(), 0, 'the round is over');
    assert.deepEqual(errors, []);
    await page.close();
  });
});

// --- event links ---------------------------------------------------------------------------

describe('event links', () => {
  it("a daily fewest-moves link selects the event and plays the date's event board", async () => {
    const { page: first } = await open(started.browser, `${started.server.url}/`);
    const date = await today(first);
    await first.close();

    const boards = [];
    for (let i = 0; i < 2; i++) {
      const { page, errors } = await open(started.browser, `${started.server.url}/?daily=${date}&event=fmc`);
      assert.equal(await page.getByRole('alert').count(), 0, await alerts(page));
      const select = page.getByLabel('Event', { exact: true });
      assert.equal(await select.inputValue(), 'fmc');
      assert.equal(await select.evaluate((s) => s.selectedOptions[0].textContent.trim()), 'Fewest moves');
      assert.equal(await page.getByTestId('event-status').count(), 0, 'it waits for Start');
      await start(page, 'exploring');
      boards.push(await state(page));
      assert.deepEqual(errors, []);
      await page.close();
    }
    assert.equal(boards[0], boards[1], 'the same event board for everyone on a date');
    // Not the daily puzzle's own board.
    const { page: daily, errors } = await open(started.browser, `${started.server.url}/?daily=${date}`);
    await daily.waitForSelector('[data-testid=daily]');
    assert.notEqual(await state(daily), boards[0]);
    assert.deepEqual(errors, []);
    await daily.close();
  });

  const broken = [
    ['board=1,2,3/4,5,6/7,8,0&event=marathon-0', /marathon/i],
    ['board=1,2,3/4,5,6/7,8,0&event=bogus', /bogus/],
    ['board=1,2,3/4,5,6/7,8,0&event=relay-4', /./],
    ['board=1,2,3/4,5,6/7,0,8&event=fmc&challenge=1,5000&moves=R', /./],
    ['board=1,2,3/4,5,6/7,8,0&event=%3Cimg%20src%3Dx%20onerror%3D%22window.pwned%3D1%22%3E', /./],
  ];
  for (const [query, words] of broken) {
    it(`a broken event link (${query.slice(query.indexOf('event='), query.indexOf('event=') + 30)}) shows an alert and a playable board`, async () => {
      const { page, errors } = await open(started.browser, `${started.server.url}/?${query}`);
      const alert = await alerts(page);
      assert.match(alert, words, query);
      assert.ok(alert.length < 500, alert);
      assert.equal(await page.evaluate(() => window.pwned), undefined);
      assert.equal(await page.locator('#slide img, #slide script').count(), 0, 'nothing from the link is markup');
      assert.equal(await page.getByTestId('event-status').count(), 0, 'no event runs');
      const b = await state(page);
      assert.ok(solvable(b, await page.getAttribute('[data-testid=board]', 'data-goal')), b);
      await someMove(page);
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
});

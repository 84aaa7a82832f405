// Shared by the end-to-end tests: a plain static file server for dist/ (at / and under a
// sub-path, as a static host would serve it) and Debian's Chromium driven by playwright-core.

import { after, before } from 'node:test';
import { createServer } from 'node:http';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { readFile, mkdir } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('../../', import.meta.url));
export const dist = process.env.SLIDE_DIST ?? join(root, 'dist');
export const screenshots = join(root, 'test-results', 'screenshots');

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
};

/**
 * Serves dist/ at `/` and at `/games/slide/`; resolves to the base URL. With `gzip`, text and
 * wasm go compressed to clients that accept it, as a real static host sends them. `overrides`
 * maps a path of dist/ (`/sw.js`) to a function of the file's text: what is served instead,
 * as if a new build had been copied over, or `null` for a file the site does not have (the map
 * may change while the server runs). `hidden(path)` hides whole folders the same way. `folder`
 * serves another build than dist/. `pages` maps a path to the text of a page the site does not
 * hold (a host's page that embeds it). With `etags`, each file goes with an ETag and is not sent
 * again to a client that holds it (304), as static hosts do.
 */
export async function serve({
  gzip = false,
  etags = false,
  overrides = new Map(),
  hidden = () => false,
  folder = dist,
  pages = new Map(),
} = {}) {
  const compressed = new Map();
  const server = createServer(async (req, res) => {
    let path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (path.startsWith('/games/slide/')) path = path.slice('/games/slide'.length);
    if (path.endsWith('/')) path += 'index.html';
    const file = normalize(join(folder, path));
    if (!file.startsWith(folder)) {
      res.writeHead(403).end();
      return;
    }
    try {
      if (hidden(path)) throw new Error('hidden');
      let body = pages.has(path) ? Buffer.from(pages.get(path)) : await readFile(file);
      const override = overrides.get(path);
      if (override) {
        const text = override(body.toString('utf8'));
        if (text === null) throw new Error('hidden');
        body = Buffer.from(text);
      }
      const headers = { 'content-type': types[extname(file)] ?? 'application/octet-stream' };
      if (gzip && /gzip/.test(req.headers['accept-encoding'] ?? '') && /\.(wasm|js|css|html|svg)$/.test(file)) {
        if (override) body = gzipSync(body, { level: 9 });
        else {
          if (!compressed.has(file)) compressed.set(file, gzipSync(body, { level: 9 }));
          body = compressed.get(file);
        }
        headers['content-encoding'] = 'gzip';
      }
      if (etags) {
        headers.etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
        if (req.headers['if-none-match'] === headers.etag) {
          res.writeHead(304, { etag: headers.etag }).end();
          return;
        }
      }
      res.writeHead(200, headers);
      res.end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((ok) => server.close(ok)) };
}

/** Headless Chromium with the flags this machine needs (no network beyond loopback). */
export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * A page that records every page error and console error, so tests can assert there were none.
 * Warnings printed by the generated loaders (Trunk's preload integrity note, wasm-bindgen's
 * init-parameter note) are warnings, not errors, and are not collected.
 */
export async function open(browser, url, viewport = { width: 1280, height: 800 }, colorScheme = 'light', before = async () => {}) {
  const page = await browser.newPage({ viewport, colorScheme });
  await before(page);
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  await page.goto(url);
  await page.waitForSelector('[data-testid=board]');
  return { page, errors };
}

export async function shot(page, name) {
  await mkdir(screenshots, { recursive: true });
  await settled(page);
  await page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true });
}

/**
 * Waits until the page is still: every animation and transition (gliding tiles, a smooth scroll's
 * CSS) finished, and the scroll position and the layout the same over two frames in a row. An
 * event, not a time: however slow the machine, the page is read once it has come to rest.
 */
export async function settled(page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((ok) => requestAnimationFrame(ok));
    const look = () => [scrollX, scrollY, document.documentElement.scrollHeight].join();
    // A spinner that turns for ever never finishes: only animations with an end are waited for.
    const ending = () => document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    for (;;) {
      await Promise.all(ending().map((a) => a.finished.catch(() => {})));
      const before = look();
      await frame();
      await frame();
      if (look() === before && ending().every((a) => a.playState !== 'running')) return;
    }
  });
}

/**
 * Asks `check` (async) again and again until it gives something other than undefined, and gives
 * that; fails naming `what` after `timeoutMs`. For states the page cannot announce (the clipboard,
 * a service worker's caches): the answer is waited for, never a time.
 */
export async function until(check, what, timeoutMs = 30000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`waited ${timeoutMs} ms in vain for ${what}`);
    await new Promise((ok) => setTimeout(ok, 50));
  }
}

/**
 * Presses `keys` one after another, `pauseMs` apart: the pace a player keeps, which the page's
 * move times and analysis record. The pause paces input; no check relies on it being exact.
 */
export async function play(page, keys, pauseMs = 20) {
  for (const key of keys) {
    await page.keyboard.press(key);
    await page.waitForTimeout(pauseMs); // paces input as a player would
  }
}

/** The board's notation as the page declares it. */
export const state = (page) => page.getAttribute('[data-testid=board]', 'data-state');

/** Whether `board` (notation) can reach `goal` by the parity rule, computed independently here. */
export function solvable(board, goal) {
  const rows = (s) => s.split('/').map((r) => r.trim().split(/[ ,]+/).map(Number));
  const b = rows(board);
  const g = rows(goal);
  const w = b[0].length;
  const flat = (m) => m.flat();
  const rank = new Map(flat(g).filter((t) => t !== 0).map((t, i) => [t, i]));
  const seq = flat(b).filter((t) => t !== 0).map((t) => rank.get(t));
  let inv = 0;
  for (let i = 0; i < seq.length; i++) for (let j = i + 1; j < seq.length; j++) if (seq[i] > seq[j]) inv++;
  const blankRow = (m) => m.findIndex((r) => r.includes(0));
  const rowsApart = Math.abs(blankRow(b) - blankRow(g));
  return (w % 2 === 1 ? inv : inv + rowsApart) % 2 === 0;
}

/**
 * The board (notation) after `moves` (letters: the way each *tile* slides, so `U` takes the tile
 * below the blank up), computed independently here; throws on a move the board cannot make.
 */
export function played(board, moves) {
  const rows = board.split('/').map((r) => r.trim().split(/[ ,]+/).map(Number));
  const [w, h] = [rows[0].length, rows.length];
  const tiles = rows.flat();
  // Where the blank goes: the tile below it slides up, so the blank goes down.
  const step = { U: [0, 1], D: [0, -1], L: [1, 0], R: [-1, 0] };
  for (const m of moves) {
    if (!step[m]) throw new Error(`no move ${m}`);
    const at = tiles.indexOf(0);
    const [x, y] = [at % w + step[m][0], Math.floor(at / w) + step[m][1]];
    if (x < 0 || x >= w || y < 0 || y >= h) throw new Error(`move ${m} off ${board}`);
    [tiles[at], tiles[y * w + x]] = [tiles[y * w + x], 0];
  }
  const out = [];
  for (let y = 0; y < h; y++) out.push(tiles.slice(y * w, y * w + w).join(' '));
  return out.join('/');
}

/**
 * Starts the static server and the browser before a file's tests and stops them after; the
 * returned object holds `server` and `browser` once started.
 */
export function lifecycle() {
  const started = {};
  before(async () => {
    started.server = await serve();
    started.browser = await launch();
  });
  after(async () => {
    await started.browser?.close();
    await started.server?.close();
  });
  return started;
}

/**
 * Waits until the page's record (the solves kept in the browser's database) has loaded, which
 * the page marks: a table or a best read before that is read too soon.
 */
export const recordLoaded = (page) =>
  page.waitForFunction(() => performance.getEntriesByName('slide:record-loaded').length > 0, null, { timeout: 30000 });

/** Waits until every folded panel is built (one an idle moment after the first board). */
export const unfolded = (page) =>
  page.waitForFunction(() => performance.getEntriesByName('slide:unfolded').length > 0, null, { timeout: 30000 });

/** The page's solver workers, oldest first (the record's worker, `store-loader.js`, left out). */
export const solverWorkers = (page) => page.workers().filter((w) => w.url().endsWith('/worker-loader.js'));

/** A button by its accessible name, exactly. */
export const button = (page, name) => page.getByRole('button', { name, exact: true });

/** Picks the search method by its label, in the Solver options fold (opened if need be). */
export async function chooseMethod(page, label) {
  const method = page.getByLabel('Method', { exact: true });
  if (!(await method.isVisible())) await page.getByText('Solver options', { exact: true }).click();
  await method.selectOption({ label });
  return method;
}

/** The answer on show in words: its line under the board and how it was found (folded). */
export async function answerText(page) {
  const bar = await page.locator('[data-testid=solution]').innerText();
  const how = page.locator('details.how');
  return (await how.count()) ? `${bar}\n${await how.textContent()}` : bar;
}

/** The `slide` command line the native tests built (`make slide-serve` builds it). */
export const slideBinary = process.env.SLIDE_BIN ?? join(root, 'target', 'fast-build', 'slide');

/** A free port of 127.0.0.1, for a server that must come back on the same one. */
export async function freePort() {
  const probe = createServer();
  await new Promise((ok) => probe.listen(0, '127.0.0.1', ok));
  const { port } = probe.address();
  await new Promise((ok) => probe.close(ok));
  return port;
}

/**
 * A real `slide serve` of the built site on `port`, its SQLite database a fresh file (or
 * `database`), resolved once it says it listens. `kill()` ends it at once (kill -9);
 * `stop()` sends SIGTERM and resolves to its exit code; `log()` is what it wrote to stderr.
 */
export async function slideServe({ port = 0, database, args = [] } = {}) {
  const { spawn } = await import('node:child_process');
  const { mkdtemp } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  database ??= `sqlite:${join(await mkdtemp(join(tmpdir(), 'slide-serve-')), 'slide.sqlite')}`;
  const child = spawn(slideBinary, ['serve', '--port', String(port), '--site', dist, '--database', database, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stderr.on('data', (d) => (log += d));
  const url = await new Promise((ok, fail) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/listening on (http:\/\/\S+)/);
      if (m) ok(m[1]);
    });
    child.on('exit', (code) => fail(new Error(`slide serve ended (${code}): ${log}`)));
  });
  const exited = new Promise((ok) => child.on('exit', (code, signal) => ok(code ?? signal)));
  return {
    url,
    database,
    port: Number(new URL(url).port),
    log: () => log,
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

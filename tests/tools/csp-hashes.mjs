// Writes the loader's script hashes into the pages' Content-Security-Policy: the two inline
// scripts of Trunk.toml's pattern_script, as a release build minifies them (read from dist/) and
// as `trunk serve` writes them (the pattern itself). Run after changing the loader, then build
// again: `node tests/tools/csp-hashes.mjs && make dist` (tests/e2e/share.test.mjs checks them).

import { readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';

const hash = (body) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
const scripts = (html) => [...html.matchAll(/<script(?: type="?module"?)?>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
const pattern = readFileSync('Trunk.toml', 'utf8').split('pattern_script = """')[1].split('"""')[0];

for (const [source, built, name] of [
  ['index.html', 'dist/index.html', 'app'],
  ['static/bench/index.html', 'dist/bench/index.html', 'bench'],
]) {
  const served = pattern.replaceAll('{base}', './').replaceAll('{js}', `${name}.js`).replaceAll('{wasm}', `${name}_bg.wasm`);
  const hashes = [...scripts(readFileSync(built, 'utf8')), ...scripts(served)].map(hash);
  const page = readFileSync(source, 'utf8');
  const updated = page.replace(/(script-src 'self' 'wasm-unsafe-eval')( 'sha256-[^']+')*/, `$1 ${hashes.join(' ')}`);
  if (updated !== page) writeFileSync(source, updated);
  console.log(`${source}: ${hashes.length} hashes${updated === page ? ' (unchanged)' : ''}`);
}

// Renders the favicon (static/favicon.svg) into the web app manifest's PNG icons with headless
// Chromium: 192 and 512 pixels, and a maskable 512 whose tiles sit inside the safe circle.
// Run once after changing the favicon: `node tests/tools/make-icons.mjs` (the PNGs are kept).

import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { launch } from '../e2e/harness.mjs';

const here = fileURLToPath(new URL('../../static/icons/', import.meta.url));
const svg = await readFile(new URL('../../static/favicon.svg', import.meta.url), 'utf8');
const browser = await launch();
for (const [name, size, pad] of [['icon-192', 192, 0], ['icon-512', 512, 0], ['icon-maskable-512', 512, 0.2]]) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  const inner = Math.round(size * (1 - pad));
  await page.setContent(
    `<body style="margin:0;background:#2f5d62;display:grid;place-items:center;width:${size}px;height:${size}px">` +
      `<div style="width:${inner}px;height:${inner}px">${svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div></body>`,
  );
  await page.screenshot({ path: `${here}${name}.png`, omitBackground: false });
  await page.close();
}
await browser.close();

// Fails when a relative link in README.md or docs/*.md leads nowhere: a file that is missing, or
// a `#anchor` that no heading of the target file makes. Links to other sites (http:, https:,
// mailto:, …) are not followed: they are not ours to keep.
//
// Anchors are made as GitHub makes them from a heading's text: markup dropped, lowercase,
// punctuation removed, each space a `-`, and `-1`, `-2`, … after a repeated one.
//
//   node tests/tools/check-links.mjs            (from anywhere; `make check-links` runs it)
//
// Node 20, no dependencies.

import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The pages checked: the README and every Markdown file directly in docs/. */
function pages() {
  const docs = join(root, 'docs');
  const inDocs = existsSync(docs)
    ? readdirSync(docs).filter((f) => f.endsWith('.md')).sort().map((f) => join(docs, f))
    : [];
  return [join(root, 'README.md'), ...inDocs];
}

/** The file's lines with fenced code blocks blanked out (kept as empty lines, so that line
 * numbers stay true), and unless `keepCode`, inline code spans removed from the rest. */
function prose(text, keepCode = false) {
  let fence = null;
  return text.split('\n').map((line) => {
    const opening = line.match(/^\s{0,3}(`{3,}|~{3,})/);
    if (fence) {
      if (opening && opening[1][0] === fence[0] && opening[1].length >= fence.length
        && line.trim() === opening[1]) fence = null;
      return '';
    }
    if (opening) {
      fence = opening[1];
      return '';
    }
    return keepCode ? line : line.replace(/(`+)[^`]*?\1/g, '');
  });
}

/** A heading's anchor, as GitHub writes it (before any `-N` for repeats). */
export function slug(heading) {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link or image: its text
    .replace(/<[^>]+>/g, '') // inline HTML tags
    .replace(/`/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a Markdown file offers: its headings' slugs (repeats numbered) and any
 * `id="…"` or `name="…"` of its HTML. */
function anchors(file) {
  const found = new Set();
  const seen = new Map();
  const lines = prose(readFileSync(file, 'utf8'), true);
  const add = (text) => {
    const base = slug(text);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    found.add(n === 0 ? base : `${base}-${n}`);
  };
  lines.forEach((line, i) => {
    const atx = line.match(/^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/);
    if (atx) add(atx[1]);
    else if (i > 0 && lines[i - 1].trim() !== '' && /^\s{0,3}(=+|-+)\s*$/.test(line)
      && !/^\s*([-*+]|\d+\.)\s/.test(lines[i - 1]) && !lines[i - 1].includes('|')) {
      add(lines[i - 1].trim()); // a setext heading: the line above, underlined
    }
    for (const m of line.matchAll(/\s(?:id|name)="([^"]+)"/g)) found.add(m[1]);
  });
  return found;
}

/** The link targets on one line of prose: inline links and images, reference definitions,
 * and the `href` and `src` of inline HTML. */
function targets(line) {
  const out = [];
  // [text](target "title") and ![alt](target); the text may hold one level of brackets.
  for (const m of line.matchAll(/!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)) {
    out.push(m[1]);
  }
  const definition = line.match(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$/);
  if (definition) out.push(definition[1]);
  for (const m of line.matchAll(/\s(?:href|src)="([^"]*)"/g)) out.push(m[1]);
  return out;
}

/** Why `target`, linked from `file`, leads nowhere; `null` when it leads somewhere. */
function problem(file, target, cache) {
  if (target === '' || /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return null;
  const hash = target.indexOf('#');
  const path = decodeURIComponent((hash < 0 ? target : target.slice(0, hash)).replace(/\?.*$/, ''));
  const anchor = hash < 0 ? null : decodeURIComponent(target.slice(hash + 1));
  const dest = path === '' ? file : resolve(dirname(file), path);
  if (!existsSync(dest)) return `${relative(root, dest)} does not exist`;
  if (anchor === null || anchor === '') return null;
  if (statSync(dest).isDirectory() || !dest.endsWith('.md')) {
    return `#${anchor}: only a Markdown file's headings are checked, and ${relative(root, dest)} is not one`;
  }
  if (!cache.has(dest)) cache.set(dest, anchors(dest));
  return cache.get(dest).has(anchor) ? null : `no heading of ${relative(root, dest)} makes #${anchor}`;
}

function main() {
  const cache = new Map();
  const broken = [];
  let checked = 0;
  const files = pages();
  for (const file of files) {
    if (!existsSync(file)) {
      broken.push(`${relative(root, file)}: missing`);
      continue;
    }
    prose(readFileSync(file, 'utf8')).forEach((line, i) => {
      for (const target of targets(line)) {
        checked += 1;
        const why = problem(file, target, cache);
        if (why) broken.push(`${relative(root, file)}:${i + 1}: (${target}) ${why}`);
      }
    });
  }
  if (broken.length > 0) {
    console.error(`${broken.length} broken link${broken.length === 1 ? '' : 's'}:`);
    for (const b of broken) console.error(`  ${b}`);
    process.exit(1);
  }
  console.log(`check-links: ${checked} links in ${files.length} files, each leads somewhere`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../helpers/built-package.js';

/**
 * README.md ships in the package, where a relative link resolves against the package's own files: each relative
 * link or image must point at a file the package holds (`files` in package.json, plus what npm always packs), or
 * be absolute. A link into the repository alone (a test's notes, a screenshot) is broken for every reader of the
 * installed package.
 */

/** Relative targets of Markdown links and images, and of HTML `src`/`href`, with their README lines. */
function relativeTargets(markdown: string): { line: number; target: string }[] {
  const found: { line: number; target: string }[] = [];
  const patterns = [/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g, /\b(?:src|href)="([^"]+)"/g];
  markdown.split('\n').forEach((text, index) => {
    for (const pattern of patterns) {
      for (const [, raw = ''] of text.matchAll(pattern)) {
        if (/^(?:[a-z][a-z0-9+.-]*:|#|\/\/)/i.test(raw)) continue; // absolute, or an anchor of the page itself
        found.push({ line: index + 1, target: raw.replace(/[#?].*$/, '').replace(/^\.\//, '') });
      }
    }
  });
  return found;
}

/** Whether npm packs `path` given the `files` entries (folders, files, and `*` within one path segment). */
function isPacked(path: string, files: readonly string[]): boolean {
  // npm packs these whatever `files` says.
  if (/^(?:package\.json|README(?:\.md)?|LICEN[CS]E(?:\.\w+)?)$/i.test(path)) return true;
  return files.some((entry) => {
    const clean = entry.replace(/^\.\//, '').replace(/\/$/, '');
    const pattern = new RegExp(`^${clean.split('*').map(escapeRegExp).join('[^/]*')}(?:/.*)?$`);
    return pattern.test(path);
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
}

const readme = readFileSync(join(root, 'README.md'), 'utf8');
const files = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { files: string[] }).files;

describe("the packed README's links", () => {
  it('finds the relative links and images (the check sees them)', () => {
    const targets = relativeTargets(readme).map((link) => link.target);
    expect(targets).toContain('CHANGELOG.md');
    expect(targets.length).toBeGreaterThanOrEqual(1);
  });

  it('point at files the package holds, which exist', () => {
    const broken = relativeTargets(readme)
      .filter(({ target }) => !isPacked(target, files) || !existsSync(join(root, target)))
      .map(({ line, target }) => `README.md:${line} ${target}`);
    expect(broken).toEqual([]);
  });

  it('tells a packed file from one left in the repository (the check can fail)', () => {
    const shape = ['dist', 'CHANGELOG.md', 'demo/docs/*.png'];
    expect(isPacked('dist/index.js', shape)).toBe(true);
    expect(isPacked('CHANGELOG.md', shape)).toBe(true);
    expect(isPacked('demo/docs/screenshot.png', shape)).toBe(true);
    expect(isPacked('README.md', shape)).toBe(true);
    expect(isPacked('demo/docs/notes.md', shape)).toBe(false);
    expect(isPacked('test/reliability/README.md', shape)).toBe(false);
    expect(isPacked('distant/file.js', shape)).toBe(false);
    const links = relativeTargets('[a](test/x.md) ![b](https://e.org/p.png) [c](#anchor) <img src="d.png">');
    expect(links.map((link) => link.target)).toEqual(['test/x.md', 'd.png']);
  });
});

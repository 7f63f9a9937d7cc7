import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const MARKER = '<!-- snippet: ssr-app -->';

/**
 * The README's server-render example app (the ```ts block after `<!-- snippet: ssr-app -->`), written as a module
 * of its own whose `catalogue-sync` imports point at the sources, so a test renders the README's code itself and
 * the example cannot drift from what is tested. Returns the module's path (under the ignored `.tmp-<name>/`).
 */
export function readmeSsrApp(name: string): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const at = readme.indexOf(MARKER);
  if (at < 0) throw new Error(`README.md has no ${MARKER} block`);
  const block = /```ts\n([\s\S]*?)\n```/.exec(readme.slice(at));
  if (!block?.[1]) throw new Error(`README.md: no \`\`\`ts block after ${MARKER}`);
  const dir = join(ROOT, `.tmp-${name}`);
  mkdirSync(dir, { recursive: true });
  const source = (path: string) => relative(dir, join(ROOT, path)).split('\\').join('/');
  const code = block[1]
    .replaceAll("from 'catalogue-sync/react'", `from '${source('src/react/index.js')}'`)
    .replaceAll("from 'catalogue-sync'", `from '${source('src/index.js')}'`);
  const file = join(dir, 'app.ts');
  writeFileSync(file, code);
  return file;
}

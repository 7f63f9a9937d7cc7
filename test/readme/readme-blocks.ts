/**
 * The ```ts blocks of README.md, as the snippet check and the worker recipe's browser test read them. The line
 * before a block may say what it is:
 *
 * - `<!-- snippet: worker -->`: service-worker code (the WebWorker lib, no DOM);
 * - `<!-- snippet: module catalogue-options.ts -->`: a module other blocks import by that name
 *   (`./catalogue-options.js`), the same file for the page's blocks and the worker's, so it is checked with both
 *   libs (it may use neither `window` nor worker globals);
 * - nothing: page code (the DOM lib).
 */

export interface Snippet {
  /** README line of the block's first code line. */
  line: number;
  code: string;
  project: 'page' | 'worker' | 'module';
  /** The file name of a `module` block, e.g. `catalogue-options.ts`. */
  module?: string;
}

const WORKER = /^<!-- snippet: worker -->$/;
const MODULE = /^<!-- snippet: module ([\w.-]+\.ts) -->$/;

/** The ```ts blocks of a Markdown text, each with the line its code starts on. */
export function extractSnippets(markdown: string): Snippet[] {
  const lines = markdown.split('\n');
  const snippets: Snippet[] = [];
  for (let index = 0; index < lines.length; index++) {
    const fence = /^(\s*)(`{3,})(\S*)/.exec(lines[index] ?? '');
    if (!fence) continue;
    const [, indent = '', ticks = '', lang] = fence;
    const end = lines.findIndex((text, at) => at > index && text.trimEnd() === `${indent}${ticks}`);
    if (end === -1) throw new Error(`README.md:${index + 1}: a code block is never closed`);
    if (lang === 'ts' || lang === 'typescript') {
      const body = lines
        .slice(index + 1, end)
        .map((text) => (text.startsWith(indent) ? text.slice(indent.length) : text));
      const marker = lines
        .slice(0, index)
        .findLast((text) => text.trim() !== '')
        ?.trim();
      const module = marker === undefined ? undefined : MODULE.exec(marker)?.[1];
      const code = body.join('\n');
      if (module !== undefined) snippets.push({ line: index + 2, code, project: 'module', module });
      else snippets.push({ line: index + 2, code, project: marker && WORKER.test(marker) ? 'worker' : 'page' });
    }
    index = end;
  }
  return snippets;
}

/** The one block of the README marked as `<!-- snippet: module <name> -->`, or the first block holding `text`. */
export function findSnippet(snippets: readonly Snippet[], which: { module: string } | { includes: string }): Snippet {
  const found = snippets.find((block) =>
    'module' in which ? block.module === which.module : block.code.includes(which.includes),
  );
  if (!found) throw new Error(`README.md has no block ${JSON.stringify(which)}`);
  return found;
}

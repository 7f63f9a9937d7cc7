import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  API_REPORT,
  catalogueMembers,
  END,
  membersTable,
  README,
  START,
  usedInBlocks,
  withMembersTable,
} from './catalogue-members-table.js';

const readme = readFileSync(README, 'utf8');
const report = readFileSync(API_REPORT, 'utf8');

describe("the README's table of Catalogue's members", () => {
  it('is the one the API report draws (run `npm run readme:members` after changing Catalogue)', () => {
    const block = readme.slice(readme.indexOf(START), readme.indexOf(END) + END.length);
    expect(block).toBe(membersTable(report, readme));
  });

  it("lists every member of the report's Catalogue once, multi-line declarations included", () => {
    const members = catalogueMembers(report);
    expect(members.length).toBeGreaterThan(20);
    const table = membersTable(report, readme);
    for (const { name } of members) expect(table.split(`| \`${name}\` |`), name).toHaveLength(2);
    expect(members.find((member) => member.name === 'clear')?.signature).toBe(
      'clear(options?: { userData?: boolean; }): Promise<void>',
    );
    expect(members.map((member) => member.name)).toEqual(expect.arrayContaining(['sync', 'read', 'view', 'outbox']));
  });

  it('the check can fail: a member added to the report, or missing markers, is told apart', () => {
    const grown = report.replace(
      'export interface Catalogue extends OperationViews {',
      'export interface Catalogue extends OperationViews {\n    newMember(): void;',
    );
    const block = readme.slice(readme.indexOf(START), readme.indexOf(END) + END.length);
    expect(membersTable(grown, readme)).not.toBe(block);
    expect(membersTable(grown, readme)).toContain('| `newMember` | `newMember(): void` |');
    expect(() => withMembersTable('# a README without the markers', report)).toThrow(/markers are missing/);
  });

  it('marks a member used by a type-checked block, and only those', () => {
    expect(usedInBlocks(readme, 'sync')).toBe(true);
    expect(usedInBlocks('```ts\nawait catalogue.onIdle();\n```', 'onIdle')).toBe(true);
    // In prose or a non-TypeScript block it is not checked, so it does not count.
    expect(usedInBlocks('`catalogue.onIdle()`\n```js\ncatalogue.onIdle();\n```', 'onIdle')).toBe(false);
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { calls } from '../../src/api/calls.js';
import { END, operationsTable, README, START, withTable } from './operations-table.js';

const readme = readFileSync(README, 'utf8');

describe('the README’s operations table', () => {
  it('is the one the registry draws (run `npm run readme:operations` after adding an operation)', () => {
    const block = readme.slice(readme.indexOf(START), readme.indexOf(END) + END.length);
    expect(block).toBe(operationsTable());
  });

  it('names every operation of the registry once, and says how many there are', () => {
    const table = operationsTable();
    const names = Object.keys(calls);
    for (const name of names) expect(table.split(`| \`${name}\` |`)).toHaveLength(2);
    expect(table).toContain(`${names.length} operations: the specification's 19`);
  });

  it('the check can fail: a README whose table lacks a row, or has no markers, is told apart', () => {
    const drifted = withTable(readme).replace(/\n\| `removeListItem` \|[^\n]*/, '');
    const block = drifted.slice(drifted.indexOf(START), drifted.indexOf(END) + END.length);
    expect(block).not.toBe(operationsTable());
    expect(() => withTable('# a README without the markers')).toThrow(/markers are missing/);
  });

  it('no other sentence of the README counts the operations', () => {
    expect(readme.match(/\b\d+ operations\b/g)).toEqual([`${Object.keys(calls).length} operations`]);
  });
});

import type { SourcedChunk } from '@forage/contracts';
import { anEvidenceRef } from '@forage/testing';
import { rankItems, rankValue } from './listing-items.js';
import { tableItems } from './table-items.js';

const chunk = (xpath: string, text: string): SourcedChunk => ({
  chunkId: xpath,
  url: 'http://127.0.0.1:9000/wiki/Lakes_by_depth',
  title: 'Lakes by depth',
  xpath,
  text,
  headingPath: ['Lakes by depth'],
  domSnapshot: anEvidenceRef(),
  logRecordId: '3c7a4a2e-0000-4000-8000-000000000001',
});

const TABLE = '/html[1]/body[1]/main[1]/table[1]/tbody[1]';
const rows = [
  ['Orvel', '412', '88.5'],
  ['Tasmer', '1,046', '31.2'],
  ['Ninla', '97', '140.0'],
  ['Quorra', '655', '12.9'],
].map(([lake, depth, area], i) =>
  chunk(
    `${TABLE}/tr[${String(i + 1)}]`,
    `Lake: ${lake ?? ''}; Max depth (m): ${depth ?? ''}; Area (km²): ${area ?? ''}`,
  ),
);

describe('a data table read as items', () => {
  it('names each row by the column naming the noun and keeps each number under its header', () => {
    const items = tableItems(rows, 'lakes');
    expect(items.map((i) => i.name)).toEqual(['Orvel', 'Tasmer', 'Ninla', 'Quorra']);
    expect(rankValue(items[1]!, 'depth')).toBe(1046);
    expect(rankValue(items[2]!, 'area')).toBe(140);
  });

  it('ranks by a column the question names', () => {
    const items = tableItems(rows, 'lakes');
    const spec = { noun: 'lakes', features: [], rank: { by: 'depth', order: 'desc' as const }, limit: 2 };
    expect(rankItems(items, spec).map((i) => i.name)).toEqual(['Tasmer', 'Quorra']);
  });

  it('takes the first column of distinct words as the name when the headings name the noun', () => {
    const titled = rows.map((r) => ({
      ...r,
      headingPath: ['Deepest waters'],
      title: 'List of waters by depth',
    }));
    expect(tableItems(titled, 'waters').map((i) => i.name)).toEqual(['Orvel', 'Tasmer', 'Ninla', 'Quorra']);
  });

  it('reads no members of another noun from a table neither its headers nor its headings name', () => {
    // a page's table of towns is no list of the countries asked for
    expect(tableItems(rows, 'countries')).toEqual([]);
  });

  it('reads nothing from one thing’s facts (rows with different labels) or from two rows', () => {
    const infobox = [
      chunk(`${TABLE}/tr[1]`, 'Capital: Orvel; Population: 412,000'),
      chunk(`${TABLE}/tr[2]`, 'Currency: Orvel mark; Area: 88 km²'),
      chunk(`${TABLE}/tr[3]`, 'Founded: 1204; Anthem: Lakes'),
    ];
    expect(tableItems(infobox, 'lakes')).toEqual([]);
    expect(tableItems(rows.slice(0, 2), 'lakes')).toEqual([]);
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SETTINGS, SETTING_KEYS } from './catalog.js';
import { settingsTable, withSettingsTable } from './readme-table.js';

const readmePath = join(import.meta.dirname, '..', '..', '..', '..', 'README.md');

describe('the README settings table', () => {
  it('is the table generated from the settings catalog (run npm run docs:settings after a change)', () => {
    const readme = readFileSync(readmePath, 'utf8');
    expect(withSettingsTable(readme)).toBe(readme);
  });

  it('has one row per setting with its variable, default and secret flag', () => {
    const table = settingsTable();
    for (const key of SETTING_KEYS) expect(table).toContain(`\`${SETTINGS[key].env}\``);
    expect(table).toMatch(/`llmApiKey` \| `FORAGE_LLM_API_KEY` \| string, secret \| — \|/);
    expect(table).toMatch(/`gatewayPort` \| `FORAGE_PORT`<br>`--port` \| integer \| `7700` \|/);
  });

  it('refuses a README without the markers rather than appending a second table', () => {
    expect(() => withSettingsTable('# no markers')).toThrow(/markers are missing/);
  });
});

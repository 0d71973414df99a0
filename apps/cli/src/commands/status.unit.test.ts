import { jest } from '@jest/globals';
import { tempDir } from '@forage/testing';
import { status } from './status.js';

describe('forage status --json', () => {
  const dir = tempDir('forage-status-cli-');
  afterAll(() => {
    dir.remove();
  });

  it('says as JSON that no stack runs in the data directory, and exits 1', async () => {
    const lines: string[] = [];
    const log = jest.spyOn(console, 'log').mockImplementation((line: unknown) => {
      lines.push(String(line));
    });
    try {
      expect(await status(dir.path, { json: true })).toBe(1);
    } finally {
      log.mockRestore();
    }
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '')).toEqual({ running: false, starting: false, dataDir: dir.path });
  });
});

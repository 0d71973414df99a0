import { jest } from '@jest/globals';
import { tempDir } from '@forage/testing';
import { formatStatusTable, status } from './status.js';

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

describe('formatStatusTable', () => {
  it('says which sources search reads from, as its health reports them', () => {
    const table = formatStatusTable([
      {
        service: 'search',
        replica: 0,
        pid: 1,
        opsPort: 7803,
        restarts: 0,
        health: {
          ok: true,
          detail:
            'nats: 127.0.0.1:4222 rtt 1.0 ms, index: your index 4 documents; sandbox 57 pages not searched: your index has 4 documents',
        },
      },
    ]);
    expect(table.split('\n').at(-1)).toBe(
      '  sources: your index 4 documents; sandbox 57 pages not searched: your index has 4 documents',
    );
  });
});

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '@forage/testing';
import { readSchemaFile, SchemaFileError, extractUrlsWithSchema } from './extract-schema.js';
import { EX_DATAERR } from './exit-codes.js';

describe('forage extract --schema', () => {
  const dir = tempDir('forage-extract-schema-');
  afterAll(() => {
    dir.remove();
  });
  const file = (name: string, text: string): string => {
    const path = join(dir.path, name);
    writeFileSync(path, text);
    return path;
  };

  it('reads a schema file within the subset and limits', async () => {
    const path = file(
      'ok.json',
      JSON.stringify({ type: 'object', properties: { price: { type: 'number' } } }),
    );
    await expect(readSchemaFile(path)).resolves.toEqual({
      type: 'object',
      properties: { price: { type: 'number' } },
    });
  });

  it('refuses a file that is not JSON, or a schema over the size limit, naming why', async () => {
    await expect(readSchemaFile(file('bad.json', '{ not json'))).rejects.toBeInstanceOf(SchemaFileError);
    const properties = Object.fromEntries(
      [...Array(250).keys()].map((i) => [`f${String(i)}`, { type: 'string' }]),
    );
    await expect(
      readSchemaFile(file('big.json', JSON.stringify({ type: 'object', properties }))),
    ).rejects.toThrow(/schema_too_large: the schema declares 251 fields; at most 200 are read/);
  });

  it('stops before any request with a bad schema file (exit 65)', async () => {
    const warnings: string[] = [];
    const code = await extractUrlsWithSchema({
      urls: ['http://127.0.0.1:9/page'],
      schemaFile: file('array.json', JSON.stringify({ type: 'array', items: { type: 'string' } })),
      gatewayUrl: 'http://127.0.0.1:9',
      write: () => undefined,
      warn: (line) => warnings.push(line),
      progress: { tick: () => undefined, finish: () => undefined },
    });
    expect(code).toBe(EX_DATAERR);
    expect(warnings).toEqual([
      expect.stringMatching(/the schema must be an object with properties/) as unknown,
    ]);
  });
});

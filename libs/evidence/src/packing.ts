import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { EvidenceTamperedError, type EvidenceCodec } from './crypto.js';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** Smaller blobs are stored as they are: compressing them saves nothing worth the time. */
const MIN_COMPRESS_BYTES = 512;

/**
 * Compresses before encryption (ciphertext does not compress): DOM snapshots shrink several
 * times; already-compressed artefacts (PNG screenshots) are kept raw when gzip does not help.
 */
export async function pack(data: Uint8Array): Promise<{ packed: Uint8Array; codec: EvidenceCodec }> {
  if (data.length < MIN_COMPRESS_BYTES) return { packed: data, codec: 'raw' };
  const compressed = await gzipAsync(data, { level: 6 });
  return compressed.length < data.length * 0.95
    ? { packed: compressed, codec: 'gzip' }
    : { packed: data, codec: 'raw' };
}

export async function unpack(
  input: { packed: Buffer; codec: EvidenceCodec },
  sha256: string,
): Promise<Buffer> {
  if (input.codec === 'raw') return input.packed;
  try {
    return await gunzipAsync(input.packed);
  } catch (err) {
    throw new EvidenceTamperedError(`evidence ${sha256} does not decompress`, { cause: err });
  }
}

import { statSync } from 'node:fs';
import { readApiKeyFile, verifyApiKey, type ApiKeyRecord } from '@forage/config';

/**
 * The gateway's view of the API key file written by `forage keys`: re-read when the file changes,
 * so a created or revoked key takes effect on the next request without a restart.
 */
export class ApiKeyStore {
  private keys: readonly ApiKeyRecord[] = [];
  private seen: number | undefined;

  constructor(private readonly path: string | undefined) {}

  /** The record of a presented key, or undefined when it is unknown, revoked or wrong. */
  verify(token: string): ApiKeyRecord | undefined {
    return verifyApiKey(token, this.current());
  }

  /** How many keys can be used now. */
  get active(): number {
    return this.current().filter((k) => !k.revokedAt).length;
  }

  private current(): readonly ApiKeyRecord[] {
    if (!this.path) return [];
    let mtime: number;
    try {
      mtime = statSync(this.path).mtimeMs;
    } catch {
      this.keys = [];
      this.seen = undefined;
      return this.keys;
    }
    if (mtime !== this.seen) {
      // a file that does not parse keeps the keys read before (the gateway never opens up on a bad edit)
      try {
        this.keys = readApiKeyFile(this.path).keys;
        this.seen = mtime;
      } catch {
        this.seen = undefined;
      }
    }
    return this.keys;
  }
}

import { ForageError } from '@forage/messaging';

/** The evidence store holds no artefact under the requested sha256 (expired, or never stored). */
export class SnapshotNotFoundError extends ForageError {
  override readonly name = 'SnapshotNotFoundError';
  readonly code = 'not_found';
  readonly retryable = false;
}

/** The stored artefact failed authentication or does not match its hash; reading it again changes nothing. */
export class SnapshotTamperedError extends ForageError {
  override readonly name = 'SnapshotTamperedError';
  readonly code = 'conflict';
  readonly retryable = false;
}

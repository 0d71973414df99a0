/** No secret under this handle for this run (never told apart from a handle another run owns). */
export class TaskSecretNotFoundError extends Error {
  override readonly name: string = 'TaskSecretNotFoundError';
}

/** The secret existed for this run but its expiry has passed. */
export class TaskSecretExpiredError extends TaskSecretNotFoundError {
  override readonly name = 'TaskSecretExpiredError';
}

/** The task-memory bucket could not be read or written. */
export class TaskSecretStoreUnavailableError extends Error {
  override readonly name = 'TaskSecretStoreUnavailableError';
}

/** A put with a run id, handle, value or lifetime the contract does not allow (never quotes the value). */
export class InvalidTaskSecretError extends Error {
  override readonly name = 'InvalidTaskSecretError';
}

import { HttpException } from '@nestjs/common';
import { ForageError } from '@forage/messaging';
import { httpError } from './http-errors.js';
import { httpStatusOf } from './mcp-bus-port.js';

/** A call of an adapter, with Forage's typed failures as the HTTP errors of the same code. */
export async function relay<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof HttpException) throw err;
    if (err instanceof ForageError)
      throw httpError({
        status: httpStatusOf(err.code),
        code: err.code,
        message: err.message,
        ...(err.issues ? { issues: err.issues } : {}),
      });
    throw err;
  }
}

import { Catch, type RpcExceptionFilter } from '@nestjs/common';
import { throwError, type Observable } from 'rxjs';

/**
 * Nest's default RPC filter turns every unknown error into "Internal server error"; this one hands
 * the original error to ForageTransport, which maps named errors to typed replies.
 */
@Catch()
export class ForwardErrorsFilter implements RpcExceptionFilter<unknown> {
  catch(exception: unknown): Observable<never> {
    return throwError(() => exception);
  }
}

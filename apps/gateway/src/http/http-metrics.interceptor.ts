import {
  Inject,
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { HandlerMetrics } from '@forage/observability';
import { tap, type Observable } from 'rxjs';

/** Times every HTTP route into the same handler metrics the message handlers use. */
@Injectable()
export class HttpMetricsInterceptor implements NestInterceptor {
  constructor(@Inject(HandlerMetrics) private readonly metrics: HandlerMetrics) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const started = performance.now();
    const req = context.switchToHttp().getRequest<{ method: string; route?: { path?: string } }>();
    const subject = `http ${req.method} ${req.route?.path ?? 'unknown'}`;
    const observe = (outcome: 'success' | 'invalid' | 'error'): void => {
      this.metrics.observe(subject, outcome, (performance.now() - started) / 1000);
    };
    return next.handle().pipe(
      tap({
        next: () => {
          observe('success');
        },
        error: (err: unknown) => {
          observe(isClientError(err) ? 'invalid' : 'error');
        },
      }),
    );
  }
}

function isClientError(err: unknown): boolean {
  const status = (err as { getStatus?: () => number }).getStatus?.();
  return status !== undefined && status >= 400 && status < 500;
}

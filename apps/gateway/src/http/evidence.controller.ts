import type { IncomingMessage, ServerResponse } from 'node:http';
import { Controller, Get, Inject, Param, Query, Req, Res, UseInterceptors } from '@nestjs/common';
import { runIdSchema, sha256Schema } from '@forage/contracts';
import { EvidenceNotFoundError } from '@forage/evidence';
import { EvidenceReader } from '../adapters/evidence-reader.js';
import { HttpMetricsInterceptor } from './http-metrics.interceptor.js';
import { RunAccess } from './run-access.js';
import { invalidRequest, messageOf, notFound, unavailable } from './http-errors.js';

/**
 * A stored DOM snapshot is a page from the web: served as an inert document (no scripts, no
 * requests, its own opaque origin) so opening it cannot act on the gateway's origin.
 */
const SNAPSHOT_POLICY = "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'";

@Controller('v1/evidence')
@UseInterceptors(HttpMetricsInterceptor)
export class EvidenceController {
  constructor(
    @Inject(EvidenceReader) private readonly evidence: EvidenceReader,
    @Inject(RunAccess) private readonly access: RunAccess,
  ) {}

  /**
   * One artefact of a run the caller may see (`?run=<runId>`), with its content type: DOM
   * snapshots as text/html, screenshots as image/png. Evidence of other runs is not found.
   */
  @Get(':sha256')
  async get(
    @Param('sha256') sha256: string,
    @Query('run') run: unknown,
    @Req() req: IncomingMessage,
    @Res() res: ServerResponse,
  ): Promise<void> {
    if (!sha256Schema.safeParse(sha256).success) throw notFound(`no evidence ${sha256}`);
    const runId = runIdSchema.safeParse(run);
    if (!runId.success) throw invalidRequest('`run` (the run the evidence belongs to) is required');
    await this.access.assertEvidenceVisible(runId.data, req);
    let bytes: Buffer;
    let contentType: string;
    try {
      const ref = await this.evidence.refOf({ runId: runId.data, sha256 });
      if (!ref) throw notFound(`run ${runId.data} has no evidence ${sha256}`);
      bytes = await this.evidence.read(ref);
      contentType = ref.kind === 'screenshot' ? 'image/png' : ref.contentType || 'application/octet-stream';
      if (ref.kind !== 'screenshot' && !/charset/i.test(contentType)) contentType += '; charset=utf-8';
    } catch (err) {
      if (err instanceof Error && 'getStatus' in err) throw err;
      if (err instanceof EvidenceNotFoundError) throw notFound(`evidence ${sha256} is no longer stored`);
      throw unavailable(`evidence could not be read: ${messageOf(err)}`);
    }
    res.writeHead(200, {
      'content-type': contentType,
      'content-length': String(bytes.length),
      'cache-control': 'private, max-age=3600, immutable',
      etag: `"${sha256}"`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': SNAPSHOT_POLICY,
    });
    res.end(req.method === 'HEAD' ? undefined : bytes);
  }
}

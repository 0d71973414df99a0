import type { ServerResponse } from 'node:http';
import { Controller, Get, Param, Res } from '@nestjs/common';
import { UI_PAGE, UI_STYLE } from '../ui/page.js';
import { SCRIPT_CORE } from '../ui/script-core.js';
import { SCRIPT_RUN } from '../ui/script-run.js';
import { notFound } from './http-errors.js';

/**
 * Scripts only from this origin; evidence images as blob: URLs; the DOM snapshot is shown in a
 * sandboxed frame (no scripts) that inherits this policy, so nothing in it loads from elsewhere.
 */
const PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "frame-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

const ASSETS: Record<string, { type: string; body: string }> = {
  'app.js': { type: 'text/javascript; charset=utf-8', body: SCRIPT_CORE + SCRIPT_RUN },
  'app.css': { type: 'text/css; charset=utf-8', body: UI_STYLE },
};

@Controller()
export class UiController {
  @Get()
  page(@Res() res: ServerResponse): void {
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': PAGE_POLICY,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-cache',
    });
    res.end(UI_PAGE);
  }

  @Get('ui/:asset')
  asset(@Param('asset') name: string, @Res() res: ServerResponse): void {
    const asset = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
    if (!asset) throw notFound(`no asset ${name}`);
    res.writeHead(200, {
      'content-type': asset.type,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-cache',
    });
    res.end(asset.body);
  }
}

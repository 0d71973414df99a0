import type { ServerResponse } from 'node:http';
import { Controller, Get, Res } from '@nestjs/common';
import { UI_PAGE } from './ui-page.js';

@Controller()
export class UiController {
  @Get()
  page(@Res() res: ServerResponse): void {
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy':
        "default-src 'self'; script-src 'unsafe-inline' 'self'; style-src 'unsafe-inline'",
    });
    res.end(UI_PAGE);
  }
}

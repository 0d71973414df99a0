import { Controller, Get, Header } from '@nestjs/common';
import { openApiDocument } from '../core/openapi.js';

@Controller('v1')
export class OpenApiController {
  private readonly document = openApiDocument({ version: '1' });

  @Get('openapi.json')
  @Header('cache-control', 'no-cache')
  get(): Record<string, unknown> {
    return this.document;
  }
}

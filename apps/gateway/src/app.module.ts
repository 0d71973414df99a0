import { Module, type DynamicModule } from '@nestjs/common';
import type { GatewayConfig } from './config.js';
import { GATEWAY_CONFIG } from './tokens.js';
import { RunBoard } from './core/run-board.js';
import { RunFeed } from './adapters/run-feed.js';
import { RunsController } from './http/runs.controller.js';
import { RunEventsController } from './http/run-events.controller.js';
import { RunLogController } from './http/run-log.controller.js';
import { EvidenceController } from './http/evidence.controller.js';
import { OpenApiController } from './http/openapi.controller.js';
import { RunAccess } from './http/run-access.js';
import { RunHistory } from './adapters/run-history.js';
import { EvidenceReader } from './adapters/evidence-reader.js';
import { SchemaExtractor } from './adapters/schema-extractor.js';
import { UiController } from './http/ui.controller.js';
import { HttpMetricsInterceptor } from './http/http-metrics.interceptor.js';
import { McpController } from './http/mcp.controller.js';
import { BusForagePort } from './http/mcp-bus-port.js';
import { SearchController } from './http/search.controller.js';
import { ExtractController } from './http/extract.controller.js';
import { SessionsController } from './http/sessions.controller.js';
import { AgentSessions } from './adapters/agent-sessions.js';
import { ProfilesController } from './http/profiles.controller.js';
import { ProfileDirectory } from './adapters/profile-directory.js';
import { CrawlsController } from './http/crawls.controller.js';
import { CrawlStore } from './adapters/crawl-store.js';
import { SiteCrawls } from './adapters/site-crawls.js';

@Module({})
export class GatewayModule {
  static register(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayModule,
      controllers: [
        RunsController,
        RunEventsController,
        RunLogController,
        EvidenceController,
        OpenApiController,
        UiController,
        McpController,
        SearchController,
        ExtractController,
        SessionsController,
        ProfilesController,
        CrawlsController,
      ],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: RunBoard, useValue: new RunBoard(config.GATEWAY_MAX_RUNS) },
        RunFeed,
        RunHistory,
        RunAccess,
        EvidenceReader,
        SchemaExtractor,
        HttpMetricsInterceptor,
        BusForagePort,
        AgentSessions,
        ProfileDirectory,
        CrawlStore,
        SiteCrawls,
      ],
    };
  }
}

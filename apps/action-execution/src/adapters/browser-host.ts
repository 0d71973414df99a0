import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, ChromiumNotFoundError, findChromium } from '@forage/browser';
import { LOGGER, UpstreamError } from '@forage/messaging';
import type { Logger } from '@forage/observability';
import type { ActionExecutionConfig } from '../config.js';
import { ACTION_CONFIG } from '../tokens.js';
import { EgressGuard } from './egress-guard.js';

/** One Chromium for the service: launched on first use, relaunched if it dies, closed on shutdown. */
@Injectable()
export class BrowserHost implements OnApplicationShutdown {
  private browser: Browser | undefined;
  private launching: Promise<Browser> | undefined;
  private closed = false;

  constructor(
    @Inject(ACTION_CONFIG) private readonly config: Pick<ActionExecutionConfig, 'CHROMIUM_PATH'>,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(EgressGuard) private readonly egress: EgressGuard,
  ) {}

  /** The running browser, launching it if there is none (or the last one disconnected). */
  async current(): Promise<Browser> {
    if (this.closed) throw new UpstreamError('the browser is shut down');
    if (this.browser?.isConnected()) return this.browser;
    this.launching ??= this.launch().finally(() => {
      this.launching = undefined;
    });
    return this.launching;
  }

  health(): { ok: boolean; detail: string } {
    if (this.closed) return { ok: false, detail: 'shut down' };
    return {
      ok: true,
      detail: this.browser?.isConnected() ? 'running' : 'not launched (launches on first action)',
    };
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    const browser = (await this.launching?.catch(() => undefined)) ?? this.browser;
    this.browser = undefined;
    await browser?.close().catch((err: unknown) => {
      this.logger.warn({ err }, 'closing the browser failed');
    });
  }

  private async launch(): Promise<Browser> {
    let executablePath: string;
    try {
      executablePath = findChromium(this.config.CHROMIUM_PATH);
    } catch (err) {
      if (err instanceof ChromiumNotFoundError) throw new UpstreamError(err.message);
      throw err;
    }
    let browser: Browser;
    try {
      browser = await chromium.launch({
        executablePath,
        args: [...CHROMIUM_ARGS],
        // every request leaves through the egress proxy, checked on the address it connects to
        proxy: this.egress.playwrightProxy(),
        // the service stops the browser itself on SIGINT/SIGTERM (OnApplicationShutdown)
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      });
    } catch (err) {
      throw new UpstreamError(
        `Chromium did not start: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`,
        { cause: err },
      );
    }
    if (this.closed) {
      await browser.close();
      throw new UpstreamError('the browser is shut down');
    }
    browser.on('disconnected', () => {
      if (this.browser === browser) this.browser = undefined;
      if (!this.closed) this.logger.warn('browser disconnected; it is relaunched on the next action');
    });
    this.browser = browser;
    this.logger.info({ executablePath }, 'browser launched');
    return browser;
  }
}

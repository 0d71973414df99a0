/** The shapes the generators produce and the server serves. */
import type { SiteChrome } from './layout.js';
import type { World } from './world.js';

export const SITE_NAMES = ['wiki', 'hotels', 'shop'] as const;
export type SiteName = (typeof SITE_NAMES)[number];

export interface SandboxPage {
  readonly path: string;
  readonly contentType: string;
  readonly body: string;
  /** HTTP status; 200 when absent. */
  readonly status?: number;
  /** False keeps the page out of the sitemap (private pages, login walls). */
  readonly listed?: boolean;
}

/** What a dynamic route sees of an HTTP request. */
export interface SandboxRequest {
  readonly method: string;
  readonly url: URL;
  readonly contentType?: string;
  readonly body?: string;
}

/** A page computed per request (search results, form replies); pure given the request. */
export interface DynamicRoute {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly respond: (request: SandboxRequest) => SandboxPage;
}

export interface SiteContent {
  readonly name: SiteName;
  readonly title: string;
  /** Static pages by path (no query string); links between them are root-relative. */
  readonly pages: Map<string, SandboxPage>;
  readonly dynamicRoutes: readonly DynamicRoute[];
  /** Header, footer and colours, also used for error pages (404, 405, 413). */
  readonly chrome: SiteChrome;
}

export interface SandboxWeb {
  readonly seed: number;
  readonly world: World;
  readonly sites: readonly SiteContent[];
}

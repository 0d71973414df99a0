/** @forage/sandbox: a deterministic local web of realistic sites (wiki, hotels, shop) for demos and tests. */
export { DEFAULT_SEED, generateSandbox, siteOf } from './generate.js';
export {
  sandboxFacts,
  type CityFact,
  type CountryFact,
  type HotelFact,
  type ProductFact,
  type SandboxFact,
} from './facts.js';
export { renderRobots, renderSitemap } from './discovery.js';
export { startSandbox, type RunningSandbox, type SandboxOptions, type SandboxSite } from './server.js';
export { SITE_NAMES, type SandboxPage, type SandboxWeb, type SiteContent, type SiteName } from './types.js';
export type { World } from './world.js';

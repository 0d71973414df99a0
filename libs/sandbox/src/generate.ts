import { generateHotelSite } from './sites/hotels.js';
import { generateShop } from './sites/shop.js';
import { generateWiki } from './sites/wiki.js';
import type { SandboxWeb, SiteContent, SiteName } from './types.js';
import { generateWorld } from './world.js';

export const DEFAULT_SEED = 42;

/** Builds every site of the sandbox web. Pure: the same seed gives byte-identical pages. */
export function generateSandbox(options: { seed?: number } = {}): SandboxWeb {
  const seed = options.seed ?? DEFAULT_SEED;
  const world = generateWorld(seed);
  return {
    seed,
    world,
    sites: [
      generateWiki({ geography: world, seed }),
      generateHotelSite({ hotels: world.hotels }),
      generateShop({ products: world.products }),
    ],
  };
}

/** One site of the web by name. */
export function siteOf(web: SandboxWeb, name: SiteName): SiteContent {
  const site = web.sites.find((s) => s.name === name);
  if (!site) throw new Error(`sandbox has no site named ${name}`);
  return site;
}

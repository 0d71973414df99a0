import { describe, expect, it } from '@jest/globals';
import { generateSandbox } from './generate.js';
import type { SandboxWeb } from './types.js';

const web = generateSandbox();

function snapshot(sandbox: SandboxWeb): string {
  return JSON.stringify(sandbox.sites.map((s) => [s.name, s.title, [...s.pages.entries()]]));
}

function htmlPages(sandbox: SandboxWeb) {
  return sandbox.sites.flatMap((site) =>
    [...site.pages.values()]
      .filter((p) => p.contentType.startsWith('text/html'))
      .map((page) => ({ site: site.name, page })),
  );
}

describe('generateSandbox', () => {
  it('produces byte-identical sites for the same seed', () => {
    expect(snapshot(generateSandbox({ seed: 42 }))).toBe(snapshot(web));
  });

  it('uses seed 42 by default', () => {
    expect(web.seed).toBe(42);
  });

  it('produces different content for a different seed', () => {
    const other = generateSandbox({ seed: 7 });
    expect(snapshot(other)).not.toBe(snapshot(web));
    expect(other.world.countries.map((c) => c.name)).not.toEqual(web.world.countries.map((c) => c.name));
  });

  it('serves a wiki, a hotel site and a shop', () => {
    expect(web.sites.map((s) => [s.name, s.title])).toEqual([
      ['wiki', 'Sandpedia'],
      ['hotels', 'StayFinder'],
      ['shop', 'Gearloft'],
    ]);
  });

  it('invents 25 countries and 40 cities, each country with a capital among its cities', () => {
    expect(web.world.countries).toHaveLength(25);
    expect(web.world.cities).toHaveLength(40);
    for (const country of web.world.countries) {
      const capital = web.world.cities.find((c) => c.name === country.capital);
      expect(capital).toMatchObject({ country: country.name, isCapital: true });
      const ownCities = web.world.cities.filter((c) => c.country === country.name);
      expect(Math.max(...ownCities.map((c) => c.population))).toBe(capital?.population);
    }
  });

  it('gives every place a distinct name', () => {
    const names = [...web.world.countries, ...web.world.cities].map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('lists 60 hotels in 6 cities and 40 products in 4 categories', () => {
    expect(web.world.hotels).toHaveLength(60);
    expect(new Set(web.world.hotels.map((h) => h.city)).size).toBe(6);
    expect(web.world.products).toHaveLength(40);
    expect(new Set(web.world.products.map((p) => p.category)).size).toBe(4);
    expect(new Set(web.world.products.map((p) => p.sku)).size).toBe(40);
  });

  it('keeps every HTML page between 5 and 60 KB', () => {
    for (const { site, page } of htmlPages(web)) {
      const size = Buffer.byteLength(page.body);
      expect({ site, path: page.path, ok: size >= 5 * 1024 && size <= 60 * 1024 }).toEqual({
        site,
        path: page.path,
        ok: true,
      });
    }
  });

  it('gives every HTML page a title, a meta description, a language and UTF-8', () => {
    for (const { page } of htmlPages(web)) {
      expect(page.contentType).toBe('text/html; charset=utf-8');
      expect(page.body).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
      expect(page.body).toContain('<meta charset="utf-8">');
      expect(page.body).toMatch(/<title>[^<]+<\/title>/);
      expect(page.body).toMatch(/<meta name="description" content="[^"]+">/);
    }
  });

  it('wraps main content in boilerplate: cookie banner, navigation, sidebar and footer', () => {
    for (const { page } of htmlPages(web)) {
      for (const marker of [
        'class="cookie-banner"',
        '<nav class="main-nav"',
        '<main id="content">',
        '<aside class="sidebar"',
        '<footer class="site-footer">',
      ]) {
        expect(page.body).toContain(marker);
      }
    }
  });

  it('keys every page by its own path', () => {
    for (const site of web.sites) {
      for (const [path, page] of site.pages) expect(page.path).toBe(path);
    }
  });
});

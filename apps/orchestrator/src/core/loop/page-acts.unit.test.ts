import type { PageStructure } from '../explore/page-structure.js';
import { planHeuristically } from '../plan/heuristic-planner.js';
import { pageActsFor } from './visit.js';

const plan = planHeuristically({ question: 'What is the GDP per capita of Veldoria?' });
const url = 'https://guide.test/veldoria';
const consent = { xpath: '/html/body/div[2]/button[1]', name: 'Sounds good' };
const bare: PageStructure = { headings: [], links: [], disclosures: [], forms: [] };

describe('page acts under a banner or modal', () => {
  it('dismisses the overlay on its own when the page yielded nothing and offers nothing else', () => {
    const acts = pageActsFor({
      plan,
      structure: { ...bare, overlays: [consent] },
      url,
      stateKey: 's',
      yielded: false,
    });
    expect(acts).toEqual([
      {
        url,
        purpose: 'disclose',
        actions: [{ type: 'click', target: { xpath: consent.xpath } }],
        described: ['dismiss the overlay ("Sounds good")'],
        stateKey: 's',
      },
    ]);
  });

  it('leaves the overlay alone when the page already yielded (a banner over readable text costs no step)', () => {
    expect(
      pageActsFor({ plan, structure: { ...bare, overlays: [consent] }, url, stateKey: 's', yielded: true }),
    ).toEqual([]);
    expect(pageActsFor({ plan, structure: { ...bare, overlays: [consent] }, url, stateKey: 's' })).toEqual(
      [],
    );
  });

  it('dismisses it first inside another act, which then needs no act of its own', () => {
    const disclosure = { xpath: '/html/body/button', name: 'Show economic indicators' };
    const acts = pageActsFor({
      plan,
      structure: { ...bare, disclosures: [disclosure], overlays: [consent] },
      url,
      stateKey: 's',
      yielded: false,
    });
    expect(acts).toHaveLength(1);
    expect(acts[0]?.described).toEqual([
      'dismiss the overlay ("Sounds good")',
      'open "Show economic indicators"',
    ]);
  });
});

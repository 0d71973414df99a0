import { readPageStructure } from './page-structure.js';

const page = (overlay: string): string =>
  `<html><body>${overlay}<main><h1>Shop</h1><p>Tents and stoves.</p></main></body></html>`;

describe('banners and modals over a page', () => {
  it('finds a consent banner and prefers refusing to accepting', () => {
    const s = readPageStructure(
      page(
        '<div id="cookie-banner"><p>We use cookies.</p><button>Accept all</button><button>Reject all</button></div>',
      ),
      'http://shop.test/',
    );
    expect(s.overlays).toEqual([
      { xpath: expect.stringContaining('button[2]') as unknown, name: 'Reject all' },
    ]);
  });

  it('finds a modal by its semantics (role=dialog, aria-modal, open <dialog>) and its close control', () => {
    for (const modal of [
      '<div role="dialog"><p>Sign up for our newsletter!</p><button aria-label="Close">×</button></div>',
      '<section aria-modal="true"><p>Newsletter</p><button>Not now</button></section>',
      '<dialog open><p>Newsletter</p><button>Close</button></dialog>',
    ]) {
      const s = readPageStructure(page(modal), 'http://shop.test/');
      expect(s.overlays).toHaveLength(1);
    }
  });

  it('ignores a closed dialog, a hidden banner and a page without one', () => {
    for (const html of [
      page('<dialog><button>Close</button></dialog>'),
      page('<div class="consent" hidden><button>Accept</button></div>'),
      page(''),
    ])
      expect(readPageStructure(html, 'http://shop.test/').overlays).toEqual([]);
  });
});

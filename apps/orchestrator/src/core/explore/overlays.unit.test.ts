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

describe('a modal whose buttons say nothing Forage has a word for', () => {
  const dismissOf = (modal: string): string | undefined =>
    readPageStructure(page(modal), 'http://shop.test/').overlays?.[0]?.name;

  it('takes the control its markup says closes it (form method=dialog, command=close, data-dismiss)', () => {
    expect(
      dismissOf(
        '<dialog open><p>Offers</p><button>Tell me more</button><form method="dialog"><button>Sounds good</button></form></dialog>',
      ),
    ).toBe('Sounds good');
    expect(
      dismissOf(
        '<dialog open id="d"><button>Tell me more</button><button commandfor="d" command="close">Fine</button></dialog>',
      ),
    ).toBe('Fine');
    expect(
      dismissOf(
        '<div role="dialog"><button>Tell me more</button><button data-bs-dismiss="modal">Fine</button></div>',
      ),
    ).toBe('Fine');
  });

  it('takes its one action that does not open more of it, and leaves its preferences toggle out of the page', () => {
    const s = readPageStructure(
      page(
        '<div role="dialog" aria-modal="true"><p>We store data.</p><button>Sounds good</button><button aria-expanded="false" aria-controls="prefs">Let me choose</button><div id="prefs" hidden>…</div></div>',
      ),
      'http://shop.test/',
    );
    expect(s.overlays?.map((o) => o.name)).toEqual(['Sounds good']);
    expect(s.disclosures).toEqual([]);
  });

  it('guesses nothing between two plain buttons, and a page whose body is named for consent is no banner', () => {
    expect(
      dismissOf('<div role="dialog"><button>Sounds good</button><button>Maybe</button></div>'),
    ).toBeUndefined();
    const s = readPageStructure(
      '<html><body class="cookie-consent-given"><main><button aria-expanded="false">More</button></main></body></html>',
      'http://shop.test/',
    );
    expect(s.overlays).toEqual([]);
    expect(s.disclosures.map((d) => d.name)).toEqual(['More']);
  });
});

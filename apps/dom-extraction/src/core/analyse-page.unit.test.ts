import { analysePage } from './analyse-page.js';

const html = `<html lang="fr"><body><nav><a href="/a">A</a></nav><main><h1>Titre</h1>
<p>Un paragraphe assez long pour être le contenu principal de cette page de test.</p><a href="b#x">B</a></main></body></html>`;
const base = {
  html,
  status: 200,
  title: 'Titre',
  requestedUrl: 'http://site.test/x/',
  finalUrl: 'http://site.test/x/',
};

describe('analysePage', () => {
  it("returns the page's links and language only when asked", () => {
    const asked = analysePage({ ...base, links: true });
    expect(asked.links).toEqual(['http://site.test/a', 'http://site.test/x/b']);
    expect(asked.language).toBe('fr');
    const plain = analysePage(base);
    expect(plain.links).toBeUndefined();
    expect(plain.language).toBeUndefined();
    expect(plain.mainContent?.text).toMatch(/Un paragraphe/);
  });

  it('gives a wall no links to follow', () => {
    const wall = analysePage({ ...base, status: 403, links: true });
    expect(wall.outcome.kind).toBe('blocked');
    expect(wall.links).toBeUndefined();
  });
});

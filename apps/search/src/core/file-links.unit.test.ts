import { linkIndexedFiles } from './file-links.js';

describe('linkIndexedFiles', () => {
  const idBySource = new Map([
    ['/data/site/p01.html', 'aa11'],
    ['/data/site/p07.html', 'bb22'],
    ['/data/site/more info.html', 'cc33'],
    ['/data/about/team.html', 'dd44'],
  ]);
  const link = (html: string): string =>
    linkIndexedFiles({ html, source: '/data/site/p01.html', idBySource });

  it('points a relative link to another indexed file at its /files/<id> URL', () => {
    expect(link('<li><a href="p07.html">Film</a></li>')).toBe('<li><a href="/files/bb22">Film</a></li>');
    expect(link("<a class='x' href='./p07.html#cast'>Cast</a>")).toBe(
      "<a class='x' href='/files/bb22#cast'>Cast</a>",
    );
    expect(link('<a href="../about/team.html">Team</a>')).toBe('<a href="/files/dd44">Team</a>');
    expect(link('<a href="more%20info.html">More</a>')).toBe('<a href="/files/cc33">More</a>');
  });

  it('leaves external, absolute, fragment-only and unindexed links as written', () => {
    const kept = [
      '<a href="https://example.org/p07.html">x</a>',
      '<a href="/p07.html">x</a>',
      '<a href="#top">x</a>',
      '<a href="mailto:someone@example.org">x</a>',
      '<a href="p99.html">x</a>',
      '<link href="p07.html" rel="stylesheet">',
    ];
    for (const html of kept) expect(link(html)).toBe(html);
  });
});

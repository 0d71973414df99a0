import { describe, expect, it } from '@jest/globals';
import { escapeHtml, jsonIsland, markup, SafeHtml } from './html.js';

describe('markup template', () => {
  it('escapes every interpolated string', () => {
    const name = `<img src=x onerror="alert('x')">&`;
    expect(markup`<p title="${name}">${name}</p>`.value).toBe(
      '<p title="&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;">&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;</p>',
    );
  });

  it('keeps SafeHtml as markup and flattens lists', () => {
    const list = markup`<ul>${['a<', 'b'].map((x) => markup`<li>${x}</li>`)}</ul>`;
    expect(list.value).toBe('<ul><li>a&lt;</li><li>b</li></ul>');
  });

  it('renders nothing for null, undefined and false', () => {
    expect(markup`[${null}${undefined}${false}]`.value).toBe('[]');
  });

  it('writes numbers as text', () => {
    expect(markup`${1234}`.value).toBe('1234');
  });

  it('cannot be broken out of by a JSON data island', () => {
    const island = jsonIsland('data', { text: '</script><script>alert(1)</script>' }).value;
    expect(island.match(/<\/script>/g)).toHaveLength(1);
    expect(JSON.parse(island.replace(/^<script[^>]*>|<\/script>$/g, ''))).toEqual({
      text: '</script><script>alert(1)</script>',
    });
  });

  it('escapes the five HTML-special characters', () => {
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
    expect(new SafeHtml('<b>').toString()).toBe('<b>');
  });
});

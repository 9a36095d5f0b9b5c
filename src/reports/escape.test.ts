import { describe, expect, it } from 'vitest';
import { escapeMarkdown, escapeXml } from './escape.js';

describe('escapeXml', () => {
  it('writes the five markup characters as entities, so no tag, attribute or CDATA end survives', () => {
    expect(escapeXml(`<img src=x onerror="a('b')"> & ]]>`)).toBe('&lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt; &amp; ]]&gt;');
  });

  it('replaces characters XML 1.0 forbids and keeps tab, line breaks and astral characters', () => {
    expect(escapeXml('a\u0000b\u0008c\uD800d\uDFFFe\uFFFEf\uFFFFg')).toBe('a\uFFFDb\uFFFDc\uFFFDd\uFFFDe\uFFFDf\uFFFDg');
    expect(escapeXml('tab\tnew\nline\r😀')).toBe('tab\tnew\nline\r😀');
  });
});

describe('escapeMarkdown', () => {
  it('leaves ordinary text readable', () => {
    expect(escapeMarkdown('1 of 5 tool calls failed (book flight)')).toBe('1 of 5 tool calls failed (book flight)');
  });

  it('escapes HTML, emphasis, code, links, strike-through and table pipes', () => {
    expect(escapeMarkdown('<script>x</script> & *a* _b_ `c` [d](e) ~~f~~ g|h \\')).toBe(
      '&lt;script&gt;x&lt;/script&gt; &amp; \\*a\\* \\_b\\_ \\`c\\` \\[d\\](e) \\~\\~f\\~\\~ g\\|h \\\\',
    );
  });

  it('keeps a name from mentioning anyone and a line break from starting a new block', () => {
    expect(escapeMarkdown('@octocat\n# heading, cc (@team) ana@example.com')).toBe('@\u200boctocat # heading, cc (@\u200bteam) ana@example.com');
  });
});

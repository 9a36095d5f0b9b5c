import { describe, expect, it } from 'vitest';
import { escapeMarkdown, escapeXml } from './escape.js';

describe('escapeXml', () => {
  it('writes the five markup characters as entities, so no tag, attribute or CDATA end survives', () => {
    expect(escapeXml(`<img src=x onerror="a('b')"> & ]]>`)).toBe(
      '&lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt; &amp; ]]&gt;',
    );
  });

  it('replaces characters XML 1.0 forbids and keeps tab, line breaks and astral characters', () => {
    expect(escapeXml('a\u0000b\u0008c\uD800d\uDFFFe\uFFFEf\uFFFFg')).toBe(
      'a\uFFFDb\uFFFDc\uFFFDd\uFFFDe\uFFFDf\uFFFDg',
    );
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
    expect(escapeMarkdown('@octocat\n# heading, cc (@team)')).toBe(
      '&#64;&#8203;octocat # heading, cc (&#64;&#8203;team)',
    );
  });

  // What GitHub links: the GFM autolink extension (www., http(s)://, e-mail) and GitHub's own
  // references (#N, GH-N, owner/repo#N, @user, commit SHAs). Each is broken where it is recognised.
  it.each([
    ['a URL autolink', 'see https://evil.example/path?q=1', 'see https&#58;//evil.example/path?q=1'],
    ['any scheme', 'ftp://files.example and http://x', 'ftp&#58;//files.example and http&#58;//x'],
    ['a www. autolink', 'visit www.x.com or WWW.Y.ORG', 'visit www&#46;x.com or WWW&#46;Y.ORG'],
    ['an e-mail autolink', 'mail ana@example.com', 'mail ana&#64;&#8203;example.com'],
    ['an issue reference', 'fixes #1 and #23', 'fixes &#35;&#8203;1 and &#35;&#8203;23'],
    ['a cross-repository reference', 'owner/repo#2', 'owner/repo&#35;&#8203;2'],
    ['a GH- reference', 'GH-12 and gh-3', 'GH-&#8203;12 and gh-&#8203;3'],
    [
      'a commit SHA, short or full',
      'a1b2c3d and 0123456789abcdef0123456789abcdef01234567',
      'a1b2c3&#8203;d and 012345&#8203;6789ab&#8203;cdef01&#8203;234567&#8203;89abcd&#8203;ef0123&#8203;4567',
    ],
  ])('%s', (_, text, escaped) => {
    expect(escapeMarkdown(text)).toBe(escaped);
  });

  it('leaves what GitHub does not link alone: C#, numbers, words, a plain domain', () => {
    expect(escapeMarkdown('C# 2025-06-14 1234567 deadbeef TP1351 evil.example')).toBe(
      'C# 2025-06-14 1234567 deadbeef TP1351 evil.example',
    );
  });
});

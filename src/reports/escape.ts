/*
 * Encoding of report text for the formats that would otherwise act on it. View-model text is already
 * redacted and free of control characters; these functions make it inert markup.
 */

/** Characters XML 1.0 forbids anywhere (controls other than tab and line breaks, lone surrogates, U+FFFE, U+FFFF). */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const XML_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Text for XML and HTML, in element content and in quoted attributes alike: the five markup characters
 * as entities (so `]]>` becomes `]]&gt;`) and characters XML 1.0 forbids replaced by U+FFFD.
 */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '\uFFFD').replace(/[&<>"']/g, (char) => XML_ENTITIES[char]!);
}

/** U+200B as an entity: invisible when rendered, visible in the file, and it ends any word GitHub looks for. */
const BREAK = '&#8203;';

/** Every 6 characters of a commit-SHA-like run, so no piece is the 7 characters GitHub links. */
function breakHexRun(run: string): string {
  return /[0-9]/.test(run) && /[a-fA-F]/.test(run) ? run.replace(/.{6}(?=.)/g, `$&${BREAK}`) : run;
}

/**
 * What GitHub would turn into a link or a notification, in one pass so no inserted entity is read
 * again: issue and pull-request references (`#2`, `owner/repo#2`, `GH-2`), commit SHAs (7 to 40 hex
 * digits mixing letters and digits), URL autolinks (`https://…`, any `scheme://`), `www.` autolinks,
 * and every `@` (mentions, and e-mail autolinks such as `ana@example.com`).
 */
const AUTOLINK =
  /#(?=[0-9])|(?<![A-Za-z0-9])GH-(?=[0-9])|(?<![\w])[0-9a-fA-F]{7,40}(?![\w])|:(?=\/\/)|(?<![A-Za-z0-9])www\.|@/gi;

function breakAutolink(match: string): string {
  if (match === '#') return `&#35;${BREAK}`;
  if (match === ':') return '&#58;';
  if (match === '@') return `&#64;${BREAK}`;
  if (match.toLowerCase() === 'www.') return `${match.slice(0, 3)}&#46;`;
  if (match.toLowerCase() === 'gh-') return `${match}${BREAK}`;
  return breakHexRun(match);
}

/**
 * Text for GitHub-flavoured Markdown, inline and in table cells (never at the start of a line): `&`,
 * `<` and `>` as entities, the punctuation that makes emphasis, code, links, strike-through or table
 * cells backslash-escaped, line breaks as spaces, and nothing GitHub would link or notify: the
 * characters that start an autolink or a reference are written as entities (`https&#58;//`,
 * `www&#46;`, `&#64;`, `&#35;`), with a zero-width space after `@` and `#` for GitHub's mention and
 * reference filters, which read the rendered text. It renders as written.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' ')
    .replace(/[&<>]/g, (char) => XML_ENTITIES[char]!)
    .replace(/[\\`*_[\]|~]/g, '\\$&')
    .replace(AUTOLINK, breakAutolink);
}

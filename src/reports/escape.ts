/*
 * Encoding of report text for the formats that would otherwise act on it. View-model text is already
 * redacted and free of control characters; these functions make it inert markup.
 */

/** Characters XML 1.0 forbids anywhere (controls other than tab and line breaks, lone surrogates, U+FFFE, U+FFFF). */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const XML_ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text for XML and HTML, in element content and in quoted attributes alike: the five markup characters
 * as entities (so `]]>` becomes `]]&gt;`) and characters XML 1.0 forbids replaced by U+FFFD.
 */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '\uFFFD').replace(/[&<>"']/g, (char) => XML_ENTITIES[char]!);
}

/**
 * Text for GitHub-flavoured Markdown, inline and in table cells (never at the start of a line): `&`,
 * `<` and `>` as entities, the punctuation that makes emphasis, code, links, strike-through or table
 * cells backslash-escaped, line breaks as spaces, and an `@` that could start a mention followed by a
 * zero-width space, so a name in a trace cannot notify a person or a team (e-mail addresses stay as they are).
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' ')
    .replace(/[&<>]/g, (char) => XML_ENTITIES[char]!)
    .replace(/[\\`*_[\]|~]/g, '\\$&')
    .replace(/(^|[^\w])@/g, '$1@\u200b');
}

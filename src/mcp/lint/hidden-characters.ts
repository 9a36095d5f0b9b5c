/**
 * Characters a person reading a tool description does not see but a model reads: Unicode tag
 * characters (an invisible copy of ASCII, the carrier of "ASCII smuggling"), bidirectional controls
 * (which make text display differently from what it says), and other format characters (zero-width
 * spaces and joiners, direction marks, the byte order mark, soft hyphens).
 *
 * Not flagged: subdivision flags (🏴 + tag letters + cancel tag, e.g. the flag of Scotland) and
 * zero-width joiners inside emoji sequences (👩‍💻), which are how emoji are written.
 */

/** Black flag, tag characters, cancel tag: a subdivision flag emoji. */
const SUBDIVISION_FLAG = /\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}/gu;
/** A zero-width joiner between two pictographs (an emoji sequence), optional variation selectors kept. */
const EMOJI_JOINER =
  /(?<=\p{Extended_Pictographic}[\u{FE0E}\u{FE0F}\u{1F3FB}-\u{1F3FF}]?)\u200D(?=\p{Extended_Pictographic})/gu;
const TAGS = /[\u{E0000}-\u{E007F}]/gu;
const BIDI = /[\u202A-\u202E\u2066-\u2069]/gu;
const FORMAT = /\p{Cf}/gu;

/** The hidden characters found in a text, by kind (code points, in order of appearance, each once). */
export interface HiddenCharacters {
  tags: number[];
  bidi: number[];
  format: number[];
  /** The text the tag characters spell, when they spell printable ASCII (what the model would read). */
  tagText: string;
}

function codePoints(text: string, pattern: RegExp): number[] {
  const found = new Set<number>();
  for (const match of text.matchAll(pattern)) found.add(match[0].codePointAt(0)!);
  return [...found];
}

/** The hidden characters of a text; all lists empty when there are none. */
export function findHiddenCharacters(text: string): HiddenCharacters {
  const cleaned = text.replace(SUBDIVISION_FLAG, '').replace(EMOJI_JOINER, '');
  const tags = codePoints(cleaned, TAGS);
  let tagText = '';
  for (const match of cleaned.matchAll(TAGS)) {
    const code = match[0].codePointAt(0)! - 0xe0000;
    if (code >= 0x20 && code <= 0x7e) tagText += String.fromCharCode(code);
  }
  const bidi = codePoints(cleaned, BIDI);
  const format = codePoints(cleaned.replace(TAGS, '').replace(BIDI, ''), FORMAT);
  return { tags, bidi, format, tagText };
}

/** `U+200B, U+FEFF` (at most 8, then "…"). */
export function codePointList(points: readonly number[]): string {
  const shown = points.slice(0, 8).map((point) => `U+${point.toString(16).toUpperCase().padStart(4, '0')}`);
  return points.length > 8 ? `${shown.join(', ')}, …` : shown.join(', ');
}

/** The text with every format character removed (what directive checks read, so a zero-width space cannot hide a phrase). */
export function withoutFormatCharacters(text: string): string {
  return text.replace(FORMAT, '');
}

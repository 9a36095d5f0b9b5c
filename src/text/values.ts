/** How values, durations and amounts read in every sentence toolscore prints. */
import { isMatcher } from '../match/matchers/matcher.js';
import { jsonTextWithKinds } from '../match/number-kinds.js';
import { redactSecrets } from '../metrics/security.js';

/** Longest value text shown in a message before it is cut. */
const MAX_VALUE_TEXT = 60;

/** A value as plain text: matchers by their text form, data as JSON. */
function plainValueText(value: unknown): string {
  if (isMatcher(value)) return value.toString();
  if (value === undefined) return 'nothing';
  return JSON.stringify(value) ?? String(value);
}

/**
 * A value as shown in messages: matchers by their text form, data as JSON, secrets masked, text longer
 * than `max` cut. Given where it sits (`holder[key]`), a number read from a file as `1.0` reads `1.0`.
 */
export function formatValue(value: unknown, max = MAX_VALUE_TEXT, holder?: object, key?: string | number): string {
  return cutText(jsonTextWithKinds(value, holder, key, plainValueText), max);
}

/**
 * Text cut to `max` characters with an ellipsis, its credentials masked first: a key cut in two is no
 * longer one the detector finds, so masking after cutting would show its first characters.
 */
export function cutText(text: string, max: number): string {
  const masked = redactSecrets(text);
  return masked.length > max ? `${masked.slice(0, max - 1)}…` : masked;
}

/** `31.2 s`: seconds to at most 3 decimals. */
export function secondsText(value: number): string {
  return `${Number(value.toFixed(3))} s`;
}

/** `$0.0020`: US dollars to 4 decimals. */
export function usdText(value: number): string {
  return `$${value.toFixed(4)}`;
}

export function countText(count: number, noun: string): string {
  return `${count} ${count === 1 ? noun : `${noun}s`}`;
}

/** `… and 2 more issues`. */
export function moreText(count: number, noun: string): string {
  return `… and ${countText(count, `more ${noun}`)}`;
}

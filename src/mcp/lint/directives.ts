/**
 * Instructions aimed at the model rather than describing the tool: hiding something from the user,
 * overriding earlier instructions (both errors: the marks of tool poisoning), and pseudo-markup tags
 * such as `<IMPORTANT>` that try to raise a text's authority (a warning).
 *
 * Written for precision: "Do not show raw IDs to the user" and "Never reveal the API key to the user"
 * are ordinary advice about output and are not flagged; only "this/that/it/anything" kept from the user
 * (a secret about the instruction itself) is.
 */

/** Phrases that ask the model to keep something from the user. */
const HIDE_FROM_USER: readonly RegExp[] = [
  /\b(?:do\s+not|don['’]?t|never)\s+(?:tell|inform|notify|alert|warn)\s+(?:the\s+)?user\b/i,
  /\b(?:do\s+not|don['’]?t|never)\s+(?:tell|mention|reveal|disclose|show)\s+(?:this|that|it|anything|any\s+of\s+this)\b[^.\n]{0,80}?\buser\b/i,
  /\bwithout\s+(?:telling|informing|notifying|alerting)\s+the\s+user\b/i,
  /\b(?:hide|conceal)\s+(?:this|that|it)\s+from\s+the\s+user\b/i,
  /\bthe\s+user\s+(?:should|must)(?:\s+not|\s+never|n['’]t)\s+(?:know|see|notice|be\s+told)\b/i,
];

const OVERRIDE =
  /\b(?:ignore|disregard|forget)\s+(?:(?:all|any)\s+)?(?:the\s+)?(?:previous|prior|above|earlier|other)\s+(?:instructions?|rules?|prompts?)\b/i;

const AUTHORITY_TAG = /<\s*\/?\s*(?:important|system|instructions?)\s*>/i;

/** Which directives a text holds: the matched phrase of each kind, when present. */
export interface Directives {
  hideFromUser?: string;
  override?: string;
  tag?: string;
}

/** The directives found in a text (format characters should be removed first). */
export function findDirectives(text: string): Directives {
  const found: Directives = {};
  for (const pattern of HIDE_FROM_USER) {
    const match = pattern.exec(text);
    if (match) {
      found.hideFromUser = match[0];
      break;
    }
  }
  const override = OVERRIDE.exec(text);
  if (override) found.override = override[0];
  const tag = AUTHORITY_TAG.exec(text);
  if (tag) found.tag = tag[0];
  return found;
}

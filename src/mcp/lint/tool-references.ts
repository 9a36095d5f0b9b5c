/**
 * Tool references in model-visible text that name no exposed tool ("call `fetch_rates` first" when no
 * `fetch_rates` exists): the model will try to call it, or give up. A name counts as a reference when
 *
 * 1. it is quoted (`'`, `"` or a backtick) after use / call / invoke / run / try (optionally "the"),
 *    and either is tool-shaped (lowercase words joined by `_` or `-`) or is followed by "tool";
 * 2. it is quoted and followed by the word "tool";
 * 3. it is an unquoted snake_case name between use / call / invoke and "tool".
 *
 * No form counts when the name is followed by a word that makes it a setting ("use 'read-only' mode"),
 * and names that are a tool, a property name or a string enum/const value anywhere in the schemas are
 * never reported.
 */

const SETTING_WORDS =
  'mode|option|flag|format|value|parameter|argument|field|setting|style|type|level|scope|permission|access|strategy|method';
const QUOTED_AFTER_VERB = /\b(?:use|call|invoke|run|try)\s+(?:the\s+)?(['"`])([^'"`\s]{1,80})\1(\s+[A-Za-z]+)?/gi;
const QUOTED_BEFORE_TOOL = /(['"`])([^'"`\s]{1,80})\1\s+tool\b/gi;
const SNAKE_BETWEEN = /\b(?:use|call|invoke)\s+(?:the\s+)?([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\s+tool\b/gi;
const SETTING = new RegExp(`^\\s+(?:${SETTING_WORDS})s?$`, 'i');
const TOOL_SHAPED = /^[a-z][a-z0-9]*(?:[_-][a-z0-9]+)+$/;

/** The names a text refers to as tools, in order of appearance, each once. */
export function findToolReferences(text: string): string[] {
  const found: { at: number; name: string }[] = [];
  for (const match of text.matchAll(QUOTED_AFTER_VERB)) {
    const name = match[2]!;
    const next = match[3];
    if (next !== undefined && SETTING.test(next)) continue;
    const followedByTool = next !== undefined && /^\s+tool$/i.test(next);
    if (followedByTool || TOOL_SHAPED.test(name)) found.push({ at: match.index, name });
  }
  for (const match of text.matchAll(QUOTED_BEFORE_TOOL)) found.push({ at: match.index, name: match[2]! });
  for (const match of text.matchAll(SNAKE_BETWEEN)) found.push({ at: match.index, name: match[1]! });
  const names: string[] = [];
  for (const { name } of found.sort((a, b) => a.at - b.at)) {
    const clean = name.replace(/\(\)$/, '');
    if (!names.includes(clean)) names.push(clean);
  }
  return names;
}

/**
 * Verbs so common in tool names that sharing only them says nothing.
 * @internal Exported for its tests only.
 */
export const GENERIC_WORDS: ReadonlySet<string> = new Set([
  'get',
  'set',
  'list',
  'create',
  'update',
  'delete',
  'remove',
  'add',
  'read',
  'write',
  'fetch',
  'find',
  'search',
  'run',
  'do',
  'make',
  'tool',
]);

/** `get_weather`, `getWeather`, `weather.get` → lower-case words (a plural `s` dropped: notes → note). */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_.-]+/)
    .map((word) => word.toLowerCase())
    .filter((word) => word !== '')
    .map((word) => (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word));
}

/** Character similarity in [0, 1]: twice the longest common subsequence over the total length. */
export function similarity(a: string, b: string): number {
  if (a.length === 0 && b.length === 0) return 1;
  const previous = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = 0;
    for (let j = 1; j <= b.length; j++) {
      const above = previous[j]!;
      previous[j] = a[i - 1] === b[j - 1] ? diagonal + 1 : Math.max(previous[j]!, previous[j - 1]!);
      diagonal = above;
    }
  }
  return (2 * previous[b.length]!) / (a.length + b.length);
}

/** Most missing names per lint run looked up by spelling alone (a scan of every tool): the rest are matched by shared words only. */
export const SPELLING_SEARCHES = 100;

/**
 * The exposed tools, indexed by the words of their names, to find the closest tool to each missing
 * name: the highest share of common words, ties broken by character similarity; a tool sharing no
 * word (or only generic verbs such as "get" or "list") qualifies only with similarity ≥ 0.75.
 *
 * A tool sharing a word always beats one that shares none, so only those tools are compared, found
 * through the index. When there are none, every tool is compared by spelling, for the first
 * `SPELLING_SEARCHES` names of a run; thousands of tools with thousands of dangling references stay
 * linear instead of a comparison of every name with every tool.
 */
export class ToolNameIndex {
  private readonly tools: { name: string; lower: string; words: Set<string> }[];
  private readonly byWord = new Map<string, number[]>();
  private spellingSearches = 0;

  constructor(names: readonly string[]) {
    this.tools = names.map((name) => ({ name, lower: name.toLowerCase(), words: new Set(nameWords(name)) }));
    this.tools.forEach((tool, i) => {
      for (const word of tool.words) {
        if (GENERIC_WORDS.has(word)) continue;
        const list = this.byWord.get(word);
        if (list) list.push(i);
        else this.byWord.set(word, [i]);
      }
    });
  }

  /** The exposed tool most like `missing`, or undefined when none is close enough. */
  closest(missing: string): string | undefined {
    const words = new Set(nameWords(missing));
    const sharing = new Set<number>();
    for (const word of words) for (const i of this.byWord.get(word) ?? []) sharing.add(i);
    let candidates: Iterable<number>;
    if (sharing.size > 0) candidates = [...sharing].sort((a, b) => a - b);
    else if (this.spellingSearches++ < SPELLING_SEARCHES) candidates = this.tools.keys();
    else return undefined;
    const lower = missing.toLowerCase();
    let best: { name: string; share: number; sim: number } | undefined;
    for (const i of candidates) {
      const tool = this.tools[i]!;
      const shared = [...words].filter((word) => tool.words.has(word));
      const common = shared.some((word) => !GENERIC_WORDS.has(word)) ? shared.length : 0;
      const union = new Set([...words, ...tool.words]).size;
      const share = union === 0 ? 0 : common / union;
      const sim = similarity(lower, tool.lower);
      if (common === 0 && sim < 0.75) continue;
      if (!best || share > best.share || (share === best.share && sim > best.sim))
        best = { name: tool.name, share, sim };
    }
    return best?.name;
  }
}

/** The exposed tool most like a missing name (see `ToolNameIndex`). */
export function closestTool(missing: string, tools: readonly string[]): string | undefined {
  return new ToolNameIndex(tools).closest(missing);
}

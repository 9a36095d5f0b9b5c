/* Every sentence `toolscore generate` prints. */

/** `wrote gold.json: 30 expected calls for 3 tools (18 normal, 6 boundary, 6 edge)`. */
export function generatedText(
  where: string,
  counts: { normal: number; boundary: number; edge: number },
  tools: number,
  asCases: boolean,
): string {
  const total = counts.normal + counts.boundary + counts.edge;
  const what = asCases ? `${total} case${total === 1 ? '' : 's'}` : `${total} expected call${total === 1 ? '' : 's'}`;
  return `wrote ${where}: ${what} for ${tools} tool${tools === 1 ? '' : 's'} (${counts.normal} normal, ${counts.boundary} boundary, ${counts.edge} edge); every call validates against its schema`;
}

/** A tool left out, on stderr. */
export function skippedToolText(tool: string, reason: string): string {
  return `warning: no case for ${tool}: ${reason}`;
}

/** A tool that got fewer cases than `-n` asked, on stderr: says why instead of leaving a count short. */
export function shortToolText(tool: string, asked: number, made: number): string {
  const left = asked - made;
  return `note: ${tool} got ${made} of ${asked} cases: only ${made} different argument sets came out for its schema, and ${left === 1 ? 'the other one repeated an earlier case' : `the other ${left} repeated earlier cases`} (repeats are left out)`;
}

/** `-n` past what one run makes (every case is held in memory until the file is written). */
export function tooManyCasesText(perTool: number, tools: number, max: number): string {
  const asked = tools === 1 ? `${perTool} cases` : `${perTool} cases for each of ${tools} tools`;
  return `${asked} is more than the ${max.toLocaleString('en-US')} one run makes; ask for fewer, or split the catalogue`;
}

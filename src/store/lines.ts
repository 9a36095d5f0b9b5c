/**
 * Positions for a run's lines as they arrive: whole lines of JSON Lines text, or one line given as an
 * object (with the case's full report when there is one), each numbered in order.
 */
export class LineNumbers {
  private position = 0;

  /** `[position, line, detail]` for each non-empty line of the text. */
  fromText(text: string): [number, string, null][] {
    const rows: [number, string, null][] = [];
    let start = 0;
    while (start < text.length) {
      const end = text.indexOf('\n', start);
      const stop = end < 0 ? text.length : end;
      const line = text.slice(start, stop);
      start = stop + 1;
      if (line.trim() !== '') rows.push([this.position++, line, null]);
    }
    return rows;
  }

  fromLine(line: Record<string, unknown>, detail?: unknown): [number, string, string | null] {
    return [this.position++, JSON.stringify(line), detail === undefined ? null : JSON.stringify(detail)];
  }
}

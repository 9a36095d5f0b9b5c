/**
 * Whether to colour `stream` (stdout unless told): only on a terminal, never when NO_COLOR is set to a non-empty value
 * (no-color.org) or `--no-color` was given.
 */
export function colorEnabled(requested: boolean, stream: NodeJS.WriteStream = process.stdout): boolean {
  const noColor = process.env.NO_COLOR;
  return requested && stream.isTTY === true && (noColor === undefined || noColor === '');
}

/**
 * A status line on stderr, redrawn in place on a terminal at most five times a second; elsewhere it
 * draws nothing, so logs get only what `end` prints.
 */
export class LiveLine {
  private readonly live = process.stderr.isTTY === true;
  private lastDraw = 0;

  constructor(private readonly enabled: boolean) {}

  /** Whether `draw` shows anything: enabled, on a terminal. */
  get drawn(): boolean {
    return this.enabled && this.live;
  }

  draw(text: () => string): void {
    if (!this.drawn) return;
    const now = performance.now();
    if (now - this.lastDraw < 200) return;
    this.lastDraw = now;
    process.stderr.write(`\r\x1b[2K${text()}`);
  }

  /** Clears the line, and prints `text` on its own line when given. */
  end(text?: string): void {
    if (!this.enabled) return;
    process.stderr.write(`${this.live ? '\r\x1b[2K' : ''}${text === undefined ? '' : `${text}\n`}`);
  }
}

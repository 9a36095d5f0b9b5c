/**
 * Whether to colour stdout: only on a terminal, never when NO_COLOR is set to a non-empty value
 * (no-color.org) or `--no-color` was given.
 */
export function colorEnabled(requested: boolean): boolean {
  const noColor = process.env.NO_COLOR;
  return requested && process.stdout.isTTY === true && (noColor === undefined || noColor === '');
}

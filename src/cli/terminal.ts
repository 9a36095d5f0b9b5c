/**
 * Whether to colour `stream` (stdout unless told): only on a terminal, never when NO_COLOR is set to a non-empty value
 * (no-color.org) or `--no-color` was given.
 */
export function colorEnabled(requested: boolean, stream: NodeJS.WriteStream = process.stdout): boolean {
  const noColor = process.env.NO_COLOR;
  return requested && stream.isTTY === true && (noColor === undefined || noColor === '');
}

/**
 * Whether assertion messages are coloured: only on a terminal, never when NO_COLOR is set to a
 * non-empty value (no-color.org). Test runners pipe their workers' output, so FORCE_COLOR (which they
 * set when their own terminal is one) also turns colour on.
 */
export function testColorEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '') return force !== '0' && force.toLowerCase() !== 'false';
  return process.stdout.isTTY === true;
}

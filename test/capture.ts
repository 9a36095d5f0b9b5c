import { vi } from 'vitest';

/** What a command printed while `run` ran, with what `run` returned or threw; stdout and stderr are restored afterwards. */
export async function captureOutput<T>(
  run: () => Promise<T>,
): Promise<
  { stdout: string; stderr: string } & ({ value: T; error?: undefined } | { value?: undefined; error: unknown })
> {
  const printed = { stdout: '', stderr: '' };
  const spies = (['stdout', 'stderr'] as const).map((stream) =>
    vi.spyOn(process[stream], 'write').mockImplementation((chunk) => {
      printed[stream] += String(chunk);
      return true;
    }),
  );
  try {
    return { value: await run(), ...printed };
  } catch (error) {
    return { error, ...printed };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

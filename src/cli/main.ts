#!/usr/bin/env node
/**
 * The `toolscore` command. V8's compile cache is switched on before anything else is loaded (Node 22.1
 * and later keep the compiled code of the CLI between runs; on Node 20 the function is absent and
 * nothing changes); then the program is imported and run.
 */
import module from 'node:module';

(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();

const { runCli } = await import('./cli.js');

// A reader that stops early (`toolscore eval … | head`) is not an error: stop writing, keep the exit code.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
}
process.exitCode = await runCli(process.argv);

import { ToolscoreInputError } from '../../core/errors.js';
import { openStore, storeOf } from '../../store/open.js';
import { exportSite } from '../../view/export.js';
import { openBrowser } from '../../view/open-browser.js';
import { startViewServer } from '../../view/server.js';
import { exportedText, listeningText } from '../../view/text.js';
import { displayText } from '../../reports/text.js';
import type { StoreFlags } from '../store-run.js';

/** Flags of `toolscore view`, as commander parsed them. */
export interface ViewFlags extends StoreFlags {
  /** The port to listen on (default: a free one). */
  port?: string;
  /** Reload the pages when a run is kept. */
  watch?: boolean;
  /** Write the pages as a static site into this folder instead of serving them. */
  export?: string;
  /** False after `--no-open`. */
  open: boolean;
}

function portOf(text: string | undefined): number {
  if (text === undefined) return 0;
  const port = Number(text);
  if (!/^[0-9]+$/.test(text) || port < 1 || port > 65535)
    throw new ToolscoreInputError({ source: '--port' }, `expected a port from 1 to 65535, got ${JSON.stringify(text)}`);
  return port;
}

/** Resolves at Ctrl-C or a kill: the server then stops. */
function untilStopped(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/**
 * `toolscore view`: the kept runs in the browser, served on 127.0.0.1 until stopped (exit 0), or with
 * `--export DIR` written as a static site. The store is only read; one that cannot be (not a store, a
 * newer one, locked, a server down) throws its one line (exit 2) before anything is served or written.
 */
export async function runView(flags: ViewFlags): Promise<number> {
  const port = portOf(flags.port);
  const store = await openStore(storeOf(flags.store ?? true, process.env)!, 'read');
  try {
    if (flags.export !== undefined) {
      const pages = await exportSite(store, flags.export);
      process.stdout.write(`${exportedText(pages, displayText(flags.export))}\n`);
      return 0;
    }
    const server = await startViewServer({ store, port, watch: flags.watch === true });
    process.stdout.write(`${listeningText(server.url, displayText(store.label))}\n`);
    if (flags.open && !process.env.CI) openBrowser(server.url);
    await untilStopped();
    await server.close();
    return 0;
  } finally {
    await store.close();
  }
}

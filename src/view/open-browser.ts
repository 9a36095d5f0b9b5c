import { spawn } from 'node:child_process';

/**
 * Opens `url` in the user's browser with the platform's opener (`open`, `start`, `xdg-open`); any
 * failure (no opener, no display) is ignored: the URL is printed anyway.
 */
export function openBrowser(url: string): void {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.on('error', () => {});
    child.unref();
  } catch {
    // Nothing to do: the URL is on the terminal.
  }
}

#!/usr/bin/env node
/**
 * Starts the sample server of `toolscore demo`: over stdio by default, or with `--http [PORT]` over
 * Streamable HTTP on 127.0.0.1 (the URL is printed on stdout).
 */
import { serveHttp, serveStdio } from './sample-server.js';

const args = process.argv.slice(2);
const at = args.indexOf('--http');
if (at >= 0) {
  const port = Number(args[at + 1] ?? 0);
  const { url } = await serveHttp(Number.isInteger(port) && port >= 0 ? port : 0);
  process.stdout.write(`${url}\n`);
} else {
  await serveStdio();
}

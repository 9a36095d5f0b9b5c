import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { constants as osConstants } from 'node:os';
import { mcpText } from './text.js';
import { displayText } from '../reports/text.js';
import { writeFileAtomic } from '../io/atomic-write.js';
import { VERSION } from '../core/version.js';
import { idKey } from '../formats/readers/mcp.js';
import { isObject } from '../core/objects.js';

/**
 * `toolscore mcp record`: a transparent stdio proxy placed where an MCP client launches its server.
 * Bytes pass through unchanged both ways (client stdin → server stdin, server stdout → client stdout)
 * and the server's stderr is passed through; toolscore writes only to stderr. On the side, each line is
 * parsed (one message or a batch; unparseable lines are ignored) to record `tools/call` traffic:
 *
 * ```
 * {"format": "mcp", "recorded_by": "toolscore mcp record", "server_command": [...],
 *  "messages": [<tools/call request>, <its response with "duration" in seconds>, ...]}
 * ```
 *
 * A request is stored when it is sent (only with a string or number id), its response only when it
 * answers a stored request, with the round trip rounded to 6 decimals. The file is rewritten
 * atomically after every answered call and once more at the end (even with no calls), so it can be
 * scored with `toolscore eval gold.json session.json` at any moment.
 */

/** Options of `recordSession`. */
export interface RecordOptions {
  command: string;
  args: readonly string[];
  /** Where the session file goes. */
  output: string;
  env?: Record<string, string>;
  cwd?: string;
  /** Streams (default: this process's; any Node stream fits, the types only avoid needing Node's). */
  stdin?: ByteInput;
  stdout?: ByteOutput;
  stderr?: ByteOutput;
  /** Pass the server's stderr through (default true). */
  passStderr?: boolean;
}

/** A readable stream, as the recorder uses one: `process.stdin` or any `Readable`. */
interface ByteInput {
  on(event: 'data', listener: (chunk: Uint8Array) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
  off(event: 'data', listener: (chunk: Uint8Array) => void): unknown;
  off(event: 'end', listener: () => void): unknown;
}

/** A writable stream, as the recorder uses one: `process.stdout` or any `Writable`. */
interface ByteOutput {
  write(chunk: string | Uint8Array): unknown;
}

/** The recorded session file. */
export interface RecordedSession {
  format: 'mcp';
  recorded_by: 'toolscore mcp record';
  toolscore_version: string;
  server_command: string[];
  started_at: string;
  messages: Record<string, unknown>[];
}

/** Splits a byte stream into lines and hands each complete line (without the newline) to `onLine`. */
function lineReader(onLine: (line: string) => void): { push(chunk: Uint8Array): void; end(): void } {
  let pending: Uint8Array[] = [];
  return {
    push(chunk) {
      let start = 0;
      for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, start)) {
        pending.push(chunk.subarray(start, at));
        onLine(Buffer.concat(pending).toString('utf8').replace(/\r$/, ''));
        pending = [];
        start = at + 1;
      }
      if (start < chunk.length) pending.push(chunk.subarray(start));
    },
    end() {
      if (pending.length > 0) onLine(Buffer.concat(pending).toString('utf8'));
      pending = [];
    },
  };
}

/** The recording state: pending requests by id, the messages kept. */
export class SessionRecorder {
  readonly session: RecordedSession;
  private readonly pending = new Map<string, number>();
  private calls = 0;

  constructor(command: readonly string[], now: Date = new Date()) {
    this.session = {
      format: 'mcp',
      recorded_by: 'toolscore mcp record',
      toolscore_version: VERSION,
      server_command: [...command],
      started_at: now.toISOString(),
      messages: [],
    };
  }

  /** Answered calls so far. */
  get answered(): number {
    return this.calls;
  }

  /** Requests recorded so far. */
  get requests(): number {
    return this.session.messages.filter((message) => message.method === 'tools/call').length;
  }

  /** A line the client sent; returns nothing (requests are stored as they are sent). */
  clientLine(line: string, at = performance.now()): void {
    for (const message of parseLine(line)) {
      if (message.method !== 'tools/call') continue;
      const key = idKey(message.id);
      if (key === undefined) continue;
      this.pending.set(key, at);
      this.session.messages.push(message);
    }
  }

  /** A line the server sent; returns how many calls it answered. */
  serverLine(line: string, at = performance.now()): number {
    let answered = 0;
    for (const message of parseLine(line)) {
      if ('method' in message || !('result' in message || 'error' in message)) continue;
      const key = idKey(message.id);
      if (key === undefined) continue;
      const sent = this.pending.get(key);
      if (sent === undefined) continue;
      this.pending.delete(key);
      this.session.messages.push({ ...message, duration: Math.round(((at - sent) / 1000) * 1e6) / 1e6 });
      answered++;
    }
    this.calls += answered;
    return answered;
  }

  text(): string {
    return `${JSON.stringify(this.session, null, 2)}\n`;
  }
}

/** The JSON-RPC messages of one line: one object, or the objects of a batch; nothing for anything else. */
function parseLine(line: string): Record<string, unknown>[] {
  const trimmed = line.trim();
  if (trimmed === '' || (trimmed[0] !== '{' && trimmed[0] !== '[')) return [];
  let data: unknown;
  try {
    data = JSON.parse(trimmed);
  } catch {
    return [];
  }
  return (Array.isArray(data) ? data : [data]).filter(isObject);
}

/** Exit status for a process that ended by a signal: 128 + its number. */
function signalStatus(signal: NodeJS.Signals): number {
  const number = (osConstants.signals as Record<string, number | undefined>)[signal];
  return 128 + (number ?? 1);
}

/**
 * A function that rewrites the session file with what the recorder holds now, one write after another
 * (the last one wins); the first failure is said once on stderr and recording goes on.
 */
function sessionSaver(recorder: SessionRecorder, output: string, stderr: ByteOutput): () => Promise<void> {
  let writing: Promise<void> = Promise.resolve();
  let writeFailed = false;
  return () => {
    const text = recorder.text();
    writing = writing
      .then(() => writeFileAtomic(output, text))
      .catch((error: Error) => {
        if (!writeFailed) stderr.write(`${displayText(mcpText.recorderWriteFailed(output, error.message))}\n`);
        writeFailed = true;
      });
    return writing;
  };
}

/**
 * Runs the server behind the proxy until it exits; resolves with the exit status to use (the server's
 * code, 128+N for signal N, 1 when it could not be started).
 */
export async function recordSession(options: RecordOptions): Promise<number> {
  const stdin: ByteInput = options.stdin ?? process.stdin;
  const stdout: ByteOutput = options.stdout ?? process.stdout;
  const stderr: ByteOutput = options.stderr ?? process.stderr;
  const recorder = new SessionRecorder([options.command, ...options.args]);
  const save = sessionSaver(recorder, options.output, stderr);
  await save();

  const env: NodeJS.ProcessEnv = { ...process.env, ...(options.env ?? {}) };
  const child = spawn(options.command, [...options.args], {
    stdio: ['pipe', 'pipe', options.passStderr === false ? 'ignore' : 'pipe'],
    env,
    cwd: options.cwd,
  });
  const childIn = child.stdin!;
  const childOut = child.stdout!;

  return await new Promise<number>((resolve) => {
    let settled = false;
    const finish = (status: number): void => {
      if (settled) return;
      settled = true;
      stdin.off('data', onClientData);
      stdin.off('end', onClientEnd);
      for (const [signal, handler] of forwarders) process.off(signal, handler);
      void save().then(() => {
        stderr.write(`${displayText(mcpText.recordedCalls(recorder.requests, options.output))}\n`);
        resolve(status);
      });
    };

    const clientLines = lineReader((line) => recorder.clientLine(line));
    const serverLines = lineReader((line) => {
      if (recorder.serverLine(line) > 0) void save();
    });
    const onClientData = (chunk: Uint8Array): void => {
      clientLines.push(chunk);
      childIn.write(chunk);
    };
    const onClientEnd = (): void => {
      clientLines.end();
      childIn.end();
    };
    stdin.on('data', onClientData);
    stdin.on('end', onClientEnd);
    childIn.on('error', () => undefined); // the server closed its stdin; its exit says the rest

    childOut.on('data', (chunk: Buffer) => {
      stdout.write(chunk);
      serverLines.push(chunk);
    });
    childOut.on('end', () => serverLines.end());
    child.stderr?.on('data', (chunk: Buffer) => stderr.write(chunk));

    // Signals sent to the proxy go to the server; its exit ends the proxy.
    const forwarders: [NodeJS.Signals, () => void][] = (['SIGINT', 'SIGTERM', 'SIGHUP'] as const).map((signal) => [
      signal,
      () => child.kill(signal),
    ]);
    for (const [signal, handler] of forwarders) process.on(signal, handler);

    child.once('error', (error: NodeJS.ErrnoException) => {
      stderr.write(
        `${displayText(mcpText.recorderLaunchFailed(options.command, error.code === 'ENOENT' ? 'command not found' : error.message))}\n`,
      );
      finish(1);
    });
    child.once('close', (code, signal) => {
      finish(signal ? signalStatus(signal) : (code ?? 1));
    });
  });
}

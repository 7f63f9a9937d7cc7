import { type ChildProcess, spawn } from 'node:child_process';

/** The bin `catalogue-sync-fake`, running: the URL and bearer token it printed, and how to stop it. */
export interface RunningBin {
  readonly url: string;
  readonly token: string;
  /** SIGTERM to the bin's process group; resolves with its exit code (the bin exits 0 on SIGTERM). */
  stop(): Promise<number | null>;
}

/**
 * Starts `command args…` (the bin, through node or npx) in its own process group and waits for the lines the bin
 * prints: `… listening on <url>` and `Authorization: Bearer <token>`. Rejects with what it printed if it exits or
 * prints nothing usable within `timeoutMs`.
 */
export function startBin(command: string, args: string[], cwd: string, timeoutMs = 20_000): Promise<RunningBin> {
  const child: ChildProcess = spawn(command, args, { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    return exited;
  };
  return new Promise<RunningBin>((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${command} ${args.join(' ')} printed no URL and token in ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      const token = /Authorization: Bearer (\S+)/.exec(output)?.[1];
      if (url !== undefined && token !== undefined) {
        clearTimeout(timer);
        resolve({ url, token, stop });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} ${args.join(' ')} exited (${code}) before serving:\n${output}`));
    });
  });
}

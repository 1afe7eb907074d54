import { type ChildProcess, spawn } from 'node:child_process';

export interface RedisServer {
  url: string;
  port: number;
  child: ChildProcess;
  /** Stops it (SIGKILL by default: a crash, not a goodbye) and waits until it is gone. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** A private, memory-only redis-server on 127.0.0.1:`port`, resolved once it accepts connections. */
export async function startRedisServer(port: number, timeoutMs = 10_000): Promise<RedisServer> {
  const child = spawn('/usr/bin/redis-server', [
    '--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no',
  ]);
  let output = '';
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server on ${port} did not start:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', () => {
      clearTimeout(timer);
      reject(new Error(`redis-server on ${port} exited:\n${output}`));
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    child,
    async stop(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

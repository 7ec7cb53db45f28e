import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where `nginx -t` found a problem: the file and line it names, and its words. */
export interface NginxProblem {
  message: string;
  file: string | null;
  line: number | null;
}

/**
 * The first error of `nginx -t` output, `nginx: [emerg] <message> in <file>:<line>` or, once the
 * error log is open, `<date> <time> [emerg] <pid>#<tid>: <message> in <file>:<line>`: its words
 * and where.
 */
export function nginxProblem(output: string): NginxProblem {
  const line = output.split('\n').find((l) => /\[(emerg|alert|crit|error)\]/.test(l)) ?? output.trim();
  const text = line.replace(/^.*?\[(emerg|alert|crit|error)\] (\d+#\d+: )?/, '').trim();
  const at = /^(.*) in (\/\S+):(\d+)$/.exec(text);
  return at
    ? { message: at[1]!, file: at[2]!, line: Number(at[3]) }
    : { message: text || 'nginx refused the configuration', file: null, line: null };
}

/** One nginx master run by the agent in the foreground, with its own prefix and configuration. */
export class Nginx {
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();

  constructor(
    private readonly binary: string,
    private readonly root: string,
    private readonly onExit: (code: number | null) => void = () => undefined,
  ) {}

  private args(...more: string[]) {
    return ['-p', `${this.root}/`, '-c', `${this.root}/nginx.conf`, ...more];
  }

  /** `nginx -t`: null when the configuration is good, else the first problem. */
  async test(): Promise<NginxProblem | null> {
    try {
      await run(this.binary, this.args('-t', '-q'), { timeout: 60_000 });
      return null;
    } catch (error) {
      const failed = error as { stderr?: string; stdout?: string; message: string };
      return nginxProblem(`${failed.stderr ?? ''}${failed.stdout ?? ''}` || failed.message);
    }
  }

  /** Starts the master (in the foreground of its own process, so it ends with the agent's stop). */
  start(): void {
    const child = spawn(this.binary, this.args('-g', 'daemon off;'), { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      errors = `${errors}${chunk.toString()}`.slice(-4000);
    });
    this.exited = new Promise((resolve) =>
      child.on('exit', (code) => {
        if (this.child === child) {
          this.child = null;
          if (code !== 0 && errors) console.error(`nginx ended (${code}): ${errors.trim()}`);
          this.onExit(code);
        }
        resolve();
      }),
    );
    this.child = child;
  }

  get running(): boolean {
    return this.child !== null;
  }

  /** A graceful reload: new workers take the new configuration, old ones finish their requests. */
  async reload(): Promise<void> {
    this.child?.kill('SIGHUP');
  }

  /** A graceful stop (the workers finish what they serve), then a hard one after `graceMs`. */
  async stop(graceMs = 5000): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = null;
    child.kill('SIGQUIT');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
  }
}

import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/*
 * The container engine the suite drives: podman with podman-compose 1.0.3 (what CI installs
 * before it runs this suite, decision 074), else Docker with `docker compose` or
 * `docker-compose`. podman-compose 1.0.3 ignores `depends_on` conditions and profiles and has no
 * `--scale`, and podman runs health checks only when asked (no systemd): the suite therefore starts
 * services one by one, runs the health checks itself and scales by starting or removing replicas.
 */

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** The command is killed after this long and the call fails saying so. */
  timeoutMs?: number;
  /** Output is appended here as it comes (long builds) instead of being kept. */
  logFile?: string;
}

/** Runs a command to its end; never rejects for a non-zero exit (see `must`). */
export function run(command: string, args: string[], options: RunOptions = {}): Promise<RunResult> {
  const { cwd, env, timeoutMs = 120_000, logFile } = options;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const keep = (chunk: Buffer, into: 'stdout' | 'stderr') => {
      if (logFile) appendFileSync(logFile, chunk);
      else if (into === 'stdout') stdout += chunk.toString();
      else stderr += chunk.toString();
    };
    child.stdout.on('data', (chunk: Buffer) => keep(chunk, 'stdout'));
    child.stderr.on('data', (chunk: Buffer) => keep(chunk, 'stderr'));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`\`${command} ${args.join(' ')}\` did not finish within ${Math.round(timeoutMs / 1000)} s`));
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr });
    });
  });
}

/** Runs a command and fails with its output when it exits non-zero. */
export async function must(command: string, args: string[], options: RunOptions = {}): Promise<string> {
  const result = await run(command, args, options);
  if (result.code !== 0) {
    const output = options.logFile ? `(output in ${options.logFile})` : `${result.stdout}\n${result.stderr}`.trim().slice(-4000);
    throw new Error(`\`${command} ${args.join(' ')}\` exited with ${result.code}:\n${output}`);
  }
  return result.stdout;
}

const works = async (command: string, args: string[]) => {
  try {
    return (await run(command, args, { timeoutMs: 30_000 })).code === 0;
  } catch {
    return false;
  }
};

export interface Engine {
  kind: 'podman' | 'docker';
  /** The engine's own command line: `podman` or `docker`. */
  cli: string;
  /** The compose command line before the project options. */
  compose: string[];
}

/** podman + podman-compose when both answer, else Docker with a compose; CONTAINER_ENGINE=podman|docker picks one. */
export async function detectEngine(): Promise<Engine> {
  const wanted = process.env.CONTAINER_ENGINE;
  if (wanted !== 'docker' && (await works('podman', ['info'])) && (await works('podman-compose', ['version']))) {
    return { kind: 'podman', cli: 'podman', compose: ['podman-compose'] };
  }
  if (wanted !== 'podman' && (await works('docker', ['info']))) {
    if (await works('docker', ['compose', 'version'])) return { kind: 'docker', cli: 'docker', compose: ['docker', 'compose'] };
    // docker-compose 1.x applies `deploy.replicas` only with --compatibility.
    if (await works('docker-compose', ['version'])) return { kind: 'docker', cli: 'docker', compose: ['docker-compose', '--compatibility'] };
  }
  throw new Error(
    'no container engine: neither podman with podman-compose nor Docker with compose answers ' +
      '(install podman and podman-compose, or Docker with compose: README, "Deployment with containers")',
  );
}

export interface StackOptions {
  engine: Engine;
  repoRoot: string;
  project: string;
  /** Settings the compose file reads (secrets, HTTP_PORT, PUBLIC_URL ...). */
  env: Record<string, string>;
  /** A folder of the run's own files (logs, the scaling override). */
  workDir: string;
}

/** One compose project of docker-compose.yml, driven the same way on both engines. */
export class Stack {
  constructor(private readonly options: StackOptions) {}

  get engine(): Engine {
    return this.options.engine;
  }

  get project(): string {
    return this.options.project;
  }

  private composeArgs(files: string[], args: string[]): [string, string[]] {
    const [command, ...rest] = this.engine.compose;
    const fileArgs = ['docker-compose.yml', ...files].flatMap((file) => ['-f', file]);
    return [command!, [...rest, '-p', this.options.project, ...fileArgs, ...args]];
  }

  private get runOptions(): RunOptions {
    return { cwd: this.options.repoRoot, env: { ...process.env, ...this.options.env } };
  }

  async compose(args: string[], { files = [] as string[], timeoutMs = 180_000 } = {}): Promise<string> {
    const [command, all] = this.composeArgs(files, args);
    return must(command, all, { ...this.runOptions, timeoutMs });
  }

  async cli(args: string[], timeoutMs = 120_000): Promise<string> {
    return must(this.engine.cli, args, { timeoutMs });
  }

  /**
   * Builds one target of the Dockerfile under the name the compose file gives it. Under podman
   * the host's CA bundle is mounted into the build steps only (npm behind a proxy with its own
   * certificate; nothing of it stays in the image; decision 074).
   */
  async build(target: string, tag: string, logFile: string): Promise<void> {
    const args = ['build', '--target', target, '-t', tag];
    const ca = process.env.CONTAINER_BUILD_CA ?? '/etc/ssl/certs/ca-certificates.crt';
    if (this.engine.kind === 'podman') {
      // --format docker keeps the HEALTHCHECKs (the OCI format drops them).
      args.push('--format', 'docker');
      if (ca && existsSync(ca)) {
        const npmrc = path.join(this.options.workDir, 'npmrc');
        writeFileSync(npmrc, 'cafile=/usr/local/etc/build-ca.pem\n');
        args.push('-v', `${npmrc}:/usr/local/etc/npmrc:ro`, '-v', `${ca}:/usr/local/etc/build-ca.pem:ro`);
      }
    }
    args.push('.');
    appendFileSync(logFile, `\n$ ${this.engine.cli} ${args.join(' ')}\n`);
    await must(this.engine.cli, args, { cwd: this.options.repoRoot, logFile, timeoutMs: 30 * 60_000 });
  }

  /** The containers of a service, by replica number. */
  async containers(service: string): Promise<string[]> {
    const out = await this.cli([
      'ps',
      '-a',
      '--filter',
      `label=com.docker.compose.project=${this.options.project}`,
      '--filter',
      `label=com.docker.compose.service=${service}`,
      '--format',
      '{{.Names}}',
    ]);
    const number = (name: string) => Number(/(\d+)$/.exec(name)?.[1] ?? 0);
    return out
      .split('\n')
      .map((name) => name.trim())
      .filter(Boolean)
      .sort((a, b) => number(a) - number(b));
  }

  async container(service: string): Promise<string> {
    const [name] = await this.containers(service);
    if (!name) throw new Error(`no container of ${service} in ${this.options.project}`);
    return name;
  }

  async inspect(name: string, format: string): Promise<string> {
    return (await this.cli(['inspect', '--format', format, name])).trim();
  }

  /** Runs the container's health check now (podman) or reads the engine's last verdict (Docker). */
  async healthy(name: string): Promise<boolean> {
    if (this.engine.kind === 'podman') return (await run('podman', ['healthcheck', 'run', name], { timeoutMs: 30_000 })).code === 0;
    return (await run('docker', ['inspect', '--format', '{{if .State.Health}}{{.State.Health.Status}}{{end}}', name])).stdout.trim() === 'healthy';
  }

  /** Waits until every container of the service passes its health check; fails with their last log lines. */
  async waitHealthy(service: string, timeoutMs: number, replicas = 1): Promise<string[]> {
    const deadline = Date.now() + timeoutMs;
    let names: string[] = [];
    while (Date.now() < deadline) {
      names = await this.containers(service);
      if (names.length >= replicas) {
        const states = await Promise.all(names.map((name) => this.healthy(name)));
        if (states.every(Boolean)) return names;
      }
      await sleep(2_000);
    }
    const logs = await Promise.all(names.map(async (name) => `--- ${name}\n${await this.logs(name, 40)}`));
    throw new Error(`${service}: not ${replicas} healthy replica(s) within ${Math.round(timeoutMs / 1000)} s\n${logs.join('\n')}`);
  }

  async logs(name: string, tail?: number): Promise<string> {
    const result = await run(this.engine.cli, ['logs', ...(tail ? ['--tail', String(tail)] : []), name]);
    return `${result.stdout}${result.stderr}`;
  }

  /** Runs a Node one-liner inside a container (the service images have node and no curl). */
  async node(name: string, script: string): Promise<string> {
    return this.cli(['exec', name, 'node', '-e', script]);
  }

  /** Starts services and their dependencies from the built images. */
  async up(services: string[]): Promise<void> {
    await this.compose(['up', '-d', '--no-build', ...services]);
  }

  /** Runs `replicas` gateways: compose's --scale, or under podman-compose an override of deploy.replicas and removal of the extra ones. */
  async scale(service: string, replicas: number): Promise<void> {
    if (this.engine.kind === 'docker') {
      await this.compose(['up', '-d', '--no-build', '--no-deps', '--scale', `${service}=${replicas}`, service]);
      return;
    }
    const current = await this.containers(service);
    if (current.length < replicas) {
      const override = path.join(this.options.workDir, `${service}-${replicas}.yml`);
      writeFileSync(override, `services:\n  ${service}:\n    deploy:\n      replicas: ${replicas}\n`);
      await this.compose(['up', '-d', '--no-build', service], { files: [override] });
    }
    for (const name of current.slice(replicas).reverse()) {
      await this.cli(['stop', '-t', '15', name]);
      await this.cli(['rm', name]);
    }
  }

  /** Removes everything of the project: containers, volumes, networks, whatever state it is in. */
  async remove(): Promise<void> {
    await run(...this.composeArgs([], ['down', '-v']), { ...this.runOptions, timeoutMs: 180_000 }).catch(() => undefined);
    const label = `label=com.docker.compose.project=${this.options.project}`;
    const list = async (args: string[]) =>
      (await run(this.engine.cli, args).catch(() => ({ stdout: '' }))).stdout.split('\n').map((line) => line.trim()).filter(Boolean);
    const leftovers = await list(['ps', '-a', '--filter', label, '--format', '{{.Names}}']);
    if (leftovers.length) await run(this.engine.cli, ['rm', '-f', ...leftovers]).catch(() => undefined);
    const volumes = await list(['volume', 'ls', '--filter', label, '--format', '{{.Name}}']);
    if (volumes.length) await run(this.engine.cli, ['volume', 'rm', '-f', ...volumes]).catch(() => undefined);
    const networks = await list(['network', 'ls', '--filter', label, '--format', '{{.Name}}']);
    if (networks.length) await run(this.engine.cli, ['network', 'rm', ...networks]).catch(() => undefined);
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

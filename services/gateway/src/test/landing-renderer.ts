import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const webDir = path.join(repoRoot, 'services/web');
const BUILD_WAIT_MS = 120_000;

export const newTestRunId = () => randomUUID();

/** Where a test run keeps its build of the landing renderer. */
export const landingRendererDir = (run: string) => path.join(tmpdir(), `landing-ssr-${run}`);

/**
 * The landing's server bundle (`landing.js`) built from the current sources, once per test run:
 * every gateway test file that renders pages uses the same build (a build takes seconds of CPU).
 * The first file to ask builds it; the others wait for its `ready` mark. The run's global setup
 * names the run (`inject('gatewayTestRun')`) and removes the folder at the end.
 */
export async function landingRenderer(run: string): Promise<string> {
  const dir = landingRendererDir(run);
  const module = path.join(dir, 'landing.js');
  const ready = path.join(dir, 'ready');
  let building = false;
  try {
    mkdirSync(`${dir}.lock`);
    building = true;
  } catch {
    // Another file builds it.
  }
  if (building) {
    execFileSync(process.execPath, [path.join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build', '-c', 'vite.ssr.config.ts', '--outDir', dir, '--logLevel', 'error'], {
      cwd: webDir,
      stdio: 'pipe',
    });
    writeFileSync(ready, '');
    return module;
  }
  for (let waited = 0; !existsSync(ready); waited += 100) {
    if (waited > BUILD_WAIT_MS) throw new Error('the landing renderer was not built in time');
    await sleep(100);
  }
  return module;
}

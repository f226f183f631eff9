import type { FastifyInstance } from 'fastify';

/** Waits until the queue `name` has no job waiting or running (mail sent, capture stored…). */
export async function jobsSettled(app: FastifyInstance, name: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const counts = (await app.jobs.counts()).find((entry) => entry.name === name);
    if (!counts || counts.queued + counts.active === 0) return;
    if (Date.now() > deadline) throw new Error(`the ${name} queue still has ${counts.queued} waiting and ${counts.active} running jobs`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

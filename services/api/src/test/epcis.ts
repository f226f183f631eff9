import type { FastifyInstance } from 'fastify';

/** Waits for the capture job at `location` to finish (it runs on the job queue) and answers it. */
export async function finishedCapture(app: FastifyInstance, location: string, apiKey: string, timeoutMs = 10_000): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await app.inject({ method: 'GET', url: location, headers: { authorization: `Bearer ${apiKey}` } });
    if (response.statusCode !== 200) throw new Error(`GET ${location} answered ${response.statusCode}: ${response.body}`);
    const job = response.json() as Record<string, unknown>;
    if (!job.running) return job;
    if (Date.now() > deadline) throw new Error(`capture job ${location} did not finish`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

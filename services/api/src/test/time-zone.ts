import type { FastifyInstance } from 'fastify';
import { call } from './app.js';

/** Sets the company's time zone and waits for the regrouping of its analytics it asks for (a job). */
export async function setTimeZone(app: FastifyInstance, authorization: string, timeZone: string, timeoutMs = 20_000): Promise<void> {
  const response = await call(app, authorization, { method: 'PUT', url: '/api/auth/me/company-info', payload: { updateInfo: { timeZone } } });
  if (response.statusCode !== 200) throw new Error(`the time zone was refused: ${response.statusCode} ${response.body}`);
  const deadline = Date.now() + timeoutMs;
  while ((await call(app, authorization, { method: 'GET', url: '/api/auth/me/company-info' })).json().result.analyticsRebuild !== null) {
    if (Date.now() > deadline) throw new Error(`the analytics were not regrouped into ${timeZone} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

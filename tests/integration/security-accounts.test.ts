import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@product-console/shared';
import { parseMessage, type CapturedMail } from '../../services/api/src/test/mail.js';
import { jobsSettled } from '../../services/api/src/test/jobs.js';
import { startStack, type Stack } from '../support/stack.js';

/*
 * Finding 9 of the external probe, replayed through the gateway's public pass-through against
 * the real API: sign-up told that an address already had an account; forgot-password took
 * longer for real accounts; one address received dozens of reset mails within seconds. Now a
 * sign-up with a known address answers like a new one and mails the owner, forgot-password
 * answers alike before any work on the address, and every account mail passes one
 * per-recipient throttle (decision 024).
 */

/** A real SMTP server that keeps every message; `hold()` delays its answers, like a slow mail server. */
class Inbox {
  readonly received: CapturedMail[] = [];
  private held: (() => void)[] | null = null;
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, _session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const accept = () => {
          this.received.push(parseMessage(Buffer.concat(chunks).toString('utf8')));
          callback();
        };
        if (this.held) this.held.push(accept);
        else accept();
      });
    },
  });

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
  }

  to(address: string): CapturedMail[] {
    return this.received.filter((mail) => mail.to.includes(address));
  }

  hold(): void {
    this.held = [];
  }

  release(): void {
    const waiting = this.held ?? [];
    this.held = null;
    for (const accept of waiting) accept();
  }

  close(): Promise<void> {
    this.release();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const inbox = new Inbox();
let smtpUrl: string;

beforeAll(async () => {
  smtpUrl = await inbox.listen();
});
afterAll(async () => {
  await inbox.close();
});

const newUser = (serviceName: string, email: string) => ({
  company_name: `Probe ${serviceName}`,
  service_name: serviceName,
  category_id: 1,
  email,
  gcps: ['7050001'],
  first_name: 'Pro',
  last_name: 'Be',
  password: 'Probe-pass-2026',
  role_id: 2,
});

/** What the console's registration form sends. */
const signUp = (stack: Stack, serviceName: string, email: string) =>
  request(stack.gateway.server).post('/bff/public/auth/sign/up').set('X-CSRF', '1').field('newUser', JSON.stringify(newUser(serviceName, email)));

const forgot = (stack: Stack, email: string) =>
  request(stack.gateway.server).post('/bff/public/auth/password/forgot').set('X-CSRF', '1').send({ email });

const answer = (res: request.Response) => ({ status: res.status, type: res.headers['content-type'], body: res.body as unknown });

describe('sign-up and password reset do not tell which addresses have accounts', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ SMTP_URL: smtpUrl, PUBLIC_URL: 'http://console.test:3000' });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('answers a sign-up with an address that has an account like a new sign-up, creates nothing and mails the owner', async () => {
    const owner = 'manager@demo.example';
    const fresh = await signUp(stack, 'probe-fresh', 'new.owner@probe.example');
    const taken = await signUp(stack, 'probe-taken', 'Manager@Demo.example');

    expect(fresh.status).toBe(201);
    expect(answer(taken)).toEqual({ ...answer(fresh), body: { result: { serviceName: 'probe-taken', email: owner, permission: false } } });
    expect(Object.keys(taken.body.result)).toEqual(Object.keys(fresh.body.result));

    await jobsSettled(stack.api.app, 'mail');
    const [mail] = inbox.to(owner);
    expect(inbox.to(owner)).toHaveLength(1);
    expect(mail.subject).toBe('Someone tried to register with your e-mail address');
    expect(mail.links).toEqual(['http://console.test:3000/login', 'http://console.test:3000/forgot-password']);
    expect(inbox.to('new.owner@probe.example')).toEqual([]);

    // The attempt left no company behind: its name is still free, the fresh one's is taken.
    const check = (name: string) => request(stack.gateway.server).get(`/bff/public/auth/service-name/check?serviceName=${name}`).expect(200);
    expect((await check('probe-taken')).body).toEqual({ available: true, reason: null });
    expect((await check('probe-fresh')).body).toEqual({ available: false, reason: 'taken' });
  });

  it('still refuses a taken service name with its field error (names are public, addresses are not)', async () => {
    const res = await signUp(stack, 'acme', 'someone.else@probe.example');
    expect(res.status).toBe(409);
    expect(res.body.code).toBe(ERROR_CODES.SERVICE_NAME_TAKEN);
  });

  it('answers forgot-password alike for a known and an unknown address, without waiting for the mail', async () => {
    const known = 'manager@nordic.example';
    inbox.hold();
    try {
      const forKnown = await forgot(stack, known);
      const forUnknown = await forgot(stack, 'nobody@probe.example');
      expect(answer(forKnown)).toEqual({ status: 200, type: forUnknown.headers['content-type'], body: { result: true } });
      expect(answer(forUnknown)).toEqual(answer(forKnown));
      expect(forKnown.text).toBe(forUnknown.text);
      // Answered while the mail server has not accepted the message yet.
      expect(inbox.to(known)).toEqual([]);
    } finally {
      inbox.release();
    }
    await jobsSettled(stack.api.app, 'mail');
    expect(inbox.to(known).map((mail) => mail.subject)).toEqual(['Reset your password']);
    expect(inbox.to('nobody@probe.example')).toEqual([]);
  });
});

describe('account mail to one address is throttled', () => {
  let stack: Stack;
  // A stack of its own, so that the gateway's per-client limits start afresh; default mail limits.
  beforeAll(async () => {
    stack = await startStack({ SMTP_URL: smtpUrl });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('sends at most the 15-minute limit of reset mails for 10 requests, answering each alike, and counts sign-up notices too', async () => {
    const address = 'subadmin@demo.example';
    const limit = stack.api.config.MAIL_RECIPIENT_LIMIT_15_MIN;
    const answers = [];
    for (let i = 0; i < 10; i += 1) answers.push(await forgot(stack, address));
    // The gateway may limit these calls per client address; those that reached the API all answer alike.
    const reached = answers.filter((res) => res.status !== 429);
    expect(reached.length).toBeGreaterThan(limit);
    expect(new Set(reached.map((res) => `${res.status} ${res.text}`))).toEqual(new Set(['200 {"result":true}']));

    await jobsSettled(stack.api.app, 'mail');
    expect(inbox.to(address)).toHaveLength(limit);

    // The sign-up notice goes through the same throttle: the same answer, no further mail.
    const signUpAnswer = await signUp(stack, 'probe-throttled', address);
    if (signUpAnswer.status !== 429) expect(signUpAnswer.status).toBe(201);
    await jobsSettled(stack.api.app, 'mail');
    expect(inbox.to(address)).toHaveLength(limit);
  });
});

import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../db/seed.js';
import { call, createTestApp, signIn, type TestApp } from '../test/app.js';
import { parseMessage, waitForMail, type CapturedMail } from '../test/mail.js';
import { createRecipientThrottle } from './mail-throttle.js';
import { createMailQueue, createMailTransport, type MailMessage, type MailTransport } from './mailer.js';

/** A real SMTP server on a free port, keeping every message it receives. */
let smtp: SMTPServer;
const received: CapturedMail[] = [];
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(parseMessage(Buffer.concat(chunks).toString('utf8')));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: 'http://console.test:3000', MAIL_FROM: 'Console <console@test.example>' });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

const inbox = async () => received;

describe('mail through SMTP', () => {
  it('uses SMTP when it is configured', () => {
    expect(t.app.mailer.kind).toBe('smtp');
  });

  it('delivers the password-reset message, whose link resets the password', async () => {
    await t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: DEMO_USERS.acmeSubAdmin } });
    const mail = await waitForMail(inbox, DEMO_USERS.acmeSubAdmin);
    expect(mail.subject).toBe('Reset your password');
    const link = new URL(mail.links[0]);
    expect(link.origin).toBe('http://console.test:3000');
    const [, , userId, token] = link.pathname.split('/');
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/password/reset/${userId}/${token}` })).json()).toEqual({ result: { valid: true } });
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/password/reset', payload: { userId: Number(userId), token, password: 'Via-smtp-pass-1' } });
    expect(reset.json()).toEqual({ result: true });
    await signIn(t.app, DEMO_USERS.acmeSubAdmin, 'Via-smtp-pass-1');
  });

  it('delivers the invitation, whose link lets the member join', async () => {
    const manager = await signIn(t.app, DEMO_USERS.acmeManager);
    const created = await call(t.app, manager.authorization, {
      method: 'POST',
      url: '/api/auth/sub-admin/up',
      payload: { newUser: { first_name: 'Mail', last_name: 'Member', email: 'mail.member@acme.example' } },
    });
    const subAdminId = created.json().result.user_id;
    await call(t.app, manager.authorization, { method: 'POST', url: '/api/auth/sub-admin/invitation', payload: { subAdminId } });
    const mail = await waitForMail(inbox, 'mail.member@acme.example');
    const link = new URL(mail.links[0]);
    expect(link.pathname).toBe(`/new-member/${subAdminId}`);
    const token = link.searchParams.get('token')!;
    const accepted = await t.app.inject({ method: 'POST', url: '/api/auth/invitation/accept', payload: { userId: subAdminId, token, password: 'Member-pass-1' } });
    expect(accepted.json()).toEqual({ result: true });
    const member = await signIn(t.app, 'mail.member@acme.example', 'Member-pass-1');
    expect(member.user.roleId).toBe(3);
  });
});

describe('mail on the embedded defaults (no SMTP)', () => {
  const resetLink = 'http://console.test:3000/reset-password/12/reset-token-secret-0123456789';
  async function sendToOutbox(nodeEnv: 'production' | 'development') {
    const dataDir = mkdtempSync(join(tmpdir(), 'outbox-test-'));
    const output: string[] = [];
    const log = pino({}, { write: (line: string) => void output.push(line) });
    const transport = createMailTransport(
      { NODE_ENV: nodeEnv, DATA_DIR: dataDir, MAIL_OUTBOX_DIR: undefined, MAIL_FROM: 'Console <console@test.example>', SMTP_PORT: 587 },
      log,
    );
    try {
      await transport.send({ to: 'a@example.com', subject: 'Reset your password', text: `Open ${resetLink}`, links: [resetLink] });
      const [file] = readdirSync(join(dataDir, 'outbox'));
      return { log: output.join(''), mail: parseMessage(readFileSync(join(dataDir, 'outbox', file), 'utf8')) };
    } finally {
      transport.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  it("writes the message with its link, and logs the link only outside production, where the log is the developer's", async () => {
    const production = await sendToOutbox('production');
    expect(production.mail.links).toEqual([resetLink]);
    expect(production.log).toContain('mail written to the outbox');
    expect(production.log).not.toContain('reset-token-secret');
    const development = await sendToOutbox('development');
    expect(development.log).toContain(resetLink);
  });
});

/** A transport that keeps what it is given; `hold` keeps sends pending until released. */
function recordingTransport() {
  const sent: MailMessage[] = [];
  let held: (() => void)[] | null = null;
  const transport: MailTransport & { sent: MailMessage[]; hold(): void; release(): void; failNext: boolean } = {
    kind: 'outbox',
    sent,
    failNext: false,
    async send(message) {
      if (held) await new Promise<void>((resolve) => held!.push(resolve));
      if (transport.failNext) {
        transport.failNext = false;
        throw new Error('mail server said no');
      }
      sent.push(message);
    },
    close() {},
    hold: () => {
      held = [];
    },
    release: () => {
      const waiting = held ?? [];
      held = null;
      for (const resolve of waiting) resolve();
    },
  };
  return transport;
}

function recordingLog() {
  const lines: { level: string; msg: string }[] = [];
  const at = (level: string) => (_fields: unknown, msg: string) => lines.push({ level, msg });
  return { lines, log: { warn: at('warn'), error: at('error'), info: at('info') } as unknown as FastifyBaseLogger };
}

const content = (subject: string) => ({ subject, text: `${subject}.` });

describe('the mail queue', () => {
  const queueWith = (max = 3, maxQueued?: number) => {
    const transport = recordingTransport();
    const { lines, log } = recordingLog();
    const throttle = createRecipientThrottle({ limits: [{ max, windowMs: 60_000 }] });
    return { transport, lines, mailer: createMailQueue({ transport, throttle, log, maxQueued }) };
  };

  it('returns at once and sends afterwards, in order; idle() waits for the sends', async () => {
    const { transport, mailer } = queueWith();
    transport.hold();
    mailer.enqueue('a@example.com', content('first'));
    mailer.enqueue('a@example.com', content('second'));
    expect(transport.sent).toEqual([]);
    const drained = mailer.idle();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(transport.sent).toEqual([]);
    transport.release();
    await drained;
    expect(transport.sent.map((mail) => [mail.to, mail.subject])).toEqual([
      ['a@example.com', 'first'],
      ['a@example.com', 'second'],
    ]);
  });

  it('drops mails over the per-recipient limit and logs them, other recipients unaffected', async () => {
    const { transport, lines, mailer } = queueWith(2);
    for (const subject of ['1', '2', '3', '4']) mailer.enqueue('Owner@Example.com', content(subject));
    mailer.enqueue('other@example.com', content('5'));
    await mailer.idle();
    expect(transport.sent.map((mail) => mail.subject)).toEqual(['1', '2', '5']);
    expect(lines.filter((line) => line.msg.includes('too many mails'))).toHaveLength(2);
  });

  it('makes deferred content after the caller; nothing made means nothing sent and nothing counted', async () => {
    const { transport, mailer } = queueWith(1);
    const made: string[] = [];
    mailer.enqueue('nobody@example.com', async () => {
      made.push('lookup');
      return null;
    });
    expect(made).toEqual([]);
    mailer.enqueue('nobody@example.com', async () => content('now there is one'));
    await mailer.idle();
    expect(made).toEqual(['lookup']);
    expect(transport.sent.map((mail) => mail.subject)).toEqual(['now there is one']);
  });

  it('logs failures instead of throwing them, and goes on with the next mail', async () => {
    const { transport, lines, mailer } = queueWith();
    transport.failNext = true;
    mailer.enqueue('a@example.com', content('lost'));
    mailer.enqueue('b@example.com', async () => {
      throw new Error('database gone');
    });
    mailer.enqueue('c@example.com', content('delivered'));
    await mailer.idle();
    expect(transport.sent.map((mail) => mail.subject)).toEqual(['delivered']);
    expect(lines.filter((line) => line.level === 'error').map((line) => line.msg)).toEqual(['mail could not be sent', 'mail could not be prepared']);
  });

  it('holds a bounded number of mails and sends what it holds before closing', async () => {
    const { transport, lines, mailer } = queueWith(10, 2);
    transport.hold();
    for (const subject of ['1', '2', '3']) mailer.enqueue(`${subject}@example.com`, content(subject));
    expect(lines.some((line) => line.msg.includes('queue is full'))).toBe(true);
    setTimeout(() => transport.release(), 20);
    await mailer.close();
    expect(transport.sent.map((mail) => mail.subject)).toEqual(['1', '2']);
    mailer.enqueue('late@example.com', content('late'));
    await mailer.idle();
    expect(transport.sent).toHaveLength(2);
  });
});

import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../seed/seed.js';
import { call, createTestApp, signIn, type TestApp } from '../test/app.js';
import { parseMessage, waitForMail, type CapturedMail } from '../test/mail.js';
import { createRecipientThrottle } from './mail-throttle.js';
import { createMailTransport, deliverMail, type MailMaker, type MailMessage, type MailTransport } from './mailer.js';

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

/** A transport that keeps what it is given, or fails while `failing` is set. */
function recordingTransport() {
  const sent: MailMessage[] = [];
  const transport: MailTransport & { sent: MailMessage[]; failing: boolean } = {
    kind: 'outbox',
    sent,
    failing: false,
    async send(message) {
      if (transport.failing) throw new Error('mail server said no');
      sent.push(message);
    },
    close() {},
  };
  return transport;
}

function recordingLog() {
  const lines: { level: string; msg: string }[] = [];
  const at = (level: string) => (_fields: unknown, msg: string) => lines.push({ level, msg });
  return { lines, log: { warn: at('warn'), error: at('error'), info: at('info') } as unknown as FastifyBaseLogger };
}

describe('a mail job', () => {
  const makers = new Map<string, MailMaker>([
    ['note', async ({ data }) => ({ subject: String(data?.subject), text: 'A note.' })],
    ['nobody', async () => null],
  ]);
  /** A replica's delivery: its own transport and throttle object, the shared database. */
  const replica = (max = 2) => {
    const transport = recordingTransport();
    const { lines, log } = recordingLog();
    const throttle = createRecipientThrottle([{ max, windowMs: 60_000 }]);
    return { transport, lines, delivery: { transport, throttle, makers, db: t.app.db, log } };
  };

  it('counts the per-recipient limit across replicas, and drops and logs what passes it', async () => {
    const a = replica(2);
    const b = replica(2);
    const to = `limit-${Date.now()}@example.com`;
    expect(await deliverMail(a.delivery, { kind: 'note', to, data: { subject: '1' } })).toBe('sent');
    expect(await deliverMail(b.delivery, { kind: 'note', to: to.toUpperCase(), data: { subject: '2' } })).toBe('sent');
    expect(await deliverMail(a.delivery, { kind: 'note', to, data: { subject: '3' } })).toBe('throttled');
    expect(await deliverMail(b.delivery, { kind: 'note', to: `other-${to}`, data: { subject: '4' } })).toBe('sent');
    expect([...a.transport.sent, ...b.transport.sent].map((mail) => mail.subject)).toEqual(['1', '2', '4']);
    expect(a.lines.filter((line) => line.msg.includes('too many mails'))).toHaveLength(1);
  });

  it('sends and counts nothing when its maker finds nothing to send', async () => {
    const a = replica(1);
    const to = `nobody-${Date.now()}@example.com`;
    expect(await deliverMail(a.delivery, { kind: 'nobody', to })).toBe('nothing');
    expect(await deliverMail(a.delivery, { kind: 'note', to, data: { subject: 'now there is one' } })).toBe('sent');
    expect(a.transport.sent.map((mail) => mail.subject)).toEqual(['now there is one']);
  });

  it('throws when the transport fails, so that the queue retries it, and counts nothing', async () => {
    const a = replica(1);
    const to = `retry-${Date.now()}@example.com`;
    a.transport.failing = true;
    await expect(deliverMail(a.delivery, { kind: 'note', to, data: { subject: 'later' } })).rejects.toThrow('mail server said no');
    a.transport.failing = false;
    expect(await deliverMail(a.delivery, { kind: 'note', to, data: { subject: 'later' } })).toBe('sent');
  });
});

describe('mail and the change that causes it', () => {
  it('leaves with a committed change and never with a rolled-back one', async () => {
    t.app.mailer.define('test-note', async ({ data }) => ({ subject: `Note ${String(data?.n)}`, text: 'A note.' }));
    const to = `tx-${Date.now()}@example.com`;
    await expect(
      t.app.db.transaction(async (tx) => {
        await t.app.mailer.send({ kind: 'test-note', to, data: { n: 1 } }, tx);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await t.app.db.transaction(async (tx) => {
      await t.app.mailer.send({ kind: 'test-note', to, data: { n: 2 } }, tx);
    });
    const mail = await waitForMail(inbox, to);
    expect(mail.subject).toBe('Note 2');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(received.filter((entry) => entry.to.includes(to)).map((entry) => entry.subject)).toEqual(['Note 2']);
  });
});

import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../db/seed.js';
import { call, createTestApp, signIn, type TestApp } from '../test/app.js';
import { parseMessage, waitForMail, type CapturedMail } from '../test/mail.js';

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

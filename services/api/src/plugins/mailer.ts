import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { QueueDefinition } from '../jobs/queue.js';
import { createRecipientThrottle, recipientKey, type RecipientThrottle } from './mail-throttle.js';

export interface MailContent {
  subject: string;
  text: string;
  html?: string;
  /** Links the message carries; logged when messages go to the outbox folder. */
  links?: string[];
}

export interface MailMessage extends MailContent {
  to: string;
}

/** Delivers one message now: through an SMTP server or into the outbox folder. */
export interface MailTransport {
  /** 'smtp' sends through a server; 'outbox' writes `.eml` files (the embedded default). */
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** A mail to send: its kind names how it is made (`Mailer.define`), from the data the job keeps. */
export interface MailJob {
  kind: string;
  to: string;
  /** What the maker needs (ids, never a token or a message body: jobs are kept a week). */
  data?: Record<string, unknown>;
}

/**
 * Makes a mail when its job runs, after the answer: looks the account up, issues a link. Null when
 * there is nothing to send (no such account); then nothing counts against the recipient's limits.
 */
export type MailMaker = (mail: MailJob) => Promise<MailContent | null>;

/** `app.mailer`: the one path of every account mail (decisions 024 and 072). */
export interface Mailer {
  readonly kind: MailTransport['kind'];
  /** How mails of `kind` are made; every replica defines the same. */
  define(kind: string, make: MailMaker): void;
  /**
   * Queues a mail on the job queue. Given the transaction of the change that causes it, the mail is
   * sent exactly when that change commits. The caller's answer never shows whether it was sent,
   * throttled or had no account.
   */
  send(mail: MailJob, tx?: Db): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

type MailSettings = Pick<
  Config,
  'SMTP_URL' | 'SMTP_HOST' | 'SMTP_PORT' | 'SMTP_SECURE' | 'SMTP_USER' | 'SMTP_PASSWORD' | 'MAIL_FROM' | 'MAIL_OUTBOX_DIR' | 'DATA_DIR' | 'NODE_ENV'
>;

function smtpTransport(settings: MailSettings): Transporter | null {
  if (settings.SMTP_URL) return nodemailer.createTransport(settings.SMTP_URL);
  if (!settings.SMTP_HOST) return null;
  return nodemailer.createTransport({
    host: settings.SMTP_HOST,
    port: settings.SMTP_PORT,
    secure: settings.SMTP_SECURE ?? settings.SMTP_PORT === 465,
    auth: settings.SMTP_USER ? { user: settings.SMTP_USER, pass: settings.SMTP_PASSWORD ?? '' } : undefined,
  });
}

/**
 * Sends mail through SMTP when SMTP_URL or SMTP_HOST is set; otherwise renders each message
 * as an RFC 822 file into the outbox folder and, outside production, logs its links, so that
 * sign-up, password reset and invitations work on the embedded defaults. The links hold reset
 * and invitation tokens: a production log never does (decision 062); the file has them.
 */
export function createMailTransport(settings: MailSettings, log: FastifyBaseLogger): MailTransport {
  const smtp = smtpTransport(settings);
  if (smtp) {
    return {
      kind: 'smtp',
      async send(message) {
        await smtp.sendMail({ from: settings.MAIL_FROM, to: message.to, subject: message.subject, text: message.text, html: message.html });
        log.info({ subject: message.subject }, 'mail sent');
      },
      close: () => smtp.close(),
    };
  }

  const outbox = settings.MAIL_OUTBOX_DIR ?? join(settings.DATA_DIR, 'outbox');
  const renderer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await renderer.sendMail({ from: settings.MAIL_FROM, to: message.to, subject: message.subject, text: message.text, html: message.html });
      await mkdir(outbox, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      // Written then renamed, so that a reader never sees half a message.
      const path = join(outbox, name);
      await writeFile(`${path}.tmp`, info.message as Buffer);
      await rename(`${path}.tmp`, path);
      const links = settings.NODE_ENV === 'production' ? {} : { links: message.links ?? [] };
      log.info({ file: path, subject: message.subject, ...links }, 'mail written to the outbox (no SMTP configured)');
    },
    close: () => renderer.close(),
  };
}

export const MAIL_QUEUE: QueueDefinition = {
  name: 'mail',
  // One mail per recipient at a time, in the order queued: a newer reset link spends the older one.
  policy: 'singleton',
  retryLimit: 6,
  retryDelaySeconds: 30,
  expireInSeconds: 120,
};
const MAIL_SWEEP_QUEUE: QueueDefinition = { name: 'mail-sweep', retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 300 };

export interface MailDelivery {
  transport: MailTransport;
  throttle: RecipientThrottle;
  makers: ReadonlyMap<string, MailMaker>;
  db: Db;
  log: FastifyBaseLogger;
}

/**
 * Runs one mail job: within the recipient's limits, makes the mail and sends it. A transport error
 * throws, and the queue retries with back-off; a throttled or unmade mail ends the job.
 */
export async function deliverMail({ transport, throttle, makers, db, log }: MailDelivery, mail: MailJob): Promise<'sent' | 'throttled' | 'nothing'> {
  // Logs name a recipient by a digest prefix only, enough to follow one address through the log.
  const recipient = recipientKey(mail.to).slice(0, 12);
  const make = makers.get(mail.kind);
  if (!make) throw new Error(`no mail of kind ${mail.kind} is defined`);
  if (!(await throttle.allows(db, mail.to))) {
    log.warn({ recipient, kind: mail.kind }, 'mail dropped: too many mails to this recipient');
    return 'throttled';
  }
  const made = await make(mail);
  if (!made) return 'nothing';
  await transport.send({ ...made, to: mail.to });
  await throttle.record(db, mail.to);
  return 'sent';
}

export interface MailerPluginOptions {
  config: Config;
  /** A ready transport (tests); otherwise SMTP or the outbox folder, from the config. */
  transport?: MailTransport;
}

/** Decorates `app.mailer`; its jobs run on the job queue, one recipient at a time. */
export default fp<MailerPluginOptions>(
  async (app, { config, transport: given }) => {
    const transport = given ?? createMailTransport(config, app.log);
    const makers = new Map<string, MailMaker>();
    const throttle = createRecipientThrottle([
      { max: config.MAIL_RECIPIENT_LIMIT_15_MIN, windowMs: 15 * 60_000 },
      { max: config.MAIL_RECIPIENT_LIMIT_HOUR, windowMs: 60 * 60_000 },
    ]);
    app.decorate('mailer', {
      kind: transport.kind,
      define(kind, make) {
        makers.set(kind, make);
      },
      async send(mail, tx) {
        await app.jobs.send(MAIL_QUEUE.name, mail, { tx, singletonKey: recipientKey(mail.to) });
      },
    } satisfies Mailer);
    await app.jobs.handle<MailJob>(MAIL_QUEUE, {}, async ({ data }) => {
      await deliverMail({ transport, throttle, makers, db: app.db, log: app.log }, data);
    });
    await app.jobs.handle(MAIL_SWEEP_QUEUE, {}, async () => {
      await throttle.sweep(app.db);
    });
    await app.jobs.schedule(MAIL_SWEEP_QUEUE.name, '17 * * * *');
    app.addHook('onClose', () => transport.close());
  },
  { name: 'mailer', dependencies: ['db', 'jobs'] },
);

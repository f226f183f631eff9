import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.js';
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

/**
 * A queued mail's content, or the work that makes it (looking up the account, issuing a
 * link), run after the answer; it gives null when there is nothing to send.
 */
export type QueuedContent = MailContent | (() => Promise<MailContent | null>);

/** `app.mailer`: the one path of every account mail (decision 024). */
export interface Mailer {
  readonly kind: MailTransport['kind'];
  /**
   * Queues a mail to `to` and returns at once: the caller's answer never waits for it, never
   * fails because of it and never shows whether it was sent, throttled or had no account.
   */
  enqueue(to: string, content: QueuedContent): void;
  /** Resolves once nothing is queued or being sent (tests, shutdown). */
  idle(): Promise<void>;
  /** Waits a while for the queue to drain, then closes the transport. */
  close(): Promise<void>;
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

/** Mails waiting beyond this are dropped (and logged): memory stays bounded under a flood. */
const MAX_QUEUED_MAILS = 1_000;
/**
 * One mail at a time, in order: a newer reset link spends the older one, so a recipient's
 * mails must be made and sent in the order they were asked for.
 */
const CONCURRENT_SENDS = 1;
/** How long closing the app waits for queued mail. */
const DRAIN_ON_CLOSE_MS = 5_000;

export interface MailQueueOptions {
  transport: MailTransport;
  throttle: RecipientThrottle;
  log: FastifyBaseLogger;
  maxQueued?: number;
}

/**
 * The in-process mail queue: every mail passes the per-recipient throttle, is made (when its
 * content is deferred) and is sent after the request that queued it has been answered. Errors
 * are logged, never thrown; throttled mails are dropped and logged.
 */
export function createMailQueue({ transport, throttle, log, maxQueued = MAX_QUEUED_MAILS }: MailQueueOptions): Mailer {
  const queued: { to: string; content: QueuedContent }[] = [];
  let sending = 0;
  let scheduled = false;
  let closed = false;
  let waiters: (() => void)[] = [];

  // Logs name a recipient by a digest prefix only, enough to follow one address through the log.
  const recipient = (to: string) => recipientKey(to).slice(0, 12);

  async function deliver(to: string, content: QueuedContent): Promise<void> {
    if (!throttle.take(to)) {
      log.warn({ recipient: recipient(to) }, 'mail dropped: too many mails to this recipient');
      return;
    }
    let made: MailContent | null;
    try {
      made = typeof content === 'function' ? await content() : content;
    } catch (err) {
      throttle.giveBack(to);
      log.error({ err, recipient: recipient(to) }, 'mail could not be prepared');
      return;
    }
    if (!made) {
      throttle.giveBack(to);
      return;
    }
    try {
      await transport.send({ ...made, to });
    } catch (err) {
      log.error({ err, subject: made.subject, recipient: recipient(to) }, 'mail could not be sent');
    }
  }

  function settle(): void {
    if (queued.length > 0 || sending > 0) return;
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  }

  function pump(): void {
    scheduled = false;
    while (sending < CONCURRENT_SENDS && queued.length > 0) {
      const { to, content } = queued.shift()!;
      sending += 1;
      void deliver(to, content).finally(() => {
        sending -= 1;
        pump();
      });
    }
    settle();
  }

  const idle = () => (queued.length === 0 && sending === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve)));

  return {
    kind: transport.kind,
    enqueue(to, content) {
      if (closed || queued.length >= maxQueued) {
        log.error({ recipient: recipient(to), queued: queued.length, closed }, 'mail dropped: the mail queue is full or closed');
        return;
      }
      queued.push({ to, content });
      // setImmediate runs after the current request's answer has been written.
      if (!scheduled) {
        scheduled = true;
        setImmediate(pump);
      }
    },
    idle,
    async close() {
      closed = true;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, DRAIN_ON_CLOSE_MS);
      });
      await Promise.race([idle(), timeout]);
      clearTimeout(timer);
      if (queued.length > 0 || sending > 0) log.warn({ queued: queued.length, sending }, 'closing with mail still queued');
      transport.close();
    },
  };
}

export interface MailerPluginOptions {
  config: Config;
  /** A ready transport (tests); otherwise SMTP or the outbox folder, from the config. */
  transport?: MailTransport;
}

/** Decorates `app.mailer`, the mail queue with its per-recipient throttle. */
export default fp<MailerPluginOptions>(
  async (app, { config, transport }) => {
    const mailer = createMailQueue({
      transport: transport ?? createMailTransport(config, app.log),
      throttle: createRecipientThrottle({
        limits: [
          { max: config.MAIL_RECIPIENT_LIMIT_15_MIN, windowMs: 15 * 60_000 },
          { max: config.MAIL_RECIPIENT_LIMIT_HOUR, windowMs: 60 * 60_000 },
        ],
      }),
      log: app.log,
    });
    app.decorate('mailer', mailer);
    // Registered after the database, so this runs before it closes: queued mail can still be made.
    app.addHook('onClose', () => mailer.close());
  },
  { name: 'mailer' },
);

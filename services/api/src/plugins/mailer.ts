import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Links the message carries; logged when messages go to the outbox folder. */
  links?: string[];
}

export interface Mailer {
  /** 'smtp' sends through a server; 'outbox' writes `.eml` files (the embedded default). */
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

type MailSettings = Pick<
  Config,
  'SMTP_URL' | 'SMTP_HOST' | 'SMTP_PORT' | 'SMTP_SECURE' | 'SMTP_USER' | 'SMTP_PASSWORD' | 'MAIL_FROM' | 'MAIL_OUTBOX_DIR' | 'DATA_DIR'
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
 * as an RFC 822 file into the outbox folder and logs its links, so that sign-up, password
 * reset and invitations work on the embedded defaults.
 */
export function createMailer(settings: MailSettings, log: FastifyBaseLogger): Mailer {
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
      log.info({ file: path, subject: message.subject, links: message.links ?? [] }, 'mail written to the outbox (no SMTP configured)');
    },
    close: () => renderer.close(),
  };
}

export interface MailerPluginOptions {
  config: Config;
  /** A ready mailer (tests); otherwise one is made from the config. */
  mailer?: Mailer;
}

/** Decorates `app.mailer`. */
export default fp<MailerPluginOptions>(
  async (app, { config, mailer }) => {
    const instance = mailer ?? createMailer(config, app.log);
    app.decorate('mailer', instance);
    app.addHook('onClose', async () => instance.close());
  },
  { name: 'mailer' },
);

/**
 * Sends without making the caller wait or fail: answers must not reveal, by their timing or
 * their status, whether a message went out (password reset of an unknown address).
 */
export function sendInBackground(mailer: Mailer, log: FastifyBaseLogger, message: MailMessage): void {
  mailer.send(message).catch((err: unknown) => log.error({ err, subject: message.subject }, 'mail could not be sent'));
}

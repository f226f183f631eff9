import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config.js';

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  /** Every http(s) link in the text. */
  links: string[];
}

/** Undoes quoted-printable (soft line breaks and =XX escapes), as nodemailer writes long lines. */
export function decodeQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Undoes RFC 2047 encoded words (`=?UTF-8?B?...?=`), as nodemailer writes a non-ASCII subject. */
export function decodeEncodedWords(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_match, kind: string, data: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** Parses a single-part text message as nodemailer renders it. */
export function parseMessage(raw: string): CapturedMail {
  const normalized = raw.replace(/\r\n/g, '\n');
  const split = normalized.indexOf('\n\n');
  const head = normalized.slice(0, split).replace(/\n[ \t]+/g, ' ');
  let body = normalized.slice(split + 2);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  if (/quoted-printable/i.test(header('Content-Transfer-Encoding'))) body = decodeQuotedPrintable(body);
  if (/base64/i.test(header('Content-Transfer-Encoding'))) body = Buffer.from(body, 'base64').toString('utf8');
  return { to: header('To'), subject: decodeEncodedWords(header('Subject')), text: body, links: body.match(/https?:\/\/[^\s<>"]+/g) ?? [] };
}

export function outboxDir(config: Config): string {
  return config.MAIL_OUTBOX_DIR ?? join(config.DATA_DIR, 'outbox');
}

export async function readOutbox(config: Config): Promise<CapturedMail[]> {
  const dir = outboxDir(config);
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(names.map(async (name) => parseMessage(await readFile(join(dir, name), 'utf8'))));
}

/** Waits for the newest message to `to` (mail goes out in the background). */
export async function waitForMail(read: () => Promise<CapturedMail[]>, to: string, after = 0, timeoutMs = 5000): Promise<CapturedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await read()).filter((mail) => mail.to.includes(to));
    if (found.length > after) return found[found.length - 1];
    if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** How many messages to `to` are already there. */
export async function countMail(read: () => Promise<CapturedMail[]>, to: string): Promise<number> {
  return (await read()).filter((mail) => mail.to.includes(to)).length;
}

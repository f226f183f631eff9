import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { defineAccountMails } from '../modules/auth/accounts.js';
import { defineReportAnswerMail } from '../modules/authenticity/reports.js';
import { defineInvitationMail } from '../modules/sub-admins/management.js';

/** How each kind of mail is made when its job runs, on every replica (the modules' makers). */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const context = { db: app.db, mailer: app.mailer, config };
    defineAccountMails(context);
    defineInvitationMail(context);
    defineReportAnswerMail(context);
  },
  { name: 'mail-makers', dependencies: ['db', 'mailer'] },
);

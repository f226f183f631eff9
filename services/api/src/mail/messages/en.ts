import { lines, type MailMessages } from '../types.js';

export const en: MailMessages = {
  signUpAttempt: ({ signInLink, resetLink }) => ({
    subject: 'Someone tried to register with your e-mail address',
    text: lines(
      'Hello,',
      '',
      'Someone tried to register a new company in the Product Console with this e-mail address.',
      'The address already has an account, so nothing was created and nothing was changed.',
      '',
      'If it was you, sign in with your account:',
      '',
      signInLink,
      '',
      'Forgot your password? Choose a new one here:',
      '',
      resetLink,
      '',
      'If it was not you, you can ignore this message.',
    ),
  }),
  passwordReset: ({ firstName, link, code, minutes }) => ({
    subject: 'Reset your password',
    text: lines(
      `Hello ${firstName},`,
      '',
      'Someone asked to reset the password of your Product Console account.',
      'Open this link to choose a new password:',
      '',
      link,
      '',
      `Or enter this verification code: ${code}`,
      '',
      `The link and the code work once and expire in ${minutes} minutes.`,
      'If you did not ask for this, ignore this message; your password stays as it is.',
    ),
  }),
  invitation: ({ firstName, companyName, link, days }) => ({
    subject: `You are invited to ${companyName ?? 'the Product Console'}`,
    text: lines(
      `Hello ${firstName},`,
      '',
      `You have been invited to manage products of ${companyName ?? 'a company'} in the Product Console.`,
      'Open this link to set your password and join:',
      '',
      link,
      '',
      `The link works once and expires in ${days} day${days === 1 ? '' : 's'}.`,
    ),
  }),
  reportAnswer: ({ companyName, productName, reportedOn, message }) => ({
    subject: `${companyName}: about your report on ${productName}`,
    text: lines(
      'Hello,',
      '',
      `${companyName} answers the report you sent on ${reportedOn} about ${productName}:`,
      '',
      message,
      '',
      'You receive this message because you asked for an answer when you sent the report.',
    ),
  }),
};

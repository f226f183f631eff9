/** The subject and plain-text body of one account mail. */
export interface MailText {
  subject: string;
  text: string;
}

/**
 * The account mails in one language. Each is a function of its values, so that a language
 * can put them where its grammar wants them; links stay on lines of their own.
 */
export interface MailMessages {
  /** To the owner of an address someone tried to register a new company with. */
  signUpAttempt(values: { signInLink: string; resetLink: string }): MailText;
  passwordReset(values: { firstName: string; link: string; code: string; minutes: number }): MailText;
  /** `companyName` is null when the company could not be found. */
  invitation(values: { firstName: string; companyName: string | null; link: string; days: number }): MailText;
  /** To a shopper who reported a suspected fake and agreed to an answer: the brand's own words in `message`. */
  reportAnswer(values: { companyName: string; productName: string; reportedOn: string; message: string }): MailText;
}

/** A body's lines, joined. */
export const lines = (...parts: string[]): string => parts.join('\n');

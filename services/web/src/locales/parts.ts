/**
 * The catalogues travel in two parts (decision 073). The account part is what a signed-out
 * visitor's pages say — sign-in, sign-up, password reset, the messages of failed calls and form
 * checks — and comes with the first load; the console part, everything else, is fetched with the
 * first console page. A page outside the account routes that used an id of the console part
 * before it arrived would show the id: `parts.test.tsx` renders each account page with the
 * account part alone to keep this list right.
 */
export type CataloguePart = 'account' | 'console';

/** Ids of the account part: each entry is an id, or a prefix ending in a dot. */
export const ACCOUNT_MESSAGES = [
  'app.',
  'common.',
  'language.',
  'theme.',
  'error.',
  'form.',
  'account.',
  'auth.',
  'login.',
  'register.',
  'forgot.',
  'reset.',
  'checkMail.',
  'codeVerification.',
  'newMember.',
  'comingSoon.',
  'dropZone.',
  'notFound.',
  'wizard.uploading',
  'links.error.title',
] as const;

export function partOfMessage(id: string): CataloguePart {
  return ACCOUNT_MESSAGES.some((entry) => (entry.endsWith('.') ? id.startsWith(entry) : id === entry)) ? 'account' : 'console';
}

/** One part of a catalogue. */
export function catalogueParts<T extends Record<string, string>>(catalogue: T, part: CataloguePart): Partial<T> {
  return Object.fromEntries(Object.entries(catalogue).filter(([id]) => partOfMessage(id) === part)) as Partial<T>;
}

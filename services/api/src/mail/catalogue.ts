import { FALLBACK_LANGUAGE, UI_LANGUAGES, type UiLanguage } from '@product-console/shared';
import { en } from './messages/en.js';
import { it } from './messages/it.js';
import { ja } from './messages/ja.js';
import { ko } from './messages/ko.js';
import { zh } from './messages/zh.js';
import type { MailMessages } from './types.js';

export type { MailMessages, MailText } from './types.js';

const catalogue: Record<UiLanguage, MailMessages> = { en, ko, it, zh, ja };

/** The mails in a user's language; an unknown or missing language gets English. */
export function mailMessages(language: string | null | undefined): MailMessages {
  return (UI_LANGUAGES as readonly string[]).includes(language ?? '') ? catalogue[language as UiLanguage] : catalogue[FALLBACK_LANGUAGE];
}


import { LINK_TYPES, LINK_TYPE_DEFAULT_TITLES, type LinkType } from '@product-console/shared';
import type { MessageId } from '@/lib/i18n';

/** Languages a link's target or title can be in; names come from `Intl.DisplayNames` in the UI language. */
export const LINK_LANGUAGES = ['en', 'ko', 'ja', 'zh', 'it', 'fr', 'de', 'es', 'pt', 'nl', 'sv', 'da', 'fi', 'no', 'pl', 'tr', 'ar', 'hi', 'th', 'vi', 'id'] as const;

export function languageName(locale: string, code: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

export const isLinkType = (value: string): value is LinkType => (LINK_TYPES as readonly string[]).includes(value);

/** The translated name of a link type (`gs1:pip` -> "Product information"). */
export function linkTypeMessageId(linkType: string): MessageId | null {
  return isLinkType(linkType) ? (`links.type.${linkType.slice('gs1:'.length)}` as MessageId) : null;
}

/** The title a new link of this type gets unless the user writes another one. */
export const defaultLinkTitle = (linkType: LinkType) => LINK_TYPE_DEFAULT_TITLES[linkType];

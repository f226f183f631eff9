import type { LandingPageData, LandingView } from '@product-console/shared';

/*
 * Kept free of anything but types: the enhancement script imports this file, and every byte of it is
 * the first load's (the shared package's schemas would bring zod). The server computes what the
 * script needs (channel name, video players) and writes it here.
 *
 * What the server puts in the page for its enhancement script (entry-client.ts) and, only when an
 * editor answers with a draft, the draft entry (draft.tsx): `<script type="application/json" id=…>`.
 * Inert data, not a script: the page's CSP allows no inline script.
 */
export const PAGE_STATE_ID = 'landing-state';

export interface LandingPageState {
  productId: number;
  view: LandingView;
  /** The language the texts are shown in (DEFAULT, a registered code, or with auto-translation any). */
  language: string;
  /** The page's own words (headings, chips' labels, banners): en, ko, ja, zh or it. */
  uiLanguage: string;
  serial: string | null;
  digitalLink: string;
  /** The path of the index view, to which the views' links are relative. */
  basePath: string;
  /**
   * The page's data and messages, for the draft entry (it ships none of its own): only on a page
   * opened in a browser signed in to the console, where an editor may send a draft; a shopper's page
   * carries neither (they were most of its weight).
   */
  data?: LandingPageData;
  messages?: Record<string, string>;
  /**
   * Stylesheets of the CJK faces the page's languages need (ja, zh, ko), added by the enhancement
   * script after the first paint: the page is drawn at once in the system's faces, never blocked on them.
   */
  fonts: string[];
  /** The draft entry's address, imported only when an editor in this browser answers with a draft. */
  draftScript: string | null;
  /** The preview channel's name (`previewChannelName(productId)`). */
  channel: string;
  /** The players of the page's YouTube and Vimeo blocks, in the order their facades are drawn. */
  videos: string[];
}

/** Reads the state the server wrote; null on a page without one (the 404 and 503 pages). */
export function readPageState(doc: Document): LandingPageState | null {
  const element = doc.getElementById(PAGE_STATE_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as LandingPageState;
  } catch {
    return null;
  }
}

/** `</script>` and friends cannot end the data block, and U+2028/9 stay valid in every parser. */
export function serializePageState(state: LandingPageState): string {
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

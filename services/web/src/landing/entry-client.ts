import { readPageState, type LandingPageState } from './page-state';
import { revealVerifiedMarks } from './verify-credential';

/*
 * The landing's only first-load script (decision 042): the page is already drawn by the server and
 * readable without it. It adds what needs a script — the gallery's position dots, a video's facade
 * turned into its player on a tap, images that fail leaving the gallery — and listens on the preview
 * channel: only when an editor in this browser answers with a draft is the draft entry (React and
 * the views) loaded, which replaces the page with the draft. Shoppers never load it.
 * It imports nothing but the page state's reader and the dpp view's credential check (no dependencies):
 * what it needs is computed by the server.
 */

const state = readPageState(document);

/** Images that do not load leave the gallery: a shopper sees no broken image. */
function hideBrokenImages(root: ParentNode) {
  for (const img of root.querySelectorAll<HTMLImageElement>('ul li img')) {
    const hide = () => {
      const item = img.closest('li');
      if (item) item.hidden = true;
    };
    if (img.complete && img.naturalWidth === 0 && img.currentSrc) hide();
    else img.addEventListener('error', hide, { once: true });
  }
}

/** Dots under a swipeable gallery: where the viewer is, and a tap to go to an image. */
function galleryDots(root: ParentNode) {
  for (const gallery of root.querySelectorAll<HTMLElement>('[data-gallery], [data-testid="product-landing"] ul[tabindex="0"]')) {
    if (gallery.dataset.enhanced) continue;
    gallery.dataset.enhanced = '1';
    const items = [...gallery.children].filter((item): item is HTMLElement => item instanceof HTMLElement && !item.hidden);
    if (items.length < 2) continue;
    const dots = document.createElement('div');
    dots.className = 'landing-dots';
    const buttons = items.map((item, index) => {
      const dot = document.createElement('button');
      dot.type = 'button';
      // Out of the tab order (the gallery itself scrolls by keyboard), named by the image it shows.
      dot.tabIndex = -1;
      dot.setAttribute('aria-label', item.querySelector('img')?.alt || String(index + 1));
      dot.addEventListener('click', () => gallery.scrollTo({ left: item.offsetLeft - gallery.offsetLeft, behavior: 'smooth' }));
      if (index === 0) dot.setAttribute('aria-current', 'true');
      dots.append(dot);
      return dot;
    });
    let frame = 0;
    gallery.addEventListener(
      'scroll',
      () => {
        cancelAnimationFrame(frame);
        frame = requestAnimationFrame(() => {
          const index = Math.round(gallery.scrollLeft / Math.max(1, gallery.clientWidth));
          buttons.forEach((dot, at) => (at === index ? dot.setAttribute('aria-current', 'true') : dot.removeAttribute('aria-current')));
        });
      },
      { passive: true },
    );
    gallery.after(dots);
  }
}

/** A video's facade becomes its player when tapped: nothing is loaded from the host before. */
function videoFacades(root: ParentNode, page: LandingPageState | null) {
  const facades = [...root.querySelectorAll<HTMLButtonElement>('[data-testid="preview-video-facade"]')];
  const urls = page?.videos ?? [];
  facades.forEach((facade, index) => {
    const src = facade.dataset.embedUrl ?? urls[index];
    if (!src) return;
    facade.addEventListener('click', () => {
      const player = document.createElement('iframe');
      player.src = src;
      player.title = facade.getAttribute('aria-label') ?? '';
      player.allow = 'autoplay; encrypted-media; fullscreen; picture-in-picture';
      player.allowFullscreen = true;
      player.referrerPolicy = 'strict-origin-when-cross-origin';
      facade.replaceWith(player);
      player.focus();
    });
  });
}

/** The receiving end of the editor's preview channel (spec point 7), as in the console's preview tab. */
function previewChannel(page: LandingPageState) {
  if (typeof BroadcastChannel === 'undefined') return;
  const id = page.productId;
  const channel = new BroadcastChannel(page.channel);
  let showDraft: ((message: unknown) => void) | null = null;
  let loading: Promise<unknown> | null = null;
  channel.onmessage = (event: MessageEvent<unknown>) => {
    const message = event.data as { type?: unknown; productId?: unknown } | null;
    if (!message || typeof message !== 'object' || message.productId !== id) return;
    if (message.type === 'clear') {
      // Only a page showing a draft goes back; the published page is already what it shows.
      if (showDraft || loading) location.reload();
      return;
    }
    if (message.type !== 'draft') return;
    if (showDraft) {
      showDraft(message);
      return;
    }
    if (!page.draftScript) return;
    // The draft entry (its own build) checks the message against the shared schema; a bad one leaves the page as it is.
    loading ??= (import(/* @vite-ignore */ page.draftScript) as Promise<typeof import('./draft')>).then(({ mountDraft }) => {
      showDraft = mountDraft(document.getElementById('landing-root'), page);
    });
    void loading.then(() => showDraft?.(message));
  };
  channel.postMessage({ type: 'hello', productId: id });
}

/** The CJK faces the page's language needs, without holding up the first paint (their subsets load per character shown). */
function languageFaces(page: LandingPageState) {
  for (const href of page.fonts ?? []) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    document.head.append(link);
  }
}

hideBrokenImages(document);
galleryDots(document);
videoFacades(document, state);
// The dpp view's 'Verified by' mark shows only once the credential verifies (decision 047).
void revealVerifiedMarks(document);
if (state) {
  languageFaces(state);
  previewChannel(state);
}

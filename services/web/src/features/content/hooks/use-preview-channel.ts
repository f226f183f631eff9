import { useEffect, useRef } from 'react';
import { previewChannelName, previewMessageSchema, type PreviewDraftMessage } from '@product-console/shared';
import { toContentBlocks, type EditorDraft } from '@/features/content/model/draft';

/** How long the editor waits after a change before sending the draft, so that typing sends one message. */
export const PREVIEW_DEBOUNCE_MS = 150;

export function draftMessage(productId: number, draft: EditorDraft): PreviewDraftMessage {
  return {
    type: 'draft',
    productId,
    sentAt: Date.now(),
    draft: { contents: toContentBlocks(draft.blocks), design: draft.design, languages: draft.languages, productDetails: draft.productDetails },
  };
}

/**
 * The preview channel (spec point 7): while the draft has unsaved changes, open preview tabs of
 * the product get it (debounced), a tab that says `hello` gets it at once, and `clear` sends them
 * back to the published page once the changes are saved or dropped. Only page data travels; the
 * session stays in the gateway.
 */
export function usePreviewChannel(productId: number, draft: EditorDraft | null, hasChanges: boolean) {
  const channelRef = useRef<BroadcastChannel | null>(null);
  const stateRef = useRef({ draft, hasChanges });
  stateRef.current = { draft, hasChanges };
  const sentDraft = useRef(false);

  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return undefined;
    const channel = new BroadcastChannel(previewChannelName(productId));
    channelRef.current = channel;
    channel.onmessage = (event: MessageEvent) => {
      const message = previewMessageSchema.safeParse(event.data);
      if (!message.success || message.data.type !== 'hello' || message.data.productId !== productId) return;
      const { draft: current, hasChanges: changed } = stateRef.current;
      if (current && changed) channel.postMessage(draftMessage(productId, current));
    };
    return () => {
      // Leaving the editor drops the draft: the preview tabs go back to the published page.
      if (sentDraft.current) channel.postMessage({ type: 'clear', productId });
      channel.close();
      channelRef.current = null;
    };
  }, [productId]);

  useEffect(() => {
    const channel = channelRef.current;
    if (!channel || !draft) return undefined;
    if (!hasChanges) {
      if (sentDraft.current) channel.postMessage({ type: 'clear', productId });
      sentDraft.current = false;
      return undefined;
    }
    const timer = setTimeout(() => {
      channel.postMessage(draftMessage(productId, draft));
      sentDraft.current = true;
    }, PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [productId, draft, hasChanges]);
}

import { useEffect, useRef } from 'react';
import { previewChannelName, previewMessageSchema, type PreviewDraftMessage } from '@product-console/shared';

export interface PreviewChannelHandlers {
  onDraft: (draft: PreviewDraftMessage['draft']) => void;
  onClear: () => void;
}

/**
 * The receiving end of the preview channel (spec point 7): a preview tab listens on the product's
 * BroadcastChannel, asks the editor for its draft once (`hello`), shows each valid `draft` and goes
 * back to the published page on `clear`. BroadcastChannel only reaches tabs of the same origin in the
 * same browser, so no token is ever sent; anything that is not a valid message for this product is ignored.
 */
export function usePreviewChannel(productId: string, handlers: PreviewChannelHandlers) {
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    const id = Number(productId);
    if (!Number.isInteger(id) || id <= 0 || typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(previewChannelName(id));
    channel.onmessage = (event: MessageEvent<unknown>) => {
      const parsed = previewMessageSchema.safeParse(event.data);
      if (!parsed.success || parsed.data.productId !== id) return;
      if (parsed.data.type === 'draft') latest.current.onDraft(parsed.data.draft);
      else if (parsed.data.type === 'clear') latest.current.onClear();
    };
    channel.postMessage({ type: 'hello', productId: id });
    return () => channel.close();
  }, [productId]);
}

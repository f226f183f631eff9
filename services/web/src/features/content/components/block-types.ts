import type { ContentBlockType } from '@product-console/shared';
import type { MessageId } from '@/lib/i18n';

/** Each block type's name in the UI language. */
export const BLOCK_TYPE_NAMES: Record<ContentBlockType, MessageId> = {
  title: 'content.block.title',
  text: 'content.block.text',
  image: 'content.block.image',
  video: 'content.block.video',
  link: 'content.block.link',
  html: 'content.block.html',
  footer: 'content.block.footer',
};

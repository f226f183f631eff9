import { describe, expect, it } from 'vitest';
import { DEFAULT_DESIGN, DEFAULT_TEXT_STYLE, type ContentBlock } from '@product-console/shared';
import {
  addBlock,
  blockFieldOfDetail,
  blockFromStored,
  canAddBlock,
  draftWithLanguage,
  draftWithoutLanguage,
  duplicateBlock,
  moveBlock,
  toContentBlocks,
  toContentBody,
  type EditorDraft,
} from '@/features/content/model/draft';

const stored = (content_id: number, type: ContentBlock['type'], text = ''): ContentBlock => ({
  content_id,
  type,
  order: content_id,
  inputs: [{ languageCode: 'DEFAULT', inputData: text }],
  style: DEFAULT_TEXT_STYLE,
  label: '',
});

const page = () => [stored(1, 'title', 'Hello'), stored(2, 'image', '/files/a.png'), stored(3, 'footer', 'Acme')].map(blockFromStored);
const types = (blocks: { type: string }[]) => blocks.map((block) => block.type);

describe('the draft of a page', () => {
  it('adds a new block before the footer, and no second footer', () => {
    const blocks = page();
    expect(canAddBlock(blocks, 'footer')).toBe(false);
    expect(types(addBlock(blocks, 'footer', []))).toEqual(['title', 'image', 'footer']);
    const added = addBlock(blocks, 'text', ['ko']);
    expect(types(added)).toEqual(['title', 'image', 'text', 'footer']);
    expect(added[2]!.inputs).toEqual([
      { languageCode: 'DEFAULT', inputData: 'content here' },
      { languageCode: 'ko', inputData: 'content here' },
    ]);
  });

  it('keeps the footer last whatever is moved where', () => {
    const blocks = page();
    const [title, image, footer] = blocks;
    expect(types(moveBlock(blocks, title!.key, image!.key))).toEqual(['image', 'title', 'footer']);
    expect(types(moveBlock(blocks, title!.key, footer!.key))).toEqual(['image', 'title', 'footer']);
    expect(types(moveBlock(blocks, footer!.key, title!.key))).toEqual(['title', 'image', 'footer']);
  });

  it('duplicates a block right after it as a new block, but not the footer', () => {
    const blocks = page();
    const copied = duplicateBlock(blocks, blocks[0]!.key);
    expect(types(copied)).toEqual(['title', 'title', 'image', 'footer']);
    expect(copied[1]!.content_id).toBeUndefined();
    expect(copied[1]!.key).not.toBe(copied[0]!.key);
    expect(duplicateBlock(blocks, blocks[2]!.key)).toHaveLength(3);
  });

  it('adds and removes a language in blocks and texts as the server does, keeping unsaved text', () => {
    const draft: EditorDraft = {
      blocks: page(),
      design: DEFAULT_DESIGN,
      languages: [],
      productDetails: [{ languageCode: 'DEFAULT', productName: 'Jacket', description: 'Warm', features: '', details: '' }],
    };
    const withKo = draftWithLanguage(draft, 'ko');
    expect(withKo.languages).toEqual(['ko']);
    expect(withKo.blocks[0]!.inputs).toContainEqual({ languageCode: 'ko', inputData: 'Hello' });
    // Media blocks keep their one DEFAULT input.
    expect(withKo.blocks[1]!.inputs).toEqual([{ languageCode: 'DEFAULT', inputData: '/files/a.png' }]);
    expect(withKo.productDetails[1]).toEqual({ languageCode: 'ko', productName: 'Jacket', description: 'Warm', features: '', details: '' });
    const without = draftWithoutLanguage(withKo, 'ko');
    expect(without.blocks[0]!.inputs).toEqual([{ languageCode: 'DEFAULT', inputData: 'Hello' }]);
    expect(without.productDetails).toHaveLength(1);
  });

  it('sends stored ids and gives unsaved blocks ids the API never uses for the preview', () => {
    const blocks = addBlock(page(), 'text', []);
    expect(toContentBody(blocks).map((block) => block.content_id)).toEqual([1, 2, undefined, 3]);
    expect(toContentBlocks(blocks).map((block) => [block.content_id, block.order])).toEqual([
      [1, 1],
      [2, 2],
      [-3, 3],
      [3, 4],
    ]);
  });

  it("finds the block field an API error names by the block's place and the input's language", () => {
    const blocks = draftWithLanguage({ blocks: page(), design: DEFAULT_DESIGN, languages: [], productDetails: [] }, 'ko').blocks;
    expect(blockFieldOfDetail(blocks, 'contents.0.inputs.1.inputData')).toEqual({ key: blocks[0]!.key, field: 'input.ko' });
    expect(blockFieldOfDetail(blocks, 'body.contents.1.label')).toEqual({ key: blocks[1]!.key, field: 'label' });
    expect(blockFieldOfDetail(blocks, 'contents.2.style.color')).toEqual({ key: blocks[2]!.key, field: 'style.color' });
    expect(blockFieldOfDetail(blocks, 'productId')).toBeNull();
  });
});

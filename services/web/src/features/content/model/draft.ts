import {
  addLanguageToBlocks,
  DEFAULT_LANGUAGE,
  newBlock,
  orderBlocks,
  removeLanguageFromBlocks,
  type ContentBlock,
  type ContentBlockInput,
  type ContentBlockType,
  type Design,
  type LanguageInput,
  type ProductDetailsLanguage,
  type TextStyle,
} from '@product-console/shared';

/**
 * The editor's draft of a product's page: what the phone frame and the preview tabs show, and
 * what Save sends. Blocks carry a `key` of the editor's own, stable while they move.
 */
export interface DraftBlock {
  key: string;
  content_id?: number;
  type: ContentBlockType;
  inputs: LanguageInput[];
  style: TextStyle;
  label: string;
  /** The label in the product's other languages (DEFAULT's is `label`). */
  labels: LanguageInput[];
}

export interface EditorDraft {
  blocks: DraftBlock[];
  design: Design;
  /** The registered languages (DEFAULT implied). */
  languages: string[];
  productDetails: ProductDetailsLanguage[];
}

/** Which parts of the draft differ from what is saved. */
export interface DraftChanges {
  content: boolean;
  design: boolean;
  details: boolean;
}

export const NO_CHANGES: DraftChanges = { content: false, design: false, details: false };
export const hasAnyChange = (changes: DraftChanges) => changes.content || changes.design || changes.details;

let counter = 0;
const nextKey = () => `block-${(counter += 1)}`;

export const blockFromStored = (block: ContentBlock): DraftBlock => ({
  key: nextKey(),
  content_id: block.content_id,
  type: block.type,
  inputs: block.inputs.map((input) => ({ ...input })),
  style: { ...block.style },
  label: block.label,
  labels: (block.labels ?? []).map((label) => ({ ...label })),
});

/** The palette's rule: a second footer cannot be added. */
export const canAddBlock = (blocks: readonly DraftBlock[], type: ContentBlockType) => type !== 'footer' || !blocks.some((block) => block.type === 'footer');

/** A new block from the palette, before the footer (which always stays last). */
export function addBlock(blocks: readonly DraftBlock[], type: ContentBlockType, languages: readonly string[]): DraftBlock[] {
  if (!canAddBlock(blocks, type)) return [...blocks];
  return orderBlocks([...blocks, { key: nextKey(), ...newBlock(type, languages), labels: [] }]);
}

/** A copy of a block right after it (a footer is not copied: there is only one). */
export function duplicateBlock(blocks: readonly DraftBlock[], key: string): DraftBlock[] {
  const index = blocks.findIndex((block) => block.key === key);
  const original = blocks[index];
  if (!original || original.type === 'footer') return [...blocks];
  const copy: DraftBlock = { ...original, key: nextKey(), content_id: undefined, inputs: original.inputs.map((input) => ({ ...input })), style: { ...original.style } };
  return [...blocks.slice(0, index + 1), copy, ...blocks.slice(index + 1)];
}

export const removeBlock = (blocks: readonly DraftBlock[], key: string) => blocks.filter((block) => block.key !== key);

/** Moves a block to another block's place; the footer stays last whatever is dropped where. */
export function moveBlock(blocks: readonly DraftBlock[], fromKey: string, toKey: string): DraftBlock[] {
  const from = blocks.findIndex((block) => block.key === fromKey);
  const to = blocks.findIndex((block) => block.key === toKey);
  if (from < 0 || to < 0 || from === to) return [...blocks];
  const next = [...blocks];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return orderBlocks(next);
}

export const updateBlock = (blocks: readonly DraftBlock[], key: string, change: Partial<Omit<DraftBlock, 'key'>>) =>
  blocks.map((block) => (block.key === key ? { ...block, ...change } : block));

/** Sets a block's text in one language (media blocks: their one DEFAULT input). */
export function setBlockInput(blocks: readonly DraftBlock[], key: string, languageCode: string, inputData: string): DraftBlock[] {
  return blocks.map((block) => {
    if (block.key !== key) return block;
    const has = block.inputs.some((input) => input.languageCode === languageCode);
    const inputs = has
      ? block.inputs.map((input) => (input.languageCode === languageCode ? { ...input, inputData } : input))
      : [...block.inputs, { languageCode, inputData }];
    return { ...block, inputs };
  });
}

export const blockInput = (block: DraftBlock, languageCode: string) => block.inputs.find((input) => input.languageCode === languageCode)?.inputData ?? '';

/** A language added on the server is added to the draft by the same rule, so unsaved edits stay. */
export function draftWithLanguage(draft: EditorDraft, code: string): EditorDraft {
  if (draft.languages.includes(code)) return draft;
  const first = draft.productDetails.find((item) => item.languageCode === DEFAULT_LANGUAGE) ?? draft.productDetails[0];
  return {
    ...draft,
    blocks: addLanguageToBlocks(draft.blocks, code),
    languages: [...draft.languages, code],
    productDetails: first ? [...draft.productDetails, { ...first, languageCode: code }] : draft.productDetails,
  };
}

export function draftWithoutLanguage(draft: EditorDraft, code: string): EditorDraft {
  return {
    ...draft,
    blocks: removeLanguageFromBlocks(draft.blocks, code),
    languages: draft.languages.filter((item) => item !== code),
    productDetails: draft.productDetails.filter((item) => item.languageCode !== code),
  };
}

/** The body of `PUT /api/product/content`, in display order. */
export function toContentBody(blocks: readonly DraftBlock[]): ContentBlockInput[] {
  return orderBlocks(blocks).map(({ content_id, type, inputs, style, label, labels }) => ({
    ...(content_id ? { content_id } : {}),
    type,
    inputs,
    style,
    label,
    labels,
  }));
}

/** The blocks as the consumer page reads them; unsaved blocks get negative ids the API never uses. */
export function toContentBlocks(blocks: readonly DraftBlock[]): ContentBlock[] {
  return orderBlocks(blocks).map((block, index) => ({
    content_id: block.content_id ?? -(index + 1),
    type: block.type,
    order: index + 1,
    inputs: block.inputs,
    style: block.style,
    label: block.label,
    labels: block.labels,
  }));
}

/**
 * Where an API field error of `PUT /api/product/content` belongs: `contents.3.inputs.1.inputData`
 * names the block sent fourth and the field of its second input's language.
 */
export function blockFieldOfDetail(blocks: readonly DraftBlock[], path: string): { key: string; field: string } | null {
  const match = /^(?:body\.)?contents\.(\d+)\.(.+)$/.exec(path);
  if (!match) return null;
  const block = orderBlocks(blocks)[Number(match[1])];
  if (!block) return null;
  const rest = match[2]!;
  const input = /^inputs\.(\d+)(?:\.inputData)?$/.exec(rest);
  if (input) return { key: block.key, field: `input.${block.inputs[Number(input[1])]?.languageCode ?? DEFAULT_LANGUAGE}` };
  return { key: block.key, field: rest.split('.')[0] === 'style' ? rest : rest.split('.')[0]! };
}

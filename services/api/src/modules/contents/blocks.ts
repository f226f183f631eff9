import {
  CONTENT_BLOCK_MAX,
  DEFAULT_LANGUAGE,
  TEXT_BLOCK_MAX_LENGTH,
  blockLanguages,
  isMediaBlockType,
  orderBlocks,
  type ContentBlockType,
  type LanguageInput,
  type TextStyle,
} from '@product-console/shared';
import type { FieldError } from '../../errors.js';
import { isContentMediaPath } from './media.js';
import { isHttpUrl, isHttpsUrl, isVideoPageUrl, sanitizeBlockHtml } from './sanitize.js';

/*
 * The rules of a page's blocks (spec points 3 and 4) as `PUT /api/product/content` applies them:
 * text blocks carry one input per language of the product, media blocks one DEFAULT input of an
 * address they can show, HTML is cleaned, and one footer at most sorts last.
 */

/** A block as the body gives it, after the shared schema. */
export interface BlockBody {
  /** The stored block this one edits; kept when it is one of the product's blocks. */
  content_id?: number;
  type: ContentBlockType;
  inputs: LanguageInput[];
  style: TextStyle;
  label: string;
  labels: LanguageInput[];
}

/** A block as it is stored: inputs complete and clean, in its final place. */
export type CheckedBlock = BlockBody;

export interface BlockCheck {
  blocks: CheckedBlock[];
  problems: FieldError[];
}

function checkMediaAddress(type: ContentBlockType, value: string, productId: number): string | null {
  const address = value.trim();
  if (address === '') return 'Required';
  if (type === 'link') return isHttpUrl(address) ? null : 'Must be an http or https address';
  if (type === 'image') {
    return isHttpsUrl(address) || (isContentMediaPath(address, productId) && !address.endsWith('.mp4'))
      ? null
      : 'Must be an uploaded image of this product or an https address';
  }
  return isVideoPageUrl(address) || (isContentMediaPath(address, productId) && address.endsWith('.mp4'))
    ? null
    : 'Must be a YouTube or Vimeo address or an uploaded MP4 video';
}

/** The inputs of a text, title, HTML or footer block for every language of the product, in order. */
function languageInputs(type: ContentBlockType, inputs: LanguageInput[], languages: readonly string[], at: string, problems: FieldError[]): LanguageInput[] {
  const allowed = new Set(blockLanguages(languages));
  const seen = new Set<string>();
  inputs.forEach((input, index) => {
    const path = `${at}.inputs.${index}`;
    if (!allowed.has(input.languageCode)) problems.push({ path: `${path}.languageCode`, message: 'Not a language of this product' });
    else if (seen.has(input.languageCode)) problems.push({ path: `${path}.languageCode`, message: 'This language is given twice' });
    seen.add(input.languageCode);
    if (type !== 'html' && input.inputData.length > TEXT_BLOCK_MAX_LENGTH) {
      problems.push({ path: `${path}.inputData`, message: `At most ${TEXT_BLOCK_MAX_LENGTH} characters` });
    }
  });
  const given = (code: string) => inputs.find((input) => input.languageCode === code)?.inputData;
  // A language the block lacks starts from DEFAULT's text (a footer from nothing), as a newly added language does.
  const fallback = given(DEFAULT_LANGUAGE) ?? inputs[0]?.inputData ?? '';
  return blockLanguages(languages).map((languageCode) => {
    const text = given(languageCode) ?? (type === 'footer' ? '' : fallback);
    return { languageCode, inputData: type === 'html' ? sanitizeBlockHtml(text) : text };
  });
}

/**
 * Checks and completes the blocks of a page for a product with these registered languages.
 * Field paths name the block as the body numbered it (`contents.N...`).
 */
/** The label's other languages: registered ones only, each once, the empty ones left out (DEFAULT's label shows). */
function checkLabels(labels: readonly LanguageInput[], languages: readonly string[], at: string, problems: FieldError[]): LanguageInput[] {
  const seen = new Set<string>();
  labels.forEach((label, index) => {
    if (!languages.includes(label.languageCode)) problems.push({ path: `${at}.labels.${index}.languageCode`, message: 'Not a language of this product' });
    else if (seen.has(label.languageCode)) problems.push({ path: `${at}.labels.${index}.languageCode`, message: 'This language is given twice' });
    seen.add(label.languageCode);
  });
  return labels.filter((label) => label.inputData.trim() !== '').map((label) => ({ languageCode: label.languageCode, inputData: label.inputData.trim() }));
}

export function checkBlocks(body: readonly BlockBody[], productId: number, languages: readonly string[]): BlockCheck {
  const problems: FieldError[] = [];
  if (body.length > CONTENT_BLOCK_MAX) problems.push({ path: 'contents', message: `At most ${CONTENT_BLOCK_MAX} blocks` });
  let footers = 0;
  const blocks = body.map((given, index): CheckedBlock => {
    const at = `contents.${index}`;
    const block = { ...given, labels: checkLabels(given.labels ?? [], languages, at, problems) };
    if (block.type === 'footer' && ++footers > 1) problems.push({ path: `${at}.type`, message: 'A page has at most one footer' });
    if (isMediaBlockType(block.type)) {
      const [input] = block.inputs;
      if (block.inputs.length !== 1 || input.languageCode !== DEFAULT_LANGUAGE) {
        problems.push({ path: `${at}.inputs`, message: `A ${block.type} block has exactly one input, for ${DEFAULT_LANGUAGE}` });
        return block;
      }
      const problem = checkMediaAddress(block.type, input.inputData, productId);
      if (problem) problems.push({ path: `${at}.inputs.0.inputData`, message: problem });
      return { ...block, inputs: [{ languageCode: DEFAULT_LANGUAGE, inputData: input.inputData.trim() }] };
    }
    return { ...block, inputs: languageInputs(block.type, block.inputs, languages, at, problems) };
  });
  return { blocks: orderBlocks(blocks), problems };
}

/** The stored files a set of blocks shows (images and uploaded videos). */
export const mediaPathsOf = (blocks: readonly { type: ContentBlockType; inputs: LanguageInput[] }[]): string[] =>
  blocks.filter((block) => block.type === 'image' || block.type === 'video').flatMap((block) => block.inputs.map((input) => input.inputData));

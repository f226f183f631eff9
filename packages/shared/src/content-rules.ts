import {
  DEFAULT_BLOCK_TEXT,
  DEFAULT_LANGUAGE,
  DEFAULT_TEXT_STYLE,
  isMediaBlockType,
  type ContentBlockType,
  type TextStyle,
} from './schemas/content.js';
import type { LanguageInput } from './schemas/link.js';

/*
 * The language and order rules of spec point 4, as pure functions over blocks: the API applies them
 * when it stores, the console's editor applies the same ones to its draft so both agree.
 */

/** The part of a block the rules look at; callers keep their other fields. */
export interface BlockLike {
  type: ContentBlockType;
  inputs: LanguageInput[];
  style?: TextStyle;
  /** The label in other languages (link and image blocks). */
  labels?: LanguageInput[];
}

/** The languages a text block has inputs for: DEFAULT first, then the registered ones in order. */
export const blockLanguages = (languages: readonly string[]): string[] => [DEFAULT_LANGUAGE, ...languages.filter((code) => code !== DEFAULT_LANGUAGE)];

/** What a new block starts with (spec point 3): 'content here' per language, a footer empty, media one DEFAULT input. */
export function newBlockInputs(type: ContentBlockType, languages: readonly string[]): LanguageInput[] {
  if (isMediaBlockType(type)) return [{ languageCode: DEFAULT_LANGUAGE, inputData: '' }];
  const text = type === 'footer' ? '' : DEFAULT_BLOCK_TEXT;
  return blockLanguages(languages).map((languageCode) => ({ languageCode, inputData: text }));
}

/** A new block of a type, with the style a title starts with. */
export function newBlock(type: ContentBlockType, languages: readonly string[]): BlockLike & { style: TextStyle; label: string } {
  const style: TextStyle =
    type === 'title' ? { ...DEFAULT_TEXT_STYLE, isTitle: true, fontSize: 'large', fontWeight: 'bold' } : { ...DEFAULT_TEXT_STYLE };
  return { type, inputs: newBlockInputs(type, languages), style, label: '' };
}

/** The text of the first language (DEFAULT, else the first input), which a new language starts from. */
const firstText = (inputs: readonly LanguageInput[]): string =>
  (inputs.find((input) => input.languageCode === DEFAULT_LANGUAGE) ?? inputs[0])?.inputData ?? '';

/** A copy nobody wrote: empty, or the placeholder a new block starts with. It is never published. */
export const isUnwritten = (text: string): boolean => text.trim() === '' || text === DEFAULT_BLOCK_TEXT;

/**
 * Whether a block's copy in `language` still waits for its author: unwritten, or (in a language other
 * than DEFAULT) the DEFAULT text copied when the language was added. The editor marks such copies.
 */
export function isUntranslated(inputs: readonly LanguageInput[], language: string): boolean {
  const own = inputs.find((input) => input.languageCode === language)?.inputData ?? '';
  if (isUnwritten(own)) return true;
  return language !== DEFAULT_LANGUAGE && own === firstText(inputs);
}

/** A block's label (a link button's text, an image's alternative text) in a language, else DEFAULT's. */
export function labelFor(block: { label: string; labels?: readonly LanguageInput[] }, language: string): string {
  const own = block.labels?.find((item) => item.languageCode === language)?.inputData.trim();
  return own || block.label;
}

/** The blocks as shoppers get them: a copy nobody wrote is blank, so the page falls back or leaves the block out. */
export function withoutPlaceholders<T extends BlockLike>(blocks: readonly T[]): T[] {
  return blocks.map((block) =>
    isMediaBlockType(block.type) || !block.inputs.some((input) => input.inputData === DEFAULT_BLOCK_TEXT)
      ? block
      : { ...block, inputs: block.inputs.map((input) => (input.inputData === DEFAULT_BLOCK_TEXT ? { ...input, inputData: '' } : input)) },
  );
}

/** Adding a language: every block except link/video/image gains an input copied from the first language. */
export function addLanguageToBlocks<T extends BlockLike>(blocks: readonly T[], code: string): T[] {
  return blocks.map((block) =>
    isMediaBlockType(block.type) || block.inputs.some((input) => input.languageCode === code)
      ? block
      : { ...block, inputs: [...block.inputs, { languageCode: code, inputData: firstText(block.inputs) }] },
  );
}

/** Deleting a language removes its inputs and labels everywhere. */
export function removeLanguageFromBlocks<T extends BlockLike>(blocks: readonly T[], code: string): T[] {
  return blocks.map((block) => {
    const labels = block.labels?.some((label) => label.languageCode === code) ? { labels: block.labels.filter((label) => label.languageCode !== code) } : {};
    if (isMediaBlockType(block.type)) return 'labels' in labels ? { ...block, ...labels } : block;
    return { ...block, ...labels, inputs: block.inputs.filter((input) => input.languageCode !== code) };
  });
}

/** A link's `modifiedTitle` gains (or loses) the language the same way, starting from the link's title. */
export function addLanguageToTitles(titles: readonly LanguageInput[], code: string, title: string): LanguageInput[] {
  return titles.some((item) => item.languageCode === code) ? [...titles] : [...titles, { languageCode: code, inputData: firstText(titles) || title }];
}
export const removeLanguageFromTitles = (titles: readonly LanguageInput[], code: string): LanguageInput[] =>
  titles.filter((item) => item.languageCode !== code);

/** A footer always sorts last (spec point 4); the others keep their order. At most one footer is kept (the last one). */
export function orderBlocks<T extends BlockLike>(blocks: readonly T[]): T[] {
  const footers = blocks.filter((block) => block.type === 'footer');
  const others = blocks.filter((block) => block.type !== 'footer');
  const footer = footers.at(-1);
  return footer ? [...others, footer] : others;
}

/**
 * The text a viewer reads in a language: that language's input if somebody wrote it, else DEFAULT's
 * (a removed language falls back); '' when neither was written (the block is not shown).
 */
export function inputFor(inputs: readonly LanguageInput[], language: string): string {
  const own = inputs.find((input) => input.languageCode === language);
  if (own && !isUnwritten(own.inputData)) return own.inputData;
  const first = firstText(inputs);
  return isUnwritten(first) ? '' : first;
}

/** The language a viewer sees: the chosen one if the product still has it, else DEFAULT. */
export const activeLanguage = (chosen: string | null | undefined, languages: readonly string[]): string =>
  chosen && languages.includes(chosen) ? chosen : DEFAULT_LANGUAGE;

/**
 * The language a consumer page is machine-translated into (spec point 4), or null when it is shown as
 * written: only with the design's automatic translation on, for a viewer's language that is neither
 * the one the DEFAULT texts are written in nor one the product registered (its own texts win).
 */
export function autoTranslationTarget(
  design: { isAutoTrans: boolean; defaultLang: string },
  lang: string | null | undefined,
  registered: readonly string[],
): string | null {
  if (!lang || !design.isAutoTrans || lang === design.defaultLang || registered.includes(lang)) return null;
  return lang;
}

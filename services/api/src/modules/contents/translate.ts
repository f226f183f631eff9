import { DEFAULT_LANGUAGE, autoTranslationTarget, isMediaBlockType, type Design, type LandingContent } from '@product-console/shared';
import { sanitizeBlockHtml } from './sanitize.js';

/*
 * Automatic translation of the consumer page (spec point 4): with the design's `isAutoTrans` on and
 * a viewer's language the product does not register itself, the DEFAULT texts (text, title, HTML
 * and footer blocks, and the product's texts) come back in that language. The translator keeps
 * each translation in its cache; when it has no provider or the provider fails, the page stays as
 * written (`translatedTo: null`), never an error.
 */

/** What the landing needs of `app.translator` (plugins/translation.ts). */
export interface LandingTranslator {
  status(): { available: boolean };
  translate(input: { source: string; target: string; texts: string[]; format?: 'text' | 'html' }): Promise<string[] | null>;
}

/** The language to translate into, or null when the page is shown as written (no provider, or the rule says so). */
export function translationTarget(design: Design, translator: LandingTranslator | null, lang: string | undefined, registered: readonly string[]): string | null {
  return translator?.status().available ? autoTranslationTarget(design, lang, registered) : null;
}

/** Translates `texts` (empty ones stay empty, without a provider call); null when the translator gives nothing. */
async function translateAll(translator: LandingTranslator, source: string, target: string, texts: string[], format: 'text' | 'html'): Promise<string[] | null> {
  const wanted = texts.filter((text) => text.trim() !== '');
  if (wanted.length === 0) return texts;
  const translated = await translator.translate({ source, target, texts: wanted, format });
  if (!translated || translated.length !== wanted.length) return null;
  let next = 0;
  return texts.map((text) => (text.trim() === '' ? text : translated[next++]));
}

const defaultInput = (inputs: { languageCode: string; inputData: string }[]) =>
  (inputs.find((input) => input.languageCode === DEFAULT_LANGUAGE) ?? inputs[0])?.inputData ?? '';

export async function translateLanding(page: LandingContent, design: Design, translator: LandingTranslator | null, lang: string | undefined): Promise<LandingContent> {
  const target = translationTarget(design, translator, lang, page.languages);
  if (!target || !translator) return page;
  const source = design.defaultLang;
  const textBlocks = page.contents.filter((block) => !isMediaBlockType(block.type) && block.type !== 'html');
  const htmlBlocks = page.contents.filter((block) => block.type === 'html');
  const details = page.productDetails.find((row) => row.languageCode === DEFAULT_LANGUAGE) ?? page.productDetails[0];
  const detailTexts = details ? [details.productName, details.description, details.features, details.details] : [];

  const [texts, html] = await Promise.all([
    translateAll(translator, source, target, [...textBlocks.map((block) => defaultInput(block.inputs)), ...detailTexts], 'text'),
    translateAll(translator, source, target, htmlBlocks.map((block) => defaultInput(block.inputs)), 'html'),
  ]);
  if (!texts || !html) return page;

  const translatedOf = new Map<number, string>([
    ...textBlocks.map((block, index) => [block.content_id, texts[index]] as const),
    // What a provider answers is cleaned like what a person saves.
    ...htmlBlocks.map((block, index) => [block.content_id, sanitizeBlockHtml(html[index])] as const),
  ]);
  const contents = page.contents.map((block) => {
    const translated = translatedOf.get(block.content_id);
    if (translated === undefined) return block;
    return { ...block, inputs: [...block.inputs.filter((input) => input.languageCode !== target), { languageCode: target, inputData: translated }] };
  });
  const [productName, description, features, detailText] = texts.slice(textBlocks.length);
  const productDetails = details
    ? [...page.productDetails, { languageCode: target, productName: productName || details.productName, description, features, details: detailText }]
    : page.productDetails;
  return { contents, languages: [...page.languages, target], productDetails, translatedTo: target };
}

import { describe, expect, it } from 'vitest';
import {
  activeLanguage,
  addLanguageToBlocks,
  addLanguageToTitles,
  autoTranslationTarget,
  blockLanguages,
  inputFor,
  isUntranslated,
  labelFor,
  newBlock,
  newBlockInputs,
  orderBlocks,
  removeLanguageFromBlocks,
  removeLanguageFromTitles,
  withoutPlaceholders,
  type BlockLike,
} from './content-rules.js';
import { DEFAULT_DESIGN } from './schemas/content.js';

const block = (type: BlockLike['type'], ...inputs: [string, string][]): BlockLike => ({
  type,
  inputs: inputs.map(([languageCode, inputData]) => ({ languageCode, inputData })),
});

describe('new blocks', () => {
  it("start with 'content here' in every language, a footer empty, media with one empty DEFAULT input", () => {
    expect(blockLanguages(['ko', 'DEFAULT', 'ja'])).toEqual(['DEFAULT', 'ko', 'ja']);
    expect(newBlockInputs('text', ['ko'])).toEqual([
      { languageCode: 'DEFAULT', inputData: 'content here' },
      { languageCode: 'ko', inputData: 'content here' },
    ]);
    expect(newBlockInputs('footer', ['ko']).map((input) => input.inputData)).toEqual(['', '']);
    for (const type of ['link', 'image', 'video'] as const) expect(newBlockInputs(type, ['ko', 'ja'])).toEqual([{ languageCode: 'DEFAULT', inputData: '' }]);
    expect(newBlock('title', []).style).toMatchObject({ isTitle: true, fontSize: 'large', fontWeight: 'bold' });
    expect(newBlock('text', []).style.isTitle).toBe(false);
  });
});

describe('adding and deleting a language', () => {
  const page = [
    block('title', ['DEFAULT', 'Aurora'], ['ko', '오로라']),
    block('link', ['DEFAULT', 'https://acme.example']),
    block('image', ['DEFAULT', '/files/content/1/a.png']),
    block('video', ['DEFAULT', 'https://vimeo.com/1']),
    block('html', ['DEFAULT', '<p>Care</p>']),
    block('footer', ['DEFAULT', '']),
  ];

  it('gives every block except link, video and image an input copied from DEFAULT', () => {
    const added = addLanguageToBlocks(page, 'ja');
    expect(added[0].inputs).toEqual([
      { languageCode: 'DEFAULT', inputData: 'Aurora' },
      { languageCode: 'ko', inputData: '오로라' },
      { languageCode: 'ja', inputData: 'Aurora' },
    ]);
    expect(added[4].inputs.at(-1)).toEqual({ languageCode: 'ja', inputData: '<p>Care</p>' });
    expect(added[5].inputs.at(-1)).toEqual({ languageCode: 'ja', inputData: '' });
    expect(added.slice(1, 4)).toEqual(page.slice(1, 4));
    // A language already there is not added twice.
    expect(addLanguageToBlocks(added, 'ja')).toEqual(added);
    // The input list is new; the given blocks are left as they were.
    expect(page[0].inputs).toHaveLength(2);
  });

  it('copies the first input when a block has no DEFAULT one', () => {
    expect(addLanguageToBlocks([block('text', ['ko', '안녕'])], 'ja')[0].inputs.at(-1)).toEqual({ languageCode: 'ja', inputData: '안녕' });
  });

  it('removes the language from every text block and leaves media blocks alone', () => {
    const removed = removeLanguageFromBlocks(page, 'ko');
    expect(removed[0].inputs).toEqual([{ languageCode: 'DEFAULT', inputData: 'Aurora' }]);
    expect(removed.slice(1, 4)).toEqual(page.slice(1, 4));
    expect(removeLanguageFromBlocks(removed, 'ko')).toEqual(removed);
  });

  it("gives a link's modifiedTitle the language from its DEFAULT title, or the link's title, and takes it away", () => {
    expect(addLanguageToTitles([], 'ko', 'Homepage')).toEqual([{ languageCode: 'ko', inputData: 'Homepage' }]);
    const titles = addLanguageToTitles([{ languageCode: 'DEFAULT', inputData: 'Our site' }], 'ko', 'Homepage');
    expect(titles).toEqual([
      { languageCode: 'DEFAULT', inputData: 'Our site' },
      { languageCode: 'ko', inputData: 'Our site' },
    ]);
    expect(addLanguageToTitles(titles, 'ko', 'Homepage')).toEqual(titles);
    expect(removeLanguageFromTitles(titles, 'ko')).toEqual([{ languageCode: 'DEFAULT', inputData: 'Our site' }]);
  });
});

describe('order', () => {
  it('puts the footer last and keeps the others in their order', () => {
    const ordered = orderBlocks([block('footer', ['DEFAULT', 'f']), block('title', ['DEFAULT', 't']), block('text', ['DEFAULT', 'x'])]);
    expect(ordered.map((item) => item.type)).toEqual(['title', 'text', 'footer']);
    expect(orderBlocks([block('text', ['DEFAULT', 'x'])]).map((item) => item.type)).toEqual(['text']);
  });
});

describe('what a viewer reads', () => {
  const inputs = [
    { languageCode: 'DEFAULT', inputData: 'Hello' },
    { languageCode: 'ko', inputData: '안녕하세요' },
    { languageCode: 'ja', inputData: '' },
  ];

  it("reads the chosen language's text, falling back to DEFAULT when it is empty or missing", () => {
    expect(inputFor(inputs, 'ko')).toBe('안녕하세요');
    expect(inputFor(inputs, 'ja')).toBe('Hello');
    expect(inputFor(inputs, 'it')).toBe('Hello');
  });

  it('falls back to DEFAULT when the chosen language was removed', () => {
    expect(activeLanguage('ko', ['ko', 'ja'])).toBe('ko');
    expect(activeLanguage('ko', ['ja'])).toBe('DEFAULT');
    expect(activeLanguage(null, ['ja'])).toBe('DEFAULT');
  });

  it("translates automatically only with the design's switch on, into a language the product does not write itself", () => {
    const on = { ...DEFAULT_DESIGN, isAutoTrans: true };
    expect(autoTranslationTarget(on, 'ja', ['ko'])).toBe('ja');
    expect(autoTranslationTarget(DEFAULT_DESIGN, 'ja', ['ko'])).toBeNull();
    expect(autoTranslationTarget(on, 'ko', ['ko'])).toBeNull();
    expect(autoTranslationTarget(on, 'en', [])).toBeNull();
    expect(autoTranslationTarget(on, undefined, [])).toBeNull();
  });
});

describe('copies nobody wrote', () => {
  it("never shows the placeholder: a language's untouched copy falls back to DEFAULT's text, an untouched DEFAULT leaves the block out", () => {
    const written = block('text', ['DEFAULT', 'Made to last'], ['ko', 'content here'], ['ja', '長持ち']);
    expect(inputFor(written.inputs, 'ko')).toBe('Made to last');
    expect(inputFor(written.inputs, 'ja')).toBe('長持ち');
    const untouched = newBlock('title', ['ko']);
    expect(inputFor(untouched.inputs, 'DEFAULT')).toBe('');
    expect(inputFor(untouched.inputs, 'ko')).toBe('');
  });

  it('blanks placeholders for shoppers and leaves written copies and media alone', () => {
    const [text, image] = withoutPlaceholders([block('text', ['DEFAULT', 'Hello'], ['ko', 'content here']), block('image', ['DEFAULT', 'content here'])]);
    expect(text.inputs).toEqual([
      { languageCode: 'DEFAULT', inputData: 'Hello' },
      { languageCode: 'ko', inputData: '' },
    ]);
    expect(image.inputs).toEqual([{ languageCode: 'DEFAULT', inputData: 'content here' }]);
  });

  it('marks a copy as untranslated while it is the placeholder, empty, or the DEFAULT text copied when the language was added', () => {
    const [copied] = addLanguageToBlocks([block('text', ['DEFAULT', 'Hello'])], 'ko');
    expect(isUntranslated(copied.inputs, 'ko')).toBe(true);
    expect(isUntranslated(copied.inputs, 'DEFAULT')).toBe(false);
    expect(isUntranslated(block('text', ['DEFAULT', 'Hello'], ['ko', '안녕하세요']).inputs, 'ko')).toBe(false);
    expect(isUntranslated(block('text', ['DEFAULT', 'content here']).inputs, 'DEFAULT')).toBe(true);
    expect(isUntranslated(block('text', ['DEFAULT', 'Hello'], ['ko', ' ']).inputs, 'ko')).toBe(true);
  });
});

describe('labels per language', () => {
  it("gives a link's text and an image's alt text in the reader's language, else DEFAULT's; deleting a language takes its labels", () => {
    const link = { ...block('link', ['DEFAULT', 'https://acme.example']), label: 'Care guide', labels: [{ languageCode: 'ko', inputData: '관리 안내' }] };
    expect(labelFor(link, 'ko')).toBe('관리 안내');
    expect(labelFor(link, 'ja')).toBe('Care guide');
    expect(labelFor(link, 'DEFAULT')).toBe('Care guide');
    expect(labelFor({ ...link, labels: [{ languageCode: 'ko', inputData: '  ' }] }, 'ko')).toBe('Care guide');
    const [without] = removeLanguageFromBlocks([link], 'ko');
    expect(without.labels).toEqual([]);
    expect(without.inputs).toEqual(link.inputs);
  });
});


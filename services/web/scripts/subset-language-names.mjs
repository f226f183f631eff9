// Writes the tiny faces that draw the language menu's Chinese, Japanese and Korean names (中文,
// 日本語, 한국어) on any page, whatever fonts the machine has (decisions 037 and 073). Run after changing those names:
//   node services/web/scripts/subset-language-names.mjs
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);

/** Each name in the face of its own language, cut from the Noto subset that holds its script. */
export const LANGUAGE_NAME_FACES = [
  { language: 'ja', text: '日本語', source: '@fontsource/noto-sans-jp/files/noto-sans-jp-japanese-400-normal.woff2' },
  { language: 'zh', text: '中文', source: '@fontsource/noto-sans-sc/files/noto-sans-sc-chinese-simplified-400-normal.woff2' },
  { language: 'ko', text: '한국어', source: 'pretendard/dist/web/variable/woff2/PretendardVariable.woff2' },
];

for (const face of LANGUAGE_NAME_FACES) {
  const font = await readFile(require.resolve(face.source));
  const subset = await subsetFont(font, face.text, { targetFormat: 'woff2' });
  const target = new URL(`../src/assets/fonts/language-names-${face.language}.woff2`, import.meta.url);
  await writeFile(target, subset);
  console.log(`${target.pathname}: ${face.text}, ${subset.length} bytes`);
}

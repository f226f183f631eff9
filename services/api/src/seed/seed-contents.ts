import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  DEFAULT_DESIGN,
  DEFAULT_LANGUAGE,
  addLanguageToTitles,
  applyTemplate,
  newBlock,
  type ContentBlockType,
  type Design,
  type LinkType,
} from '@product-console/shared';
import { randomBytes } from 'node:crypto';
import { productContents, productDesigns, productLanguages, productTexts } from '../modules/contents/tables.js';
import { links } from '../modules/links/tables.js';
import { makeThumbnail } from '../images.js';
import { contentFolder } from '../modules/products/images.js';
import { products } from '../modules/products/tables.js';
import type { FileStorage } from '../plugins/storage.js';
import type { Db } from '../db/client.js';
import { placeholderImage } from './seed-products.js';

/*
 * Demo pages (issue 14): every Acme product has a composed page — a title, a text, its picture, a
 * link button and a footer — in English (DEFAULT) and Korean, so that neither the editor nor a
 * scanned page starts empty. Products alternate between the two templates.
 */

const KOREAN_NAMES: Record<string, string> = {
  'AO-TG-001': '서밋 45L 백팩',
  'AO-TG-002': '릿지 트레킹 폴',
  'AO-TG-003': '트레일헤드 등산화',
  'AO-CA-001': '베이스캠프 2인용 텐트',
  'AO-CA-002': '엠버 캠핑 스토브',
  'AO-CA-003': '나이트폴 침낭',
  'AO-WC-001': '글레이셔 다운 재킷',
  'AO-WC-002': '프로스트 메리노 비니',
};

const KOREAN_LINK_TITLES: Record<LinkType, string> = {
  'gs1:pip': '제품 정보',
  'gs1:dpp': '디지털 제품 여권',
  'gs1:certificationInfo': '인증 정보',
  'gs1:homepage': '홈페이지',
  'gs1:smartLabel': '스마트 라벨',
  'gs1:traceability': '이력 추적',
};

type Texts = { en: string; ko: string };

function textBlock(type: ContentBlockType, { en, ko }: Texts) {
  const block = newBlock(type, ['ko']);
  return { ...block, inputs: [{ languageCode: DEFAULT_LANGUAGE, inputData: en }, { languageCode: 'ko', inputData: ko }] };
}

function mediaBlock(type: ContentBlockType, address: string, label: string) {
  return { ...newBlock(type, []), inputs: [{ languageCode: DEFAULT_LANGUAGE, inputData: address }], label };
}

/** A picture of the page, stored as the content upload stores one (with its thumbnail); null without storage. */
async function seedPicture(storage: FileStorage | undefined, productId: number): Promise<string | null> {
  if (!storage) return null;
  const key = `${contentFolder(productId)}/${randomBytes(12).toString('hex')}.webp`;
  const image = await placeholderImage(productId, 3);
  await storage.put(key, image, 'image/webp');
  await storage.put(key.replace(/\.webp$/, '.thumb.webp'), await makeThumbnail(image), 'image/webp');
  return `/files/${key}`;
}

export async function seedDemoContents(tx: Db, storage: FileStorage | undefined, companyId: number, companyName: string): Promise<void> {
  const rows = await tx
    .select()
    .from(products)
    .where(and(eq(products.companyId, companyId), isNull(products.deletedAt)))
    .orderBy(asc(products.id));
  for (const [index, product] of rows.entries()) {
    const koName = KOREAN_NAMES[product.productNumber] ?? product.productName;
    const picture = await seedPicture(storage, product.id);
    const blocks = [
      textBlock('title', { en: product.productName, ko: koName }),
      textBlock('text', {
        en: `The ${product.productName} is made for long days outside. Scan it again any time for care tips and news.`,
        ko: `야외에서 보내는 긴 하루를 위해 만든 ${koName}입니다. 관리 방법과 소식은 언제든 다시 스캔해 확인하세요.`,
      }),
      ...(picture ? [mediaBlock('image', picture, product.productName)] : []),
      mediaBlock('link', product.productWebsite || 'https://acme.example', 'Visit the product page'),
      textBlock('footer', { en: `© ${companyName}`, ko: `© ${companyName} · 아크미 아웃도어` }),
    ];
    await tx.insert(productContents).values(blocks.map((block, position) => ({ productId: product.id, position: position + 1, ...block })));

    await tx.insert(productLanguages).values({ productId: product.id, code: 'ko' });
    await tx.insert(productTexts).values({
      productId: product.id,
      languageCode: 'ko',
      productName: koName,
      description: `${koName}: 오래 쓰도록 만든 아웃도어 장비입니다.`,
      features: '튼튼하고, 수리할 수 있으며, 오래 사용할 수 있습니다.',
      details: `제품 번호 ${product.productNumber}.`,
    });

    const productLinks = await tx.select().from(links).where(eq(links.productId, product.id));
    for (const link of productLinks) {
      const titles = addLanguageToTitles(link.modifiedTitle, 'ko', link.title).map((item) =>
        item.languageCode === 'ko' ? { ...item, inputData: KOREAN_LINK_TITLES[link.linkType as LinkType] ?? item.inputData } : item,
      );
      await tx.update(links).set({ modifiedTitle: titles }).where(eq(links.id, link.id));
    }

    const base: Design = { ...DEFAULT_DESIGN, logo: { ...DEFAULT_DESIGN.logo, logoText: companyName } };
    const design = index % 2 === 0 ? base : applyTemplate(base, 'basic_black_v1');
    await tx.insert(productDesigns).values({ productId: product.id, design });
  }
}

/** A company's products with only a design of their own: the logo says the company's name, not 'Logo Here'. */
export async function seedDemoDesigns(tx: Db, companyId: number, companyName: string): Promise<void> {
  const rows = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.companyId, companyId), isNull(products.deletedAt)));
  if (rows.length === 0) return;
  const design: Design = { ...DEFAULT_DESIGN, logo: { ...DEFAULT_DESIGN.logo, logoText: companyName } };
  await tx.insert(productDesigns).values(rows.map((row) => ({ productId: row.id, design })));
}

import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { entryPath, type DynamicInfoItem } from '@product-console/shared';
import { certifications } from '../modules/certifications/tables.js';
import { entries } from '../modules/entries/tables.js';
import { makeThumbnail } from '../images.js';
import { productFolder } from '../modules/products/images.js';
import type { FileStorage } from '../plugins/storage.js';
import type { Db } from '../db/client.js';

/** Reference certifications offered by `GET /api/product/certifications` (added once, on every start). */
export const CERTIFICATIONS = [
  { code: 'CE', name: 'CE marking', issuer: 'European Union', description: 'Conformity with EU health, safety and environmental standards.', website: 'https://single-market-economy.ec.europa.eu/single-market/ce-marking_en' },
  { code: 'FSC', name: 'FSC', issuer: 'Forest Stewardship Council', description: 'Wood and paper from responsibly managed forests.', website: 'https://fsc.org' },
  { code: 'OEKO-TEX', name: 'OEKO-TEX Standard 100', issuer: 'OEKO-TEX', description: 'Textiles tested for harmful substances.', website: 'https://www.oeko-tex.com' },
  { code: 'GOTS', name: 'Global Organic Textile Standard', issuer: 'GOTS', description: 'Organic fibres processed to environmental and social criteria.', website: 'https://global-standard.org' },
  { code: 'BLUESIGN', name: 'bluesign', issuer: 'bluesign technologies', description: 'Textiles made with safe chemicals and resources.', website: 'https://www.bluesign.com' },
  { code: 'FAIRTRADE', name: 'Fairtrade', issuer: 'Fairtrade International', description: 'Fair prices and conditions for producers.', website: 'https://www.fairtrade.net' },
  { code: 'EU-ECOLABEL', name: 'EU Ecolabel', issuer: 'European Commission', description: 'Products with a reduced environmental impact.', website: 'https://environment.ec.europa.eu/topics/circular-economy/eu-ecolabel_en' },
  { code: 'EU-ORGANIC', name: 'EU organic', issuer: 'European Commission', description: 'Food produced to EU organic farming rules.', website: 'https://agriculture.ec.europa.eu/farming/organic-farming_en' },
];

export async function seedCertifications(db: Db): Promise<void> {
  await db.insert(certifications).values(CERTIFICATIONS).onConflictDoNothing({ target: certifications.code });
}

const PALETTE = ['#2f6f4e', '#3a5a8c', '#8c3a3a', '#8c6d3a', '#5a3a8c', '#3a8c86', '#6d8c3a', '#8c3a6d'];

/** A small placeholder product picture: a coloured tile with a simple shape. */
export async function placeholderImage(seed: number, variant = 0): Promise<Buffer> {
  const colour = PALETTE[(seed + variant) % PALETTE.length];
  const shape =
    variant % 2 === 0
      ? '<circle cx="200" cy="200" r="110" fill="#ffffff" fill-opacity="0.85"/>'
      : '<rect x="100" y="100" width="200" height="200" rx="24" fill="#ffffff" fill-opacity="0.85"/>';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" fill="${colour}"/>${shape}</svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 70 }).toBuffer();
}

/** Stores placeholder images of a demo product; returns their paths (empty without storage). */
export async function seedProductImages(storage: FileStorage | undefined, productId: number, count: number): Promise<string[]> {
  if (!storage) return [];
  const paths: string[] = [];
  for (let variant = 0; variant < count; variant += 1) {
    const key = `${productFolder(productId)}/${randomBytes(12).toString('hex')}.webp`;
    const image = await placeholderImage(productId, variant);
    await storage.put(key, image, 'image/webp');
    await storage.put(key.replace(/\.webp$/, '.thumb.webp'), await makeThumbnail(image), 'image/webp');
    paths.push(`/files/${key}`);
  }
  return paths;
}

export async function seedEntry(tx: Db, companyId: number, gcp: string, gtin: string, title: string): Promise<number> {
  const [entry] = await tx
    .insert(entries)
    .values({ companyId, entryPath: entryPath('01', gtin), aiString: '01', aiValue: gtin, gcp, title, titleEng: title })
    .returning({ id: entries.id });
  return entry.id;
}

export function demoDynamicInfo(number: string): DynamicInfoItem[] {
  return [
    { label: 'Model', value: number },
    { label: 'Country of origin', value: 'Portugal' },
  ];
}

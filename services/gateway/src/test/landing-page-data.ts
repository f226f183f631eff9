import type { z } from 'zod';
import { DEFAULT_DESIGN, landingPageDataSchema, type LandingPageData } from '@product-console/shared';
import { GTIN } from './resolver-stand-in.js';

type PageInput = z.input<typeof landingPageDataSchema>;

/**
 * A landing page's data as the API answers it, for the demo's trail boots (`GTIN`): an index view
 * with no links, contents, passport or trace; `changes` replace whole fields, `product` some of its fields.
 */
export function landingPageData(changes: Partial<Omit<PageInput, 'product'>> & { product?: Partial<PageInput['product']> } = {}): LandingPageData {
  const { product, ...rest } = changes;
  const entryPath = `/01/${GTIN}`;
  return landingPageDataSchema.parse({
    view: 'index',
    links: [],
    content: { contents: [], languages: ['en'], productDetails: [], translatedTo: null },
    design: DEFAULT_DESIGN,
    smartLabel: null,
    verification: null,
    passport: null,
    trace: null,
    ...rest,
    product: {
      productId: 42,
      product_name: 'Trail boots',
      product_number: 'TB-100',
      description: '',
      features: '',
      category_id: 1,
      service: 'landing',
      image: [],
      thumbnails: [],
      careInfo: { type: 'text', text: '', image: null },
      product_website: '',
      companyName: 'Acme Outdoor',
      primaryLogo: null,
      serviceName: 'acme',
      company: { description: '', website: '', contactPhone: '', contactHour: '', contactEmail: '', sns: [] },
      entryPath,
      digitalLink: `https://id.example.com${entryPath}`,
      ...product,
    },
  });
}

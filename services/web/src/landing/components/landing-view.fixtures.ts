import { DEFAULT_DESIGN, LANDING_VIEWS, landingViewPath, type LandingPageData, type LandingView as LandingViewName } from '@product-console/shared';

/** Test data of the landing views: Acme's serialised jacket with two images, links to its views and one outside. */
export const landingData = (view: LandingViewName, overrides: Partial<LandingPageData> = {}): LandingPageData => ({
  view,
  product: {
    productId: 7,
    product_name: 'Trail jacket',
    product_number: 'TJ-01',
    description: 'A light jacket.',
    features: 'Windproof',
    category_id: 2,
    service: 'DL',
    image: ['/files/products/7/a.png', '/files/products/7/b.jpg'],
    thumbnails: ['/files/products/7/a.thumb.webp', '/files/products/7/b.thumb.webp'],
    careInfo: { type: 'text', text: 'Wash at 30 °C', image: null },
    product_website: '',
    companyName: 'Acme Outdoor',
    primaryLogo: null,
    serviceName: 'acme',
    company: {
      description: 'Outdoor gear built to last.',
      website: 'https://acme.example',
      contactPhone: '+1 555 0100',
      contactHour: 'Mon-Fri 9:00-17:00',
      contactEmail: 'hello@acme.example',
      sns: [
        { type: 'instagram', url: 'https://instagram.com/acme.example' },
        { type: 'youtube', url: 'https://youtube.com/@acme.example' },
      ],
    },
    entryPath: '/01/00614142000017',
    digitalLink: 'https://id.acme.example/01/00614142000017',
  },
  links: LANDING_VIEWS.filter((name) => name !== 'dpp').map((name, index) => ({
    linkId: index + 1,
    linkType: name === 'index' ? 'gs1:pip' : `gs1:${name === 'verification' ? 'certificationInfo' : name}`,
    title: `Open ${name}`,
    title_eng: `Open ${name}`,
    modifiedTitle: [],
    targetUrl: `https://id.acme.example/acme/product-details/7/preview${landingViewPath(name)}`,
    lang: null,
    isDefault: index === 0,
    order: index + 1,
  })).concat({
    linkId: 99,
    linkType: 'gs1:productInfo',
    title: 'Shop',
    title_eng: 'Shop',
    modifiedTitle: [],
    targetUrl: 'https://shop.example/jacket',
    lang: null,
    isDefault: false,
    order: 99,
  }),
  content: {
    contents: [],
    languages: ['ko'],
    productDetails: [
      { languageCode: 'DEFAULT', productName: 'Trail jacket', description: 'A light jacket.', features: 'Windproof', details: 'Recycled nylon shell' },
      { languageCode: 'ko', productName: '트레일 재킷', description: '가벼운 재킷.', features: '방풍', details: '재활용 나일론' },
    ],
    translatedTo: null,
  },
  design: DEFAULT_DESIGN,
  smartLabel: {
    details: 'Recycled nylon shell',
    dynamicInfo: [{ label: 'Batch', value: 'B-2026-11' }],
    options: [
      { name: 'Colour', value: 'Red', image: '/files/products/7/red.png' },
      { name: 'Size', value: 'M', image: null },
    ],
    certifications: [{ id: 1, code: 'bluesign', name: 'bluesign', issuer: 'Bluesign Technologies', description: 'Safer textiles', website: 'https://bluesign.com' }],
    label: null,
  },
  verification: null,
  passport: null,
  trace: null,
  ...overrides,
});

/** Addresses as the gateway builds them: the view's path, lang and serial kept. */
export const viewHref = (view: LandingViewName) => `/acme/product-details/7/preview${landingViewPath(view)}?lang=ko&serial=SN-1`;
export const languageHref = (code: string) => `/acme/product-details/7/preview?lang=${code}&serial=SN-1`;

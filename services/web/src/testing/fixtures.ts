import type { Company, CustomerListItem, Link, Plan, Profile, ProductResponse, ProductSummary, Project, Qualifier, SessionInfo, TotalCount, User } from '@product-console/shared';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    userId: 7,
    username: 'jane',
    email: 'jane@acme.test',
    roleId: 2,
    serviceName: 'acme',
    companyName: 'Acme Corp',
    profile: null,
    showDefaultPage: true,
    firstName: 'Jane',
    lastName: 'Doe',
    department: 'Operations',
    officePhone: '',
    mobile: '',
    customDomain: null,
    isLoggedIn: true,
    ...overrides,
  };
}

export function makeSession(user: Partial<User> = {}, switchedCustomerId: number | null = null): SessionInfo {
  return { user: makeUser(user), switchedCustomerId };
}

export function makePlan(overrides: Partial<Plan> = {}): Plan {
  return {
    planName: 'Business',
    services: ['DL', 'DPP'],
    limits: { product: 100, link: 10, subAdmin: 5 },
    usage: { product: 3, subAdmin: 1 },
    subscription: null,
    ...overrides,
  };
}

export const projects: Project[] = [
  { project_id: 11, project_name: 'Spring line', description: '', productCount: 2, createdAt: '2025-01-01T00:00:00.000Z' },
  { project_id: 12, project_name: 'Outdoor', description: '', productCount: 1, createdAt: '2025-01-02T00:00:00.000Z' },
];

/** The signed-in manager's own profile (GET /bff/api/auth/me/profile). */
export const profile: Profile = {
  userId: 7,
  email: 'jane@acme.test',
  roleId: 2,
  firstName: 'Jane',
  lastName: 'Doe',
  department: 'Operations',
  officePhone: '',
  mobile: '',
  profile: null,
  showDefaultPage: true,
  language: 'en',
};

export const company: Company = {
  companyName: 'Acme Corp',
  serviceName: 'acme',
  categoryId: 1,
  gcps: ['8801234', '8809999'],
  primaryLogo: null,
  description: 'We make sturdy things.',
  country: 'KR',
  contactPhone: '+82 2 123 4567',
  contactHour: '09:00-18:00',
  contactEmail: 'hello@acme.test',
  website: 'acme.test',
  sns: [],
  timeZone: 'UTC',
};

export const totalCount: TotalCount = { projects: 2, products: 3, dlProducts: 2, dppProducts: 1, nfcProducts: 4 };

export const products: ProductSummary[] = [
  {
    productId: 101,
    entry_id: 5,
    project_id: 11,
    project_name: 'Spring line',
    product_name: 'Trail jacket',
    product_number: 'TJ-01',
    category_id: 1,
    service: 'DPP',
    isNFC: 1,
    image: null,
    thumbnail: null,
    gtin: '08801234000017',
    createdAt: '2025-03-01T00:00:00.000Z',
    updatedAt: '2025-03-02T00:00:00.000Z',
  },
];

export const customers: CustomerListItem[] = [
  { customerId: 1, permission: true, companyName: 'Acme Corp', serviceName: 'acme', planName: 'Business', services: ['DL', 'DPP'], createdAt: '2025-01-01T00:00:00.000Z', gcps: ['8801234'], prefixConflicts: [] },
  { customerId: 2, permission: false, companyName: 'Beta Ltd', serviceName: 'beta', planName: null, services: ['DL'], createdAt: '2025-01-01T00:00:00.000Z', gcps: ['8807777'], prefixConflicts: [] },
];

/** A product as `GET /api/product/?productId` answers it, with its GS1 entry. */
export function makeProductResponse(product: Partial<ProductResponse['product']> = {}): ProductResponse {
  return {
    entry: {
      entry_id: 5,
      entryPath: '/01/08801234000017',
      aiString: '01',
      aiValue: '08801234000017',
      gcp: '8801234',
      isActive: true,
      isDeleted: false,
      title: 'Trail jacket',
      title_eng: 'Trail jacket',
      isAtq: false,
      digitalLink: 'https://id.acme.test/01/08801234000017',
    },
    product: {
      productId: 101,
      entry_id: 5,
      project_id: 11,
      project_name: 'Spring line',
      category_id: 1,
      subcategoryId: null,
      product_name: 'Trail jacket',
      product_number: 'TJ-01',
      product_website: '',
      features: 'Light',
      description: 'A jacket',
      certification: [],
      isNFC: 0,
      details: '',
      dynamicInfo: [],
      options: [],
      image: [],
      thumbnails: [],
      careInfo: { type: 'text', text: '', image: null },
      qrContent: null,
      service: 'DL',
      gtin: '08801234000017',
      intendedMarkets: [],
      label: null,
      createdAt: '2025-03-01T00:00:00.000Z',
      updatedAt: '2025-03-02T00:00:00.000Z',
      ...product,
    },
  };
}

export function makeLink(overrides: Partial<Link> = {}): Link {
  const linkId = overrides.linkId ?? 1;
  return {
    linkId,
    link_id: linkId,
    productId: 101,
    entryId: 5,
    qualifierId: null,
    order: 1,
    display: true,
    contentType: 'text/html',
    context: '',
    isDefault: false,
    lang: null,
    linkType: 'gs1:pip',
    targetUrl: 'https://acme.test/pip',
    title: 'Product Information',
    title_eng: 'Product Information',
    modifiedTitle: [],
    group: 1,
    isAuto: false,
    isActive: true,
    ...overrides,
  };
}

export function makeQualifier(serial: string, qualifierId: number, overrides: Partial<Qualifier> = {}): Qualifier {
  return {
    qualifierId,
    qualifierPath: `/21/${encodeURIComponent(serial)}`,
    identifierCode: '21',
    entryId: 5,
    value: serial,
    createdAt: '2025-03-03T00:00:00.000Z',
    status: 'active',
    statusReason: null,
    statusChangedAt: null,
    ...overrides,
  };
}

/** What the console shell of a signed-in manager (role 2 unless given) asks for, and the profile pages read. */
export function signedInAnswers(roleId: User['roleId'] = 2) {
  return {
    '/bff/auth/me': { body: makeSession({ roleId }) },
    '/bff/api/project/all': { body: { result: projects } },
    '/bff/api/service/plan/info': { body: { result: makePlan({ planName: 'Starter' }) } },
    '/bff/api/service/notifications/unread': { body: { result: { count: 0 } } },
    '/bff/api/auth/me/company-info': { body: { result: company } },
    'GET /bff/api/auth/me/profile': { body: { result: profile } },
  };
}

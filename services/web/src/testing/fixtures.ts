import type { Company, CustomerListItem, Plan, ProductSummary, Project, SessionInfo, TotalCount, User } from '@product-console/shared';

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
  { customerId: 1, permission: true, companyName: 'Acme Corp', serviceName: 'acme', planName: 'Business', services: ['DL', 'DPP'], createdAt: '2025-01-01T00:00:00.000Z' },
  { customerId: 2, permission: false, companyName: 'Beta Ltd', serviceName: 'beta', planName: null, services: ['DL'], createdAt: '2025-01-01T00:00:00.000Z' },
];

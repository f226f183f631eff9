import { describe, expect, it } from 'vitest';
import { DEV_TOKEN_STORAGE_KEY } from '@product-console/shared';
import { homePath } from '@/lib/home-path';
import { makeSession } from '@/testing/fixtures';

describe('homePath', () => {
  it('sends a visitor without a session to /login', () => {
    expect(homePath(null)).toBe('/login');
  });

  it('sends a super-admin to /switch until a company is chosen', () => {
    expect(homePath(makeSession({ roleId: 1 }))).toBe('/switch');
    expect(homePath(makeSession({ roleId: 1 }, 4))).toBe('/acme/dashboard/main-overview');
  });

  it("lets a super-admin with the preview channel's developer token go to the service home", () => {
    window.sessionStorage.setItem(DEV_TOKEN_STORAGE_KEY, 'token');
    expect(homePath(makeSession({ roleId: 1 }))).toBe('/acme/dashboard/main-overview');
  });

  it('sends other roles to the overview, or to quick-start when showDefaultPage is off', () => {
    expect(homePath(makeSession({ roleId: 2 }))).toBe('/acme/dashboard/main-overview');
    expect(homePath(makeSession({ roleId: 3, showDefaultPage: false }))).toBe('/acme/quick-start');
  });
});

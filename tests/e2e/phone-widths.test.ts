import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseURL, launchBrowser, signIn } from '../support/browser.js';

/** A phone held upright (spec point 9: below `sm`, 768 px, nothing may scroll sideways). */
const PHONE = { width: 390, height: 844 };
/** A tablet between `sm` and `md`: tables keep their columns, the menu is a drawer. */
const TABLET = { width: 800, height: 1024 };

interface Overflow {
  scrollWidth: number;
  viewport: number;
  /** The element reaching furthest right, outside any element that scrolls or clips it. */
  widest: string;
}

/** How far the page reaches past the viewport, and which element reaches furthest. */
async function measure(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const viewport = window.innerWidth;
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    let widest = '';
    let right = viewport;
    for (const element of document.querySelectorAll('body *')) {
      const box = element.getBoundingClientRect();
      if (box.right <= right + 0.5 || clipped(element)) continue;
      right = box.right;
      const testId = element.getAttribute('data-testid');
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      widest = `<${element.tagName.toLowerCase()}${testId ? ` data-testid="${testId}"` : ''}> ${Math.round(box.width)} px wide, right edge at ${Math.round(box.right)} px: "${text}"`;
    }
    return { scrollWidth: document.documentElement.scrollWidth, viewport, widest };
  });
}

/** Opens a route and fails, naming the route and the widest element, when the page scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, route: string): Promise<void> {
  await page.goto(`${baseURL()}${route}`);
  await page.waitForLoadState('networkidle');
  // Lists and sections load after the page: give the skeletons time to turn into content.
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, undefined, { timeout: 10_000 }).catch(() => undefined);
  const overflow = await measure(page);
  expect(
    overflow.scrollWidth,
    `${route} scrolls sideways at ${overflow.viewport} px (page ${overflow.scrollWidth} px wide); widest: ${overflow.widest || 'unknown'}`,
  ).toBeLessThanOrEqual(overflow.viewport);
}

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function freshPhone(viewport = PHONE): Promise<Page> {
  await context?.close();
  context = await browser.newContext({ viewport, locale: 'en-US', isMobile: true, hasTouch: true });
  page = await context.newPage();
  return page;
}

describe('every console screen on a phone (and the manager\'s on a tablet)', () => {
  it('signed out: the account and maintenance pages', async () => {
    await freshPhone();
    const routes = [
      '/login',
      '/register',
      '/forgot-password',
      '/check-mail',
      '/code-verification',
      '/maintenance/404',
      '/maintenance/500',
      '/maintenance/403',
      '/maintenance/under-construction',
      '/maintenance/under-construction2',
      '/maintenance/permission-denied',
      '/maintenance/plan-limit',
      '/no-such-page',
    ];
    for (const route of routes) await expectNoSidewaysScroll(page, route);
  });

  it.each([
    ['390', PHONE],
    ['800', TABLET],
  ])('the demo manager: every console route at %s px', async (_width, viewport) => {
    await freshPhone(viewport);
    await signIn(page, 'manager@demo.example');
    await page.waitForURL('**/acme/dashboard/main-overview');

    await page.goto(`${baseURL()}/acme/entry-list`);
    const productHref = await page.locator('a[href*="/product-details/"]').first().getAttribute('href');
    const productId = productHref?.match(/product-details\/(\d+)/)?.[1];
    expect(productId, 'a product in the entry list').toBeTruthy();
    // The console's own answer for its project list, through the signed-in session.
    const projectId = await page.evaluate(async () => {
      const response = await fetch('/bff/api/project/all', { credentials: 'include' });
      const body = (await response.json()) as { result: { projectId?: number; project_id?: number; id?: number }[] };
      const first = body.result[0];
      return first?.projectId ?? first?.project_id ?? first?.id;
    });
    expect(projectId, 'a project of the demo company').toBeTruthy();

    const routes = [
      '/acme/dashboard/main-overview',
      '/acme/dashboard/DL-analytics',
      '/acme/quick-start',
      '/acme/sub-admin',
      '/acme/epcis',
      '/acme/entry-list',
      `/acme/entry-list/${projectId}`,
      `/acme/project/${projectId}/add-product`,
      `/acme/product-details/${productId}`,
      `/acme/product-details/${productId}/new-link`,
      ...['basic', 'details', 'images', 'qr'].map((step) => `/acme/product-details/${productId}/edit/${step}`),
      '/acme/notifications',
      '/acme/settings/pricing',
      '/acme/profiles/basic',
      '/acme/profiles/company',
      '/acme/profiles/password',
      '/acme/profiles/subscription',
      '/acme/no-such-page',
      `/acme/product-details/${productId}/preview`,
    ];
    for (const route of routes) await expectNoSidewaysScroll(page, route);
  });

  it('the super-admin: the customer list on /switch', async () => {
    await freshPhone();
    await signIn(page, 'super@demo.example');
    await page.waitForURL('**/switch');
    await expectNoSidewaysScroll(page, '/switch');
  });
});

import { describe, expect, it } from 'vitest';
import { reportHref } from './urls';

describe('reportHref', () => {
  it("leads to the product's report page, with the serial the verification view showed", () => {
    expect(reportHref('/acme/product-details/42/preview', 'A/1 2')).toBe('/acme/product-details/42/preview/report?serial=A%2F1+2');
    expect(reportHref('/acme/product-details/42/preview/', null)).toBe('/acme/product-details/42/preview/report');
  });
});

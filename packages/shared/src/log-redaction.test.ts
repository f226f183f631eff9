import { describe, expect, it } from 'vitest';
import { redactUrl, requestLogFields } from './log-redaction.js';

describe('redactUrl', () => {
  it('replaces the value of every credential in the query and keeps the rest as sent', () => {
    expect(redactUrl('/acme/product-details/42/preview/dpp?lang=en&access=live-token_0123456789')).toBe(
      '/acme/product-details/42/preview/dpp?lang=en&access=[redacted]',
    );
    expect(redactUrl('/new-member/7?token=invite-0123456789abcdef')).toBe('/new-member/7?token=[redacted]');
    expect(redactUrl('/01/09506000134352/21/S1?serial=S1&linkType=gs1:pip')).toBe('/01/09506000134352/21/S1?serial=S1&linkType=gs1:pip');
  });

  it('knows a credential by its name however it is spelt', () => {
    expect(redactUrl('/x?ACCESS=a&acc%65ss=b&api_key=c&flag')).toBe('/x?ACCESS=[redacted]&acc%65ss=[redacted]&api_key=[redacted]&flag');
  });

  it("replaces a reset link's token in the console's page, the public pass-through and the API", () => {
    expect(redactUrl('/reset-password/12/reset-0123456789abcdef')).toBe('/reset-password/12/[redacted]');
    expect(redactUrl('/auth/reset-password/12/reset-0123456789abcdef?x=1')).toBe('/auth/reset-password/12/[redacted]?x=1');
    expect(redactUrl('/bff/public/auth/password/reset/12/reset-0123456789abcdef')).toBe('/bff/public/auth/password/reset/12/[redacted]');
    expect(redactUrl('/api/auth/password/RESET/12/reset-0123456789abcdef')).toBe('/api/auth/password/RESET/12/[redacted]');
    expect(redactUrl('/reset%2Dpassword/12/reset-0123456789abcdef')).toBe('/reset-password/12/[redacted]');
  });
});

describe('requestLogFields', () => {
  it('holds the client address only when asked', () => {
    const request = { method: 'GET', url: '/x?token=t0k3n', ip: '81.2.69.142' };
    expect(requestLogFields(request, false)).toEqual({ method: 'GET', url: '/x?token=[redacted]' });
    expect(requestLogFields(request, true)).toEqual({ method: 'GET', url: '/x?token=[redacted]', remoteAddress: '81.2.69.142' });
  });
});

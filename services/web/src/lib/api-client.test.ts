import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CODES, MESSAGES } from '@product-console/shared';
import { api, ApiError, apiRequest, configureApiClient, publicApi } from '@/lib/api-client';
import { stubUpload } from '@/testing/fake-xhr';

function answer(status: number, body?: unknown) {
  return vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

describe('api client', () => {
  const navigate = vi.fn();
  const alert = vi.fn();
  const onUnauthenticated = vi.fn();

  beforeEach(() => {
    navigate.mockReset();
    alert.mockReset();
    onUnauthenticated.mockReset();
    configureApiClient({ navigate, alert, onUnauthenticated });
  });

  it('sends X-CSRF: 1 and the same-origin cookie on every request, JSON in and out', async () => {
    const fetchMock = answer(200, { result: true });
    vi.stubGlobal('fetch', fetchMock);

    await expect(api.get('/bff/api/project/all')).resolves.toEqual({ result: true });
    await api.post('/bff/auth/switch', { customerId: 3 });
    await api.delete('/bff/auth/switch');

    expect(fetchMock).toHaveBeenCalledTimes(3);
    for (const [, init] of fetchMock.mock.calls as unknown as [string, RequestInit][]) {
      expect(init.credentials).toBe('same-origin');
      expect((init.headers as Record<string, string>)['X-CSRF']).toBe('1');
    }
    const [, postInit] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(postInit.method).toBe('POST');
    expect((postInit.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(postInit.body).toBe(JSON.stringify({ customerId: 3 }));
  });

  it('throws an ApiError with status, code, message and details', async () => {
    const details = [{ path: 'email', message: 'Invalid email' }];
    vi.stubGlobal('fetch', answer(400, { code: ERROR_CODES.VALIDATION, message: MESSAGES.validation, details }));

    const error = await apiRequest('/bff/api/project', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: ERROR_CODES.VALIDATION, message: MESSAGES.validation, details });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('sends a 401 to /login and forgets the session', async () => {
    vi.stubGlobal('fetch', answer(401, { code: ERROR_CODES.UNAUTHENTICATED, message: MESSAGES.unauthenticated }));

    await expect(api.get('/bff/api/project/all')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthenticated).toHaveBeenCalledOnce();
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(alert).not.toHaveBeenCalled();
  });

  it('leaves a 401 of the session probe and of sign-in to the caller', async () => {
    vi.stubGlobal('fetch', answer(401, { code: ERROR_CODES.UNAUTHENTICATED, message: MESSAGES.unauthenticated }));

    await expect(api.get('/bff/auth/me')).rejects.toMatchObject({ status: 401 });
    await expect(api.post('/bff/auth/sign-in', { email: 'a@b.c', password: 'x' })).rejects.toMatchObject({ status: 401 });
    expect(navigate).not.toHaveBeenCalled();
  });

  it("sends a plan's refusal to the plan-limit page: a service not in the plan as a feature, a limit as usage", async () => {
    vi.stubGlobal('fetch', answer(403, { code: ERROR_CODES.SERVICE_NOT_IN_PLAN, message: 'The plan has no DPP service' }));
    await expect(api.get('/bff/api/trace/all')).rejects.toMatchObject({ status: 403 });
    expect(navigate).toHaveBeenLastCalledWith('/maintenance/plan-limit?type=feature');
    vi.stubGlobal('fetch', answer(403, { code: ERROR_CODES.PLAN_LIMIT_REACHED, message: 'limit' }));
    await expect(api.post('/bff/api/entry/links/', {})).rejects.toMatchObject({ status: 403 });
    expect(navigate).toHaveBeenLastCalledWith('/maintenance/plan-limit?type=usage');
  });

  it("sends a sub-admin's refused call to the permission-denied page once the console says so", async () => {
    configureApiClient({ forbiddenPath: () => '/maintenance/permission-denied' });
    try {
      vi.stubGlobal('fetch', answer(403, { code: ERROR_CODES.FORBIDDEN, message: MESSAGES.forbidden }));
      await expect(api.get('/bff/api/product/all')).rejects.toMatchObject({ status: 403 });
      expect(navigate).toHaveBeenLastCalledWith('/maintenance/permission-denied');
    } finally {
      configureApiClient({ forbiddenPath: () => '/maintenance/403' });
    }
  });

  it('sends a 403 to /maintenance/403', async () => {
    vi.stubGlobal('fetch', answer(403, { code: ERROR_CODES.FORBIDDEN, message: MESSAGES.forbidden }));

    await expect(api.get('/bff/api/service/super/customer/list')).rejects.toMatchObject({ status: 403 });
    expect(navigate).toHaveBeenCalledWith('/maintenance/403');
  });

  it('alerts, without leaving the page, when the company is not authorized yet (E401004)', async () => {
    vi.stubGlobal('fetch', answer(401, { code: ERROR_CODES.COMPANY_NOT_AUTHORIZED, message: MESSAGES.companyNotAuthorized }));

    await expect(api.get('/bff/api/overview/total-count')).rejects.toMatchObject({ code: 'E401004' });
    expect(alert).toHaveBeenCalledWith(MESSAGES.companyNotAuthorized);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('alerts and goes to /login when the token refresh failed', async () => {
    vi.stubGlobal('fetch', answer(401, { code: ERROR_CODES.REFRESH_INVALID, message: MESSAGES.refreshFailed }));

    await expect(api.get('/bff/api/project/all')).rejects.toMatchObject({ status: 401 });
    expect(alert).toHaveBeenCalledWith(MESSAGES.refreshFailed);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('reports an unreachable gateway as E503001', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));

    await expect(api.get('/bff/api/project/all')).rejects.toMatchObject({
      status: 0,
      code: ERROR_CODES.UPSTREAM_UNAVAILABLE,
      message: MESSAGES.unableToConnect,
    });
  });

  describe('uploads', () => {
    it('report progress and send the form with X-CSRF, the cookie and the idempotency key', async () => {
      const sent = stubUpload(201, { result: true });
      const form = new FormData();
      form.append('product', '[]');
      const progress: number[] = [];

      await expect(
        api.upload('/bff/api/product/?service=DL', form, { onProgress: (fraction) => progress.push(fraction), idempotencyKey: 'k-1' }),
      ).resolves.toEqual({ result: true });

      expect(progress).toEqual([0.5, 1]);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ method: 'POST', url: '/bff/api/product/?service=DL', withCredentials: true, body: form });
      expect(sent[0].headers).toMatchObject({ 'X-CSRF': '1', 'Idempotency-Key': 'k-1' });
    });

    it('send a 401 during a product save to /login, as any other call', async () => {
      stubUpload(401, { code: ERROR_CODES.UNAUTHENTICATED, message: MESSAGES.unauthenticated });

      await expect(api.upload('/bff/api/product/?productId=1&service=DL', new FormData(), { method: 'PUT' })).rejects.toMatchObject({ status: 401 });
      expect(onUnauthenticated).toHaveBeenCalledOnce();
      expect(navigate).toHaveBeenCalledWith('/login');
    });

    it('send a 403 to /maintenance/403', async () => {
      stubUpload(403, { code: ERROR_CODES.FORBIDDEN, message: MESSAGES.forbidden });

      await expect(api.upload('/bff/api/service/data/import?type=serial_material', new FormData())).rejects.toMatchObject({ status: 403 });
      expect(navigate).toHaveBeenCalledWith('/maintenance/403');
    });

    it('map a refused form to the catalogue error with its field details', async () => {
      const details = [{ path: 'product.0.gtin', message: 'Invalid GTIN' }];
      stubUpload(400, { code: ERROR_CODES.VALIDATION, message: MESSAGES.validation, details });

      const error = await api.upload('/bff/api/product/?service=DL', new FormData()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 400, code: ERROR_CODES.VALIDATION, details });
      expect(navigate).not.toHaveBeenCalled();
    });

    it('report an unreachable gateway as E503001', async () => {
      stubUpload(0, undefined, { fail: true });

      await expect(api.upload('/bff/api/product/?service=DL', new FormData())).rejects.toMatchObject({ status: 0, code: ERROR_CODES.UPSTREAM_UNAVAILABLE });
    });

    it('stop when the caller aborts', async () => {
      stubUpload(201, { result: true });
      const controller = new AbortController();

      const upload = api.upload('/bff/api/product/?service=DL', new FormData(), { signal: controller.signal });
      controller.abort();
      await expect(upload).rejects.toMatchObject({ name: 'AbortError' });
    });
  });

  describe('public calls (the consumer preview)', () => {
    it('send no cookie', async () => {
      const fetchMock = answer(200, { result: { productId: 1 } });
      vi.stubGlobal('fetch', fetchMock);

      await expect(publicApi.get('/bff/public/product/landing-page/preview-productInfo?productId=1')).resolves.toEqual({ result: { productId: 1 } });
      const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
      expect(init.credentials).toBe('omit');
    });

    it('leave a 401 and a 403 to the page: a visitor is neither sent to sign-in nor to the 403 page', async () => {
      vi.stubGlobal('fetch', answer(401, { code: ERROR_CODES.UNAUTHENTICATED, message: MESSAGES.unauthenticated }));
      await expect(publicApi.get('/bff/public/product/landing-page/preview-links?productId=1')).rejects.toMatchObject({ status: 401 });
      vi.stubGlobal('fetch', answer(403, { code: ERROR_CODES.FORBIDDEN, message: MESSAGES.forbidden }));
      await expect(publicApi.get('/bff/public/product/landing-page/preview-links?productId=1')).rejects.toMatchObject({ status: 403 });

      expect(navigate).not.toHaveBeenCalled();
      expect(onUnauthenticated).not.toHaveBeenCalled();
      expect(alert).not.toHaveBeenCalled();
    });
  });
});

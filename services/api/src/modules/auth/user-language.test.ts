import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../seed/seed.js';
import { call, createTestApp, signIn, type TestApp } from '../../test/app.js';
import { multipartBody } from '../../test/account-forms.js';
import { countMail, readOutbox, waitForMail } from '../../test/mail.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://console.example' });
});
afterAll(async () => {
  await t?.close();
});

const outbox = () => readOutbox(t.config);

async function signUp(newUser: Record<string, unknown>) {
  const { payload, headers } = await multipartBody({ newUser });
  return t.app.inject({ method: 'POST', url: '/api/auth/sign/up', payload, headers });
}

const korean = {
  company_name: '한빛 식품',
  service_name: 'hanbit',
  category_id: 1,
  email: 'owner@hanbit.example',
  gcps: ['8801234'],
  first_name: '지민',
  last_name: '김',
  password: 'Hanbit-pass-2026',
  role_id: 2,
  language: 'ko',
};

describe("a user's language", () => {
  it('is chosen at sign-up: the mails, the notifications and the invitations of a Korean manager are Korean', async () => {
    expect((await signUp(korean)).statusCode).toBe(201);
    const superAdmin = await signIn(t.app, DEMO_USERS.superAdmin);
    const list = await call(t.app, superAdmin.authorization, { method: 'GET', url: '/api/service/super/customer/list' });
    const { customerId } = list.json().result.find((c: { serviceName: string }) => c.serviceName === 'hanbit');
    await call(t.app, superAdmin.authorization, { method: 'PUT', url: '/api/service/super/customer/permission', payload: { customerId, permission: true } });

    const owner = await signIn(t.app, korean.email, korean.password);
    const profile = await call(t.app, owner.authorization, { method: 'GET', url: '/api/auth/me/profile' });
    expect(profile.json().result.language).toBe('ko');

    // The notification is a message id with its values; the title stays English for old clients.
    const notices = await call(t.app, owner.authorization, { method: 'GET', url: '/api/service/notifications' });
    expect(notices.json().result[0]).toMatchObject({
      type: 'company.approved',
      params: { companyName: '한빛 식품' },
      title: 'Your company has been approved',
    });

    let before = await countMail(outbox, korean.email);
    await t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: korean.email } });
    const reset = await waitForMail(outbox, korean.email, before);
    expect(reset.subject).toContain('비밀번호 재설정');
    expect(reset.text).toContain('지민님, 안녕하세요.');
    expect(reset.links[0]).toMatch(/^https:\/\/console\.example\/reset-password\//);

    before = await countMail(outbox, korean.email);
    await signUp({ ...korean, service_name: 'hanbit-two', gcps: ['8809999'], language: 'en' });
    const attempt = await waitForMail(outbox, korean.email, before);
    expect(attempt.text).toContain('누군가 이 이메일 주소로 Product Console에 새 회사를 등록하려고 했습니다.');

    // A sub-admin the Korean manager adds gets its invitation in Korean.
    const created = await call(t.app, owner.authorization, {
      method: 'POST',
      url: '/api/auth/sub-admin/up',
      payload: { newUser: { first_name: '수진', last_name: '이', email: 'sujin@hanbit.example' } },
    });
    expect(created.statusCode).toBe(201);
    before = await countMail(outbox, 'sujin@hanbit.example');
    await call(t.app, owner.authorization, { method: 'POST', url: '/api/auth/sub-admin/invitation', payload: { subAdminId: created.json().result.user_id } });
    const invitation = await waitForMail(outbox, 'sujin@hanbit.example', before);
    expect(invitation.subject).toContain('한빛 식품에 초대되었습니다');
    expect(invitation.text).toContain('링크는 한 번만 사용할 수 있으며');
  });

  it('is English by default and changes in the profile', async () => {
    const { authorization } = await signIn(t.app, DEMO_USERS.nordicManager, DEMO_PASSWORD);
    const profile = await call(t.app, authorization, { method: 'GET', url: '/api/auth/me/profile' });
    expect(profile.json().result.language).toBe('en');

    const updated = await call(t.app, authorization, { method: 'PUT', url: '/api/auth/me/profile', payload: { updateInfo: { language: 'ja' } } });
    expect(updated.json().result.language).toBe('ja');
    const refused = await call(t.app, authorization, { method: 'PUT', url: '/api/auth/me/profile', payload: { updateInfo: { language: 'fr' } } });
    expect(refused.statusCode).toBe(400);

    const before = await countMail(outbox, DEMO_USERS.nordicManager);
    await t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: DEMO_USERS.nordicManager } });
    const mail = await waitForMail(outbox, DEMO_USERS.nordicManager, before);
    expect(mail.text).toContain('リンクとコードは一度だけ使用でき');
  });
});

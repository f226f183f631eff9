import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { ReactNode } from 'react';
import type { UiLanguage } from '@product-console/shared';
import { AppProvider } from '@/app/provider';
import en from '@/locales/en.json';
import ko from '@/locales/ko.json';
import { company, makeSession, profile } from '@/testing/fixtures';
import { stubUpload } from '@/testing/fake-xhr';
import { mockBff } from '@/testing/test-utils';
import { ProfileBasicRoute } from '@/features/profile/routes/profile-basic';
import { ProfileCompanyRoute } from '@/features/profile/routes/profile-company';

configure({ asyncUtilTimeout: 5000 });

function renderIn(language: UiLanguage, ui: ReactNode) {
  const messages = language === 'ko' ? { ...en, ...ko } : en;
  return render(
    <AppProvider language={language} messages={messages} swr={{ dedupingInterval: 0, shouldRetryOnError: false }}>
      <MemoryRouter>{ui}</MemoryRouter>
    </AppProvider>,
  );
}

function api() {
  mockBff({
    '/bff/auth/me': { body: makeSession({ roleId: 2 }) },
    'GET /bff/api/auth/me/profile': { body: { result: profile } },
    'GET /bff/api/auth/me/company-info': { body: { result: company } },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('profile forms field errors', () => {
  it('says in Korean under the fields what the schema refuses, before anything is sent', async () => {
    api();
    const sent = stubUpload(200, { result: profile });
    const user = userEvent.setup();
    renderIn('ko', <ProfileBasicRoute />);
    const first = await screen.findByLabelText('이름');
    await user.clear(first);
    await user.type(screen.getByLabelText('휴대전화'), 'call me');
    await user.click(screen.getByRole('button', { name: '저장' }));

    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first).toHaveAccessibleDescription('필수 입력 항목입니다.');
    expect(first).toHaveFocus();
    expect(screen.getByLabelText('휴대전화')).toHaveAccessibleDescription('형식을 확인하세요. 예: +82 10 1234 5678');
    expect(screen.getByLabelText('사무실 전화')).toHaveAttribute('aria-invalid', 'false');
    expect(sent).toHaveLength(0);
  });

  it("puts the API's 400 details of the profile under their fields", async () => {
    api();
    stubUpload(400, {
      code: 'E400001',
      message: 'Validation failed',
      details: [{ path: 'updateInfo.department', message: 'Too big', code: 'too_big', maximum: 100, origin: 'string' }],
    });
    const user = userEvent.setup();
    renderIn('en', <ProfileBasicRoute />);
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Department')).toHaveAccessibleDescription('Use at most 100 characters.'));
    expect(screen.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'false');
  });

  it('words a website, an address and prefixes of the wrong shape on the company tab', async () => {
    api();
    const sent = stubUpload(200, { result: company });
    const user = userEvent.setup();
    renderIn('en', <ProfileCompanyRoute />);
    const website = await screen.findByLabelText('Website');
    await user.clear(website);
    await user.type(website, 'acme dot com');
    await user.type(screen.getByLabelText('Contact email'), '@@');
    const prefixes = screen.getByLabelText('GS1 company prefixes');
    await user.type(prefixes, ', 12');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(website).toHaveAccessibleDescription('Check the format, for example https://example.com.');
    expect(screen.getByLabelText('Contact email')).toHaveAccessibleDescription('Check the format, for example name@example.com.');
    expect(prefixes).toHaveAccessibleDescription(/Enter one or more GS1 company prefixes of 4 to 12 digits/);
    expect(screen.getByLabelText('Company name')).toHaveAttribute('aria-invalid', 'false');
    expect(sent).toHaveLength(0);
  });
});

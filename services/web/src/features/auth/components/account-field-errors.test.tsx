import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { ReactNode } from 'react';
import type { UiLanguage } from '@product-console/shared';
import { AppProvider } from '@/app/provider';
import en from '@/locales/en.json';
import ko from '@/locales/ko.json';
import { stubUpload } from '@/testing/fake-xhr';
import { mockBff } from '@/testing/test-utils';
import { LoginForm } from '@/features/auth/components/login-form';
import { RegisterForm } from '@/features/auth/components/register-form';

configure({ asyncUtilTimeout: 5000 });

function renderIn(language: UiLanguage, ui: ReactNode) {
  const messages = language === 'ko' ? { ...en, ...ko } : en;
  return render(
    <AppProvider language={language} messages={messages} swr={{ dedupingInterval: 0, shouldRetryOnError: false }}>
      <MemoryRouter>{ui}</MemoryRouter>
    </AppProvider>,
  );
}

const words = {
  en: { email: 'Email address', password: 'Password', signIn: 'Sign in', required: 'This field is required.', company: 'Company name', create: 'Create account' },
  ko: { email: '이메일 주소', password: '비밀번호', signIn: '로그인', required: '필수 입력 항목입니다.', company: '회사명', create: '계정 만들기' },
} as const;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sign-in field errors', () => {
  it.each(['en', 'ko'] as const)('says in %s under each empty field that it is required, without calling the gateway', async (language) => {
    const fetchMock = mockBff({});
    const user = userEvent.setup();
    renderIn(language, <LoginForm />);
    await user.click(screen.getByRole('button', { name: words[language].signIn }));

    const email = screen.getByLabelText(words[language].email);
    // The sign-in schema loads with the form's first check (decision 073).
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription(words[language].required);
    expect(screen.getByLabelText(words[language].password)).toHaveAccessibleDescription(words[language].required);
    expect(email).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('words a malformed address with an example and puts the gateway 400 detail under its field', async () => {
    const fetchMock = mockBff({
      'POST /bff/auth/sign-in': {
        status: 400,
        body: { code: 'E400001', message: 'Validation failed', details: [{ path: 'password', message: 'Too big', code: 'too_big', maximum: 128, origin: 'string' }] },
      },
    });
    const user = userEvent.setup();
    renderIn('en', <LoginForm />);
    await user.type(screen.getByLabelText('Email address'), 'jane@');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription('Check the format, for example name@example.com.'));
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Email address'), 'acme.test');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Use at most 128 characters.'));
    expect(screen.getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'false');
  });
});

/** Fills the register form with valid values (the service name check answers "available"). */
async function fillRegister(user: ReturnType<typeof userEvent.setup>, { prefixes = '7040001', confirm = 'Fjord-pass-1' } = {}) {
  await user.type(screen.getByLabelText('Company name'), 'Fjord Fisheries');
  await user.type(screen.getByLabelText('Service name'), 'fjord');
  expect(await screen.findByText('This service name is available.')).toBeInTheDocument();
  await user.type(screen.getByLabelText('GS1 company prefixes'), prefixes);
  await user.type(screen.getByLabelText('First name'), 'Frida');
  await user.type(screen.getByLabelText('Last name'), 'Fjord');
  await user.type(screen.getByLabelText('Email address'), 'owner@fjord.test');
  await user.type(screen.getByLabelText('Password'), 'Fjord-pass-1');
  await user.type(screen.getByLabelText('Confirm password'), confirm);
}

const AVAILABLE = { '/bff/public/auth/service-name/check': { body: { available: true, reason: null } } };

describe('register form field errors', () => {
  it('says in Korean under the empty fields that they are required and sends nothing', async () => {
    mockBff(AVAILABLE);
    const sent = stubUpload(201, {});
    const user = userEvent.setup();
    renderIn('ko', <RegisterForm onRegistered={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: words.ko.create }));

    const company = screen.getByLabelText(words.ko.company);
    expect(company).toHaveAttribute('aria-invalid', 'true');
    expect(company).toHaveAccessibleDescription(words.ko.required);
    expect(screen.getByLabelText('GS1 업체 코드')).toHaveAccessibleDescription(words.ko.required);
    expect(company).toHaveFocus();
    expect(sent).toHaveLength(0);
  });

  it('words prefixes of the wrong shape and two different passwords under their fields', async () => {
    mockBff(AVAILABLE);
    const sent = stubUpload(201, {});
    const user = userEvent.setup();
    renderIn('en', <RegisterForm onRegistered={vi.fn()} />);
    await fillRegister(user, { prefixes: '7040001, 12ab', confirm: 'other-pass-1' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(screen.getByLabelText('GS1 company prefixes')).toHaveAccessibleDescription(
      'Enter one or more GS1 company prefixes of 4 to 12 digits, separated by commas.',
    );
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('The two passwords do not match.');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'false');
    expect(sent).toHaveLength(0);
  });

  it("puts the API's 400 details and a taken service name under their fields", async () => {
    mockBff(AVAILABLE);
    stubUpload(400, {
      code: 'E400001',
      message: 'Validation failed',
      details: [{ path: 'newUser.first_name', message: 'Too big', code: 'too_big', maximum: 100, origin: 'string' }],
    });
    const user = userEvent.setup();
    renderIn('ko', <RegisterForm onRegistered={vi.fn()} />);
    await user.type(screen.getByLabelText('회사명'), 'Fjord Fisheries');
    await user.type(screen.getByLabelText('서비스 이름'), 'fjord');
    await user.type(screen.getByLabelText('GS1 업체 코드'), '7040001');
    await user.type(screen.getByLabelText('이름'), 'Frida');
    await user.type(screen.getByLabelText('성'), 'Fjord');
    await user.type(screen.getByLabelText('이메일 주소'), 'owner@fjord.test');
    await user.type(screen.getByLabelText('비밀번호'), 'Fjord-pass-1');
    await user.type(screen.getByLabelText('비밀번호 확인'), 'Fjord-pass-1');
    await user.click(screen.getByRole('button', { name: '계정 만들기' }));
    await waitFor(() => expect(screen.getByLabelText('이름')).toHaveAccessibleDescription('100자 이하로 입력하세요.'));
    expect(screen.getByLabelText('이름')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says under the service name that another company took it meanwhile', async () => {
    mockBff(AVAILABLE);
    stubUpload(409, { code: 'E409003', message: 'This service name is already taken.' });
    const user = userEvent.setup();
    renderIn('en', <RegisterForm onRegistered={vi.fn()} />);
    await fillRegister(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const serviceName = screen.getByLabelText('Service name');
    await waitFor(() => expect(serviceName).toHaveAttribute('aria-invalid', 'true'));
    expect(serviceName).toHaveAccessibleDescription(/This service name is already taken\./);
  });
});

/** An XMLHttpRequest that reports a quarter of the body sent and answers only when told. */
function holdUpload() {
  let answer: (status: number, body: unknown) => void = () => undefined;
  class HeldXhr {
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    status = 0;
    responseText = '';
    withCredentials = false;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    abort() {}
    send() {
      setTimeout(() => this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 4 }), 0);
      answer = (status, body) => {
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      };
    }
  }
  vi.stubGlobal('XMLHttpRequest', HeldXhr);
  return { answer: (status: number, body: unknown) => answer(status, body) };
}

describe('register form upload', () => {
  it('shows the progress of the logo upload inside the drop zone until the API answers', async () => {
    mockBff(AVAILABLE);
    const held = holdUpload();
    const onRegistered = vi.fn();
    const user = userEvent.setup();
    renderIn('en', <RegisterForm onRegistered={onRegistered} />);
    await fillRegister(user);
    await user.upload(screen.getByLabelText('Primary logo (optional)'), new File([new Uint8Array(64)], 'logo.png', { type: 'image/png' }));
    expect(screen.getByRole('img', { name: 'logo.png' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const progress = await screen.findByTestId('register-logo-input-progress');
    expect(progress).toHaveAttribute('aria-label', 'Uploading… 25%');
    expect(screen.getByTestId('register-logo-input-zone')).toContainElement(screen.getByTestId('register-logo-input'));
    await act(async () => held.answer(201, { result: { serviceName: 'fjord', email: 'owner@fjord.test', permission: false } }));
    await waitFor(() => expect(onRegistered).toHaveBeenCalledWith('owner@fjord.test'));
  });
});

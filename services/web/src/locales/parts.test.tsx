import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signedInAnswers } from '@/testing/fixtures';
import { mockBff, renderRoute } from '@/testing/test-utils';
import { loadMessages } from '@/lib/i18n';
import en from '@/locales/en.json';
import enAccount from '@/locales/en.json?part=account';
import enConsole from '@/locales/en.json?part=console';
import ko from '@/locales/ko.json';
import { partOfMessage } from '@/locales/parts';

// Route modules load lazily and cold while the whole suite runs in parallel.
configure({ asyncUtilTimeout: 5000 });

const SIGNED_OUT = { status: 401, body: { code: 'E401005', message: 'Please sign in to continue.' } };
const ids = Object.keys(en);

/** The catalogue ids a page shows instead of words: a message its catalogue part did not have. */
function idsShown(): string[] {
  const text = document.body.textContent ?? '';
  return ids.filter((id) => text.includes(id));
}

describe('catalogue parts', () => {
  it('split English into two parts that hold every message once', () => {
    expect(Object.keys(enAccount).length).toBeGreaterThan(100);
    expect(Object.keys(enAccount).length + Object.keys(enConsole).length).toBe(ids.length);
    expect({ ...enAccount, ...enConsole }).toEqual(en);
    for (const id of Object.keys(enAccount)) expect(partOfMessage(id)).toBe('account');
    expect(partOfMessage('login.title')).toBe('account');
    expect(partOfMessage('products.allTitle')).toBe('console');
  });

  it('load the account part alone for a signed-out start, with English under a missing translation', async () => {
    const messages = await loadMessages('ko');
    expect(messages['login.title']).toBe(ko['login.title']);
    expect(messages['products.allTitle']).toBeUndefined();
  });
});

describe('a signed-out visitor, with the account part of the catalogue only', { timeout: 20_000 }, () => {
  const pages: [string, string, Record<string, unknown>][] = [
    ['/login', 'Sign in', {}],
    ['/register', 'Register your company', { '/bff/public/auth/service-name/check': { body: { available: true, reason: null } } }],
    ['/forgot-password', 'Forgot your password', {}],
    ['/check-mail?email=a%40b.test', 'Check your email', {}],
    ['/code-verification?email=a%40b.test', 'Verify your code', {}],
    ['/reset-password/7/expired-token-0123456789', 'This link cannot be used', { '/bff/public/auth/password/reset/7/expired-token-0123456789': { body: { result: { valid: false } } } }],
  ];

  it.each(pages)('%s says everything in words, also the checks of an empty form', async (path, heading, answers) => {
    mockBff({ '/bff/auth/me': SIGNED_OUT, ...answers } as Parameters<typeof mockBff>[0]);
    renderRoute(path, { messages: enAccount });
    expect(await screen.findByRole('heading', { level: 1, name: new RegExp(heading, 'i') })).toBeInTheDocument();
    const submit = screen.queryAllByRole('button').find((button) => button.getAttribute('type') === 'submit');
    if (submit) {
      await userEvent.setup().click(submit);
      expect(await screen.findAllByRole('alert')).not.toHaveLength(0);
    }
    expect(idsShown()).toEqual([]);
  });
});

describe('a console page', { timeout: 20_000 }, () => {
  it('waits for the console part of the visitor language and then says everything in words', async () => {
    mockBff(signedInAnswers());
    renderRoute('/acme/profiles/password', { language: 'ko', messages: await loadMessages('ko') });
    expect(await screen.findByLabelText(ko['profile.oldPassword'])).toBeInTheDocument();
    await waitFor(() => expect(idsShown()).toEqual([]));
  });
});

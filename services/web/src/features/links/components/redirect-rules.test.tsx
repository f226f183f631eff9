import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RedirectRule } from '@product-console/shared';
import { company, makePlan, makeSession, profile, projects } from '@/testing/fixtures';
import { callsTo, productApi } from '@/testing/product-page';
import { mockBff, renderRoute } from '@/testing/test-utils';

// Route modules load lazily and cold in this file while the whole suite runs in parallel.
configure({ asyncUtilTimeout: 5000 });

const koreaDefault: RedirectRule = {
  ruleId: 9,
  linkType: 'gs1:pip',
  order: 1,
  name: 'Korea shop',
  targetUrl: 'https://acme.test/kr',
  countries: ['KR'],
  languages: [],
  devices: [],
  startsAt: null,
  endsAt: null,
  batch: 'any',
  serial: 'any',
};

type User = ReturnType<typeof userEvent.setup>;

async function openRules(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Edit Product Information' }));
  const dialog = await screen.findByTestId('link-edit-dialog');
  await within(dialog).findByTestId('rules-editor');
  return dialog;
}

/** Adds a rule through the rule form: name, target, countries typed in the country box, devices. */
async function addRule(user: User, dialog: HTMLElement, rule: { name: string; target: string; countries?: string[]; devices?: string[] }) {
  await user.click(within(dialog).getByTestId('rule-add'));
  const form = within(dialog).getByTestId('rule-form');
  await user.type(within(form).getByTestId('rule-name'), rule.name);
  await user.type(within(form).getByTestId('rule-target'), rule.target);
  for (const country of rule.countries ?? []) {
    await user.type(within(form).getByTestId('markets-input'), country);
    await user.keyboard('{ArrowDown}{Enter}');
  }
  for (const device of rule.devices ?? []) await user.click(within(form).getByTestId(`rule-device-${device}`));
  await user.click(within(form).getByTestId('rule-apply'));
  await waitFor(() => expect(within(dialog).queryByTestId('rule-form')).not.toBeInTheDocument());
}

const rowNames = (dialog: HTMLElement) => within(within(dialog).getByTestId('rules-list')).getAllByRole('listitem').map((row) => row.getAttribute('aria-label'));

describe('redirect rules in the link dialog', { timeout: 30_000 }, () => {
  it('adds, reorders, edits and deletes rules, tests them, and saves them in their order with the link', async () => {
    const fetchMock = productApi({
      '/bff/api/service/redirect-rules': { body: { result: [koreaDefault] } },
      'PUT /bff/api/entry/links/': { body: { result: true } },
      'PUT /bff/api/entry/links/rules': { body: { result: [] } },
    });
    renderRoute('/acme/product-details/101');
    const user = userEvent.setup();
    const dialog = await openRules(user);
    expect(within(dialog).getByTestId('rules-empty')).toHaveTextContent("No rules: every scan opens the link's own target.");

    await addRule(user, dialog, { name: 'Germany', target: 'https://acme.test/de', countries: ['Germany'], devices: ['ios'] });
    await addRule(user, dialog, { name: 'Android', target: 'https://acme.test/android', devices: ['android'] });
    expect(rowNames(dialog)).toEqual(['Germany', 'Android']);
    expect(within(dialog).getByTestId('rule-row-0')).toHaveTextContent('Countries: Germany · Devices: iPhone and iPad');

    // Keyboard and pointer users both have Move up; the second rule comes first.
    await user.click(within(dialog).getByRole('button', { name: 'Move Android up' }));
    expect(rowNames(dialog)).toEqual(['Android', 'Germany']);

    // Edit the German rule's target.
    await user.click(within(dialog).getByRole('button', { name: 'Edit Germany' }));
    const target = within(within(dialog).getByTestId('rule-form')).getByTestId('rule-target');
    expect(target).toHaveValue('https://acme.test/de');
    await user.clear(target);
    await user.type(target, 'https://acme.test/de-iphone');
    await user.click(within(dialog).getByTestId('rule-apply'));
    expect(within(dialog).getByTestId('rule-row-1-target')).toHaveTextContent('https://acme.test/de-iphone');

    // Test the rules: a German iPhone takes the product's rule; an iPhone in Korea the company's default; in Japan the link.
    const preview = within(dialog).getByTestId('rule-preview');
    await user.selectOptions(within(preview).getByTestId('preview-country'), 'DE');
    await user.selectOptions(within(preview).getByTestId('preview-device'), 'ios');
    expect(within(preview).getByTestId('preview-result')).toHaveTextContent("This product's rule “Germany” applies");
    expect(within(preview).getByTestId('preview-target')).toHaveTextContent('https://acme.test/de-iphone');
    await user.selectOptions(within(preview).getByTestId('preview-country'), 'KR');
    expect(within(preview).getByTestId('preview-result')).toHaveTextContent("The company's default rule “Korea shop” applies");
    await user.selectOptions(within(preview).getByTestId('preview-country'), 'JP');
    expect(within(preview).getByTestId('preview-result')).toHaveTextContent('No rule applies');
    expect(within(preview).getByTestId('preview-target')).toHaveTextContent('https://acme.test/pip');
    // An Android phone anywhere: the first rule.
    await user.selectOptions(within(preview).getByTestId('preview-device'), 'android');
    expect(within(preview).getByTestId('preview-target')).toHaveTextContent('https://acme.test/android');

    // Delete asks first; cancelled, the rule stays; confirmed, it goes.
    await user.click(within(dialog).getByRole('button', { name: 'Delete Android' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Are you sure you want to delete?');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(rowNames(dialog)).toEqual(['Android', 'Germany']);
    await user.click(within(dialog).getByRole('button', { name: 'Delete Android' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rowNames(dialog)).toEqual(['Germany']));

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByTestId('link-edit-dialog')).not.toBeInTheDocument());
    const [saved] = callsTo(fetchMock, 'PUT', '/bff/api/entry/links/rules').map(({ init }) => JSON.parse(String(init?.body)));
    expect(saved).toEqual({
      productId: 101,
      linkType: 'gs1:pip',
      rules: [
        {
          name: 'Germany',
          targetUrl: 'https://acme.test/de-iphone',
          countries: ['DE'],
          languages: [],
          devices: ['ios'],
          startsAt: null,
          endsAt: null,
          batch: 'any',
          serial: 'any',
        },
      ],
    });
  });

  it('checks a rule before it joins the list, and leaves unchanged rules unsent', async () => {
    const fetchMock = productApi({ 'PUT /bff/api/entry/links/': { body: { result: true } } });
    renderRoute('/acme/product-details/101');
    const user = userEvent.setup();
    const dialog = await openRules(user);
    await user.click(within(dialog).getByTestId('rule-add'));
    const form = within(within(dialog).getByTestId('rule-form'));
    await user.type(form.getByTestId('rule-target'), 'ftp://acme.test/file');
    await user.type(form.getByTestId('rule-startsAt'), '2026-06-10T10:00');
    await user.type(form.getByTestId('rule-endsAt'), '2026-06-01T10:00');
    await user.click(form.getByTestId('rule-apply'));
    expect(form.getByTestId('rule-target')).toHaveAccessibleDescription('Enter a web address starting with http:// or https://.');
    expect(form.getByTestId('rule-endsAt')).toHaveAccessibleDescription('The campaign end must be after its start.');
    expect(within(dialog).getByTestId('rules-empty')).toBeInTheDocument();
    await user.click(form.getByTestId('rule-cancel'));

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByTestId('link-edit-dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'PUT', '/bff/api/entry/links/rules')).toHaveLength(0);
  });
});

describe("the company's default rules on the company profile", { timeout: 30_000 }, () => {
  const shell = (roleId: 1 | 2 | 3, extra: Parameters<typeof mockBff>[0] = {}) =>
    mockBff({
      '/bff/auth/me': { body: makeSession({ roleId }) },
      '/bff/api/project/all': { body: { result: projects } },
      '/bff/api/service/plan/info': { body: { result: makePlan() } },
      '/bff/api/service/notifications/unread': { body: { result: { count: 0 } } },
      '/bff/api/auth/me/company-info': { body: { result: company } },
      'GET /bff/api/auth/me/profile': { body: { result: { ...profile, roleId } } },
      '/bff/api/service/nfc/master-keys': { body: { result: [] } },
      '/bff/api/service/redirect-rules': (_init, url) => ({ body: { result: url.searchParams.get('linkType') === 'gs1:pip' ? [koreaDefault] : [] } }),
      ...extra,
    });

  it('lets a manager change them per link type and save them', async () => {
    const fetchMock = shell(2, { 'PUT /bff/api/service/redirect-rules': { body: { result: [] } } });
    renderRoute('/acme/profiles/company');
    const user = userEvent.setup();
    const card = within(await screen.findByTestId('company-rules'));
    await card.findByTestId('rules-list');
    expect(card.getByTestId('company-rules-save')).toBeDisabled();

    await user.click(card.getByRole('button', { name: 'Delete Korea shop' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await card.findByTestId('rules-empty')).toBeInTheDocument();
    // Unsaved changes keep the link type.
    expect(card.getByTestId('company-rules-type')).toBeDisabled();
    await user.click(card.getByTestId('company-rules-save'));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/bff/api/service/redirect-rules')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'PUT', '/bff/api/service/redirect-rules')[0].init?.body))).toEqual({ linkType: 'gs1:pip', rules: [] });
    expect(await screen.findByText('Default rules saved.')).toBeInTheDocument();
  });

  it('shows them to a sub-admin without a way to change them', async () => {
    shell(3);
    renderRoute('/acme/profiles/company');
    const card = within(await screen.findByTestId('company-rules'));
    expect(await card.findByText("Only managers can change the company's default rules.")).toBeInTheDocument();
    expect(card.getByTestId('rules-list')).toHaveTextContent('Korea shop: Countries: South Korea → https://acme.test/kr');
    expect(card.queryByTestId('rule-add')).not.toBeInTheDocument();
  });
});

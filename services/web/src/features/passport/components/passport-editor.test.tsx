import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccessLink, CertificateView } from '@product-console/shared';
import { mockBff, renderWithProviders } from '@/testing/test-utils';
import { PassportEditor } from '@/features/passport/components/passport-editor';

const PRODUCT = 7;
const catalogue = [{ id: 3, code: 'bluesign', name: 'bluesign', issuer: 'bluesign technologies', description: '', website: '' }];
const expiredCert: CertificateView = {
  id: 1,
  certificationId: 3,
  code: 'bluesign',
  name: 'bluesign',
  number: 'BS-2020-1',
  issuer: 'bluesign technologies',
  validFrom: '2020-01-01',
  validUntil: '2021-01-01',
  documentPath: null,
  valid: false,
};
const draft = { version: 0, status: 'draft' as const, publishedAt: null, data: { uniqueProductIdentifier: 'https://id.example/01/09506000134352', granularity: 'model' as const, manufacturer: { name: 'Acme' } }, accessOverrides: {} };
const passportAnswer = (versions: { version: number; status: 'published'; publishedAt: string }[] = []) => ({
  result: { productId: PRODUCT, template: 'core', draft, versions },
});

function routes(extra: Record<string, Parameters<typeof mockBff>[0][string]> = {}) {
  return mockBff({
    'GET /bff/api/product/passport': { body: passportAnswer() },
    'GET /bff/api/product/cert-info': { body: { result: catalogue, certificates: [expiredCert] } },
    'GET /bff/api/product/passport/access-links': { body: { result: [] } },
    ...extra,
  });
}

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;

afterEach(() => vi.unstubAllGlobals());

describe('PassportEditor', () => {
  it("shows the schema's error under the GLN field and sends nothing; the API's 400 detail lands under its field", async () => {
    const put = vi.fn((_init: RequestInit | undefined) => ({
      status: 400,
      body: { code: 'E400001', message: 'Validation failed', details: [{ path: 'data.commodityCode', message: 'Must be a TARIC/HS code of 6 to 10 digits', code: 'invalid_format' }] },
    }));
    routes({ 'PUT /bff/api/product/passport': put });
    const user = userEvent.setup();
    renderWithProviders(<PassportEditor productId={PRODUCT} serviceName="acme" />);

    const gln = await screen.findByLabelText('Manufacturer GLN');
    await user.type(gln, '1234567890123');
    await user.click(screen.getByTestId('passport-save'));
    expect(await screen.findByTestId('passport-data-manufacturer-gln-error')).toBeInTheDocument();
    expect(gln).toHaveAttribute('aria-invalid', 'true');
    expect(put).not.toHaveBeenCalled();

    await user.clear(gln);
    await user.type(screen.getByLabelText('Commodity code (TARIC/HS)'), '850760');
    await user.click(screen.getByTestId('passport-save'));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(bodyOf(put.mock.calls[0]![0])).toMatchObject({ productId: PRODUCT, template: 'core', data: { commodityCode: '850760', manufacturer: { name: 'Acme' } }, accessOverrides: {} });
    expect(await screen.findByTestId('passport-data-commodityCode-error')).toBeInTheDocument();
    expect(screen.getByLabelText('Commodity code (TARIC/HS)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows units beside inputs and sends a tightened access level', async () => {
    const put = vi.fn((_init: RequestInit | undefined) => ({ body: passportAnswer() }));
    routes({ 'PUT /bff/api/product/passport': put });
    const user = userEvent.setup();
    renderWithProviders(<PassportEditor productId={PRODUCT} serviceName="acme" />);

    expect(await screen.findByTestId('passport-data-carbonFootprint-kgCo2ePerUnit-unit')).toHaveTextContent('kg CO2e');
    expect(screen.getByTestId('passport-data-recycledContentPercent-unit')).toHaveTextContent('%');
    const access = screen.getByTestId('access-carbonFootprint');
    expect(access).toHaveValue('public');
    // Repair instructions default to legitimate interest: public cannot be chosen.
    expect(within(screen.getByTestId('access-repairability-repairInstructions')).queryByRole('option', { name: 'Public' })).toBeNull();
    await user.selectOptions(access, 'authority');
    await user.click(screen.getByTestId('passport-save'));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(bodyOf(put.mock.calls[0]![0]).accessOverrides).toEqual({ carbonFootprint: 'authority' });
    expect(await screen.findByTestId('passport-notice')).toHaveTextContent('The draft is saved.');
  });

  it('says beside the button what a refused publish needs, each field a link to it, and moves focus to the first', async () => {
    routes({
      'PUT /bff/api/product/passport': { body: passportAnswer() },
      'POST /bff/api/product/passport/publish': {
        status: 400,
        body: {
          code: 'E400001',
          message: 'Some fields are missing or invalid.',
          details: [
            { path: 'data.uniqueProductIdentifier', message: 'Required to publish' },
            { path: 'data.manufacturer.name', message: 'Required to publish' },
          ],
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<PassportEditor productId={PRODUCT} serviceName="acme" />);
    await user.click(await screen.findByTestId('passport-publish'));
    await user.click(within(await screen.findByTestId('confirm-dialog')).getByRole('button', { name: 'Publish' }));
    const missing = await screen.findByTestId('passport-publish-missing');
    expect(missing).toHaveAttribute('role', 'alert');
    expect(missing).toHaveTextContent('Not published: these 2 fields are required to publish.');
    const links = within(missing).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Unique product identifier', '#passport-data-uniqueProductIdentifier'],
      ['Manufacturer', '#passport-data-manufacturer-name'],
    ]);
    const first = document.getElementById('passport-data-uniqueProductIdentifier');
    await waitFor(() => expect(first).toHaveFocus());
    await user.click(links[1]!);
    expect(document.getElementById('passport-data-manufacturer-name')).toHaveFocus();
  });

  it('publishes only after the confirm dialog, then lists the new version', async () => {
    let published = false;
    const publish = vi.fn((_init: RequestInit | undefined) => {
      published = true;
      return { body: { result: { ...draft, version: 1, status: 'published', publishedAt: '2026-11-24T07:00:00Z' } } };
    });
    routes({
      'GET /bff/api/product/passport': () => ({ body: passportAnswer(published ? [{ version: 1, status: 'published', publishedAt: '2026-11-24T07:00:00Z' }] : []) }),
      'PUT /bff/api/product/passport': { body: passportAnswer() },
      'POST /bff/api/product/passport/publish': publish,
      'GET /bff/api/product/passport/version': {
        body: {
          result: {
            version: 1,
            status: 'published',
            publishedAt: '2026-11-24T07:00:00Z',
            template: 'core',
            data: { ...draft.data, manufacturingFacilities: [{ name: 'Works Porto', address: { city: 'Porto', country: 'PT' } }], endOfLife: 'Bring it back.' },
            accessOverrides: {},
          },
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<PassportEditor productId={PRODUCT} serviceName="acme" />);

    expect(await screen.findByTestId('passport-versions-empty')).toBeInTheDocument();
    await user.click(screen.getByTestId('passport-publish'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog).toHaveTextContent('A published version cannot be changed.');
    expect(publish).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(publish).toHaveBeenCalledTimes(1));
    expect(bodyOf(publish.mock.calls[0]![0])).toEqual({ productId: PRODUCT });

    // The version reads as the dpp view draws it, every field included, with its JSON and credential addresses.
    await user.click(await screen.findByRole('button', { name: 'Version 1' }));
    const reader = await screen.findByTestId('passport-version-reader');
    const sections = await within(reader).findByTestId('passport-version-sections');
    expect(within(sections).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Identity', 'End of life and take-back']);
    expect(within(sections).getByTestId('dpp-facilities')).toHaveTextContent('Works PortoPorto, PT');
    expect(sections).toHaveTextContent('Bring it back.');
    expect(within(reader).getByTestId('passport-version-json')).toHaveAttribute('href', `/bff/api/product/passport/version?productId=${PRODUCT}&version=1`);
    expect(within(reader).getByTestId('passport-version-credential')).toHaveAttribute('href', `/bff/api/product/passport/credential?productId=${PRODUCT}&version=1`);
    await user.click(within(reader).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('passport-version-reader')).toBeNull());
  });

  it('edits battery hazardous substances and the addresses of the operators and facilities, with field errors under them', async () => {
    const put = vi.fn((_init: RequestInit | undefined) => ({ body: passportAnswer() }));
    routes({ 'PUT /bff/api/product/passport': put });
    const user = userEvent.setup();
    renderWithProviders(<PassportEditor productId={PRODUCT} serviceName="acme" />);
    // Inputs by their ids (the form is long: label queries over it are slow), each checked to carry its label.
    const input = (path: string, label: string) => {
      const element = document.getElementById(`passport-data-${path.replace(/\./g, '-')}`) as HTMLInputElement;
      expect(element.labels?.[0]).toHaveTextContent(label);
      return element;
    };
    const fill = async (path: string, label: string, value: string) => {
      const element = input(path, label);
      await user.clear(element);
      await user.click(element);
      await user.paste(value);
    };

    await user.selectOptions(await screen.findByLabelText('Template'), 'battery');
    await user.click(await screen.findByTestId('passport-battery-materialComposition-hazardousSubstances-add'));
    await fill('battery.materialComposition.hazardousSubstances.0.name', 'Hazardous substance', 'Cobalt');
    await fill('battery.materialComposition.hazardousSubstances.0.casNumber', 'CAS number', '7440-48-5');
    await fill('battery.materialComposition.hazardousSubstances.0.concentrationPercent', 'Concentration', '0.4');
    await fill('euResponsibleOperator.name', 'EU responsible economic operator', 'Acme EU B.V.');
    await fill('euResponsibleOperator.address.city', 'Operator city', 'Rotterdam');
    await fill('euResponsibleOperator.address.country', 'Operator country (ISO code)', 'nl');
    await fill('importer.name', 'Importer', 'Acme Import GmbH');
    await fill('importer.address.street', 'Importer street', 'Hafenstraße 1');
    await user.click(screen.getByTestId('passport-manufacturingFacilities-add'));
    await fill('manufacturingFacilities.0.name', 'Facility name', 'Works Porto');
    await fill('manufacturingFacilities.0.address.city', 'Facility city', 'Porto');
    await fill('manufacturingFacilities.0.address.country', 'Facility country (ISO code)', 'PT');

    // A wrong check digit and a lower-case country code are caught before anything is sent.
    await user.click(screen.getByTestId('passport-save'));
    expect(await screen.findByTestId('passport-data-battery-materialComposition-hazardousSubstances-0-casNumber-error')).toHaveTextContent('Wrong check digit');
    expect(screen.getByTestId('passport-data-euResponsibleOperator-address-country-error')).toBeInTheDocument();
    expect(input('euResponsibleOperator.address.country', 'Operator country (ISO code)')).toHaveAttribute('aria-invalid', 'true');
    expect(put).not.toHaveBeenCalled();

    await fill('battery.materialComposition.hazardousSubstances.0.casNumber', 'CAS number', '7440-48-4');
    await fill('euResponsibleOperator.address.country', 'Operator country (ISO code)', 'NL');
    await user.click(screen.getByTestId('passport-save'));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(bodyOf(put.mock.calls[0]![0])).toMatchObject({
      template: 'battery',
      data: {
        euResponsibleOperator: { name: 'Acme EU B.V.', address: { city: 'Rotterdam', country: 'NL' } },
        importer: { name: 'Acme Import GmbH', address: { street: 'Hafenstraße 1' } },
        manufacturingFacilities: [{ name: 'Works Porto', address: { city: 'Porto', country: 'PT' } }],
        battery: { materialComposition: { hazardousSubstances: [{ name: 'Cobalt', casNumber: '7440-48-4', concentrationPercent: 0.4 }] } },
      },
    });
    // The hazardous substances carry their own access level (public by default, tightenable).
    expect(screen.getByTestId('access-battery-materialComposition-hazardousSubstances')).toHaveValue('public');
  }, 60_000);

  it('flags an expired certificate with a badge', async () => {
    routes();
    renderWithProviders(<PassportEditor productId={PRODUCT} serviceName="acme" />);
    const row = await screen.findByTestId('certificate-row');
    expect(within(row).getByTestId('certificate-expired')).toHaveTextContent('Expired');
  });

  it('shows a new access link once, and revokes a link after confirming', async () => {
    const link: AccessLink = { accessLinkId: 5, name: 'Recycler', level: 'legitimateInterest', expiresAt: '2099-01-01T00:00:00Z', revokedAt: null, lastUsedAt: null, createdAt: '2026-11-24T00:00:00Z' };
    const links: AccessLink[] = [];
    const create = vi.fn((_init: RequestInit | undefined) => {
      links.push(link);
      return { body: { result: { ...link, token: 'secret-token-123' } } };
    });
    const revoke = vi.fn((_init: RequestInit | undefined, url: URL) => {
      links[0] = { ...link, revokedAt: '2026-11-24T08:00:00Z' };
      return { body: { result: { ...links[0], accessLinkId: Number(url.searchParams.get('accessLinkId')) } } };
    });
    routes({
      'GET /bff/api/product/passport/access-links': () => ({ body: { result: links } }),
      'POST /bff/api/product/passport/access-links': create,
      'DELETE /bff/api/product/passport/access-links': revoke,
    });
    const user = userEvent.setup();
    renderWithProviders(<PassportEditor productId={PRODUCT} serviceName="acme" />);

    expect(await screen.findByTestId('access-links-empty')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'Recycler');
    await user.clear(screen.getByLabelText('Valid for (days)'));
    await user.type(screen.getByLabelText('Valid for (days)'), '14');
    await user.click(screen.getByTestId('access-link-create'));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(bodyOf(create.mock.calls[0]![0])).toEqual({ productId: PRODUCT, name: 'Recycler', level: 'legitimateInterest', expiresInDays: 14 });
    const shown = await screen.findByTestId('access-link-created');
    expect(shown).toHaveTextContent('secret-token-123');
    expect(await screen.findByTestId('access-link')).toHaveTextContent('Recycler');
    await user.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByText(/secret-token-123/)).toBeNull();

    await user.click(within(screen.getByTestId('access-link')).getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(revoke).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(revoke).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Revoked')).toBeInTheDocument();
  });
});

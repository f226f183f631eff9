import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { LandingPageData } from '@product-console/shared';
import en from '@/locales/en.json';
import it_ from '@/locales/it.json';
import { LandingView, landingMessages } from './landing-view';
import { landingData, languageHref, viewHref } from './landing-view.fixtures';
import { batteryPassport, corePassport } from './dpp-view.fixtures';

function show(data: LandingPageData, ui: 'en' | 'it' = 'en') {
  return render(
    <IntlProvider locale={ui} defaultLocale="en" messages={landingMessages(ui === 'it' ? it_ : en)}>
      <LandingView data={data} language="DEFAULT" uiLanguage={ui} serial={null} digitalLink="https://id.acme.example/01/00614142000017" viewHref={viewHref} languageHref={languageHref} />
    </IntlProvider>,
  );
}

const section = (name: string) => screen.getByRole('region', { name });

describe('LandingView: dpp', () => {
  it('says nothing is published yet when the product has no passport', () => {
    show(landingData('dpp'));
    expect(screen.getByTestId('landing-unpublished')).toHaveTextContent('The brand has not published a passport for this product yet.');
    expect(screen.queryByTestId('landing-dpp')).toBeNull();
  });

  it('shows the passport sections with the data as written and the words in the UI language', () => {
    show(landingData('dpp', { passport: corePassport() }));
    expect(screen.queryByTestId('landing-unpublished')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Digital product passport' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Identity',
      'Materials',
      'Carbon footprint',
      'Repair and durability',
      'End of life and take-back',
      'Documents',
      'Certificates',
    ]);
    const identity = within(section('Identity'));
    expect(identity.getByText('00614142000017')).toBeInTheDocument();
    expect(identity.getByText('the model')).toBeInTheDocument();
    expect(identity.getByText('640399')).toBeInTheDocument();
    expect(identity.getByText(/Acme Footwear S\.p\.A\./)).toHaveTextContent('Milano, IT');
    const rows = within(section('Materials')).getAllByRole('row').map((row) => row.textContent);
    expect(rows).toEqual(['MaterialShare', 'Leather62.5 %', 'Natural rubber30 %']);
    expect(within(section('Materials')).getByText(/Chromium\(III\) oxide \(CAS 1308-38-9\)/)).toBeInTheDocument();
    expect(within(section('Carbon footprint')).getByText('14.2 kg CO₂e')).toBeInTheDocument();
    expect(within(section('Carbon footprint')).getByText('ISO 14067')).toBeInTheDocument();
    expect(within(section('Repair and durability')).getByText('7.5 / 10')).toBeInTheDocument();
    expect(within(section('End of life and take-back')).getByText('Return to any Acme store for take-back.')).toBeInTheDocument();
    expect(screen.getByTestId('dpp-version')).toHaveTextContent('Version 3, published Mar 5, 2026');
    expect(within(section('Certificates')).getByRole('listitem')).toHaveTextContent(
      'Leather Working Group LWG-2026-77 — LWG Auditor LtdValid from Jan 1, 2026 until Dec 31, 2027',
    );
    // Not a battery passport: no battery groups.
    expect(screen.queryByTestId('dpp-battery')).toBeNull();
  });

  it('offers the public documents as plain download anchors, through the public pass-through', () => {
    show(
      landingData('dpp', {
        passport: corePassport({
          data: { ...corePassport().data, userManual: { text: 'Care', filePath: '/files/passports/7/manual.pdf' } },
        }),
      }),
    );
    const links = within(section('Documents')).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['EU declaration of conformity', '/bff/public/files/passports/7/doc.pdf'],
      ['User manual', '/bff/public/files/passports/7/manual.pdf'],
    ]);
    for (const link of links) expect(link).toHaveAttribute('download');
  });

  it('shows the user manual and safety information typed as text, and labels the repair instructions', () => {
    show(
      landingData('dpp', {
        passport: corePassport({
          data: {
            ...corePassport().data,
            userManual: { text: 'Lace firmly.\nWax the leather twice a year.' },
            safetyInformation: { text: 'Keep away from open fire.' },
          },
        }),
      }),
    );
    const use = section('Use and safety');
    expect(within(use).getByRole('heading', { name: 'User manual' })).toBeInTheDocument();
    expect(use).toHaveTextContent('Lace firmly. Wax the leather twice a year.');
    expect(within(use).getByRole('heading', { name: 'Safety information' })).toBeInTheDocument();
    expect(use).toHaveTextContent('Keep away from open fire.');
    // A manual without a file is no document.
    expect(within(section('Documents')).getAllByRole('link')).toHaveLength(1);
    const repair = section('Repair and durability');
    expect(within(repair).getByRole('heading', { name: 'Repair instructions' })).toBeInTheDocument();
    expect(repair).toHaveTextContent('Repair instructionsResole at any cobbler.');
  });

  it('draws only what it is given: no section, document or certificate the passport lacks', () => {
    show(
      landingData('dpp', {
        passport: corePassport({ data: { gtin: '00614142000017', carbonFootprint: { kgCo2ePerUnit: 3, method: 'PEF' } }, certificates: [] }),
      }),
    );
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Identity', 'Carbon footprint']);
    const page = screen.getByTestId('landing-dpp');
    for (const absent of ['Acme Footwear', 'Leather', 'declaration', 'LWG', 'Resole', 'take-back']) expect(page).not.toHaveTextContent(absent);
    expect(within(page).queryAllByRole('link')).toHaveLength(0);
  });

  it('shows the battery groups of a battery passport', () => {
    show(landingData('dpp', { passport: batteryPassport() }));
    const battery = within(section('Battery'));
    expect(battery.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'General information',
      'Carbon footprint',
      'Circularity',
      'Material composition',
    ]);
    expect(battery.getByText('Light means of transport')).toBeInTheDocument();
    expect(battery.getByText('NMC811')).toBeInTheDocument();
    expect(battery.getByText('61.4 kg CO₂e/kWh')).toBeInTheDocument();
    expect(battery.getByText('Main production')).toBeInTheDocument();
    expect(battery.getByText('Recycled cobalt')).toBeInTheDocument();
    expect(battery.getByText('Nickel manganese cobalt oxide')).toBeInTheDocument();
  });

  it("names a battery's hazardous substances with their CAS numbers", () => {
    const passport = batteryPassport();
    const data = { ...passport.data, battery: { ...passport.data.battery, materialComposition: { hazardousSubstances: [{ name: 'Lead', casNumber: '7439-92-1', concentrationPercent: 0.004 }] } } };
    show(landingData('dpp', { passport: { ...passport, data } }));
    const battery = within(section('Battery'));
    expect(battery.getByText('Hazardous substances').nextElementSibling).toHaveTextContent('Lead (CAS 7439-92-1) 0.004 %');
  });

  it('keeps the verified mark hidden until the page has checked the credential, with what the check needs', () => {
    show(landingData('dpp', { passport: corePassport() }));
    const mark = screen.getByTestId('dpp-verified');
    expect(mark).not.toBeVisible();
    expect(mark).toHaveAttribute('hidden');
    expect(mark).toHaveAttribute('data-version', '3');
    expect(mark).toHaveAttribute('data-digital-link', 'https://id.acme.example/01/00614142000017');
    expect(mark).toHaveTextContent('Verified by Acme Footwear S.p.A.');
  });

  it('formats dates and numbers in the UI language and keeps the data as written', () => {
    show(landingData('dpp', { passport: corePassport() }), 'it');
    expect(screen.getByRole('heading', { level: 1, name: 'Passaporto digitale del prodotto' })).toBeInTheDocument();
    expect(screen.getByTestId('dpp-version')).toHaveTextContent('Versione 3, pubblicata il 5 mar 2026');
    expect(within(section('Materiali')).getByText('62,5 %')).toBeInTheDocument();
    expect(within(section('Materiali')).getByText('Leather')).toBeInTheDocument();
  });

  it('shows no access banner to the public', () => {
    show(landingData('dpp', { passport: corePassport() }));
    expect(screen.queryByTestId('dpp-access-level')).toBeNull();
    expect(screen.queryByTestId('dpp-access-invalid')).toBeNull();
    expect(screen.getByTestId('landing-dpp')).not.toHaveTextContent('access link');
  });

  it("gives the documents an access link opened the link's token, which the file answer asks for", () => {
    show(landingData('dpp', { passport: corePassport({ level: 'authority', accessLink: 'open', accessToken: 'tok/en+1' }) }));
    const links = within(section('Documents')).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/bff/public/files/passports/7/doc.pdf?access=tok%2Fen%2B1']);
  });

  it('names the level an access link opened, and shows the operators and facilities it carries', () => {
    const data = {
      ...corePassport().data,
      euResponsibleOperator: { name: 'Acme EU B.V.', eori: 'NL123456789', address: { city: 'Rotterdam', country: 'NL' } },
      importer: { name: 'Acme Import GmbH', eori: 'DE7654321' },
      manufacturingFacilities: [{ name: 'Calzaturificio Nord', gln: '0614142000011', address: { street: 'Via Roma 1', city: 'Varese', country: 'IT' } }],
    };
    show(landingData('dpp', { passport: corePassport({ level: 'legitimateInterest', accessLink: 'open', data }) }));
    const banner = screen.getByTestId('dpp-access-level');
    expect(banner).toHaveAttribute('role', 'status');
    expect(banner).toHaveTextContent('Legitimate interest view');
    expect(banner).toHaveTextContent('This access link shows information that is not public.');
    const identity = within(section('Identity'));
    expect(identity.getByText(/Acme EU B\.V\./).closest('dd')).toHaveTextContent('Acme EU B.V.EORI NL123456789Rotterdam, NL');
    expect(identity.getByText(/Acme Import GmbH/).closest('dd')).toHaveTextContent('EORI DE7654321');
    expect(within(screen.getByTestId('dpp-facilities')).getByRole('listitem')).toHaveTextContent('Calzaturificio NordGLN 0614142000011Via Roma 1, Varese, IT');

    show(landingData('dpp', { passport: corePassport({ level: 'authority', accessLink: 'open' }) }), 'it');
    expect(screen.getAllByTestId('dpp-access-level').at(-1)).toHaveTextContent('Vista per le autorità');
  });

  it('says an access link that is no longer valid is so, and shows the public passport', () => {
    show(landingData('dpp', { passport: corePassport({ accessLink: 'invalid' }) }));
    expect(screen.getByTestId('dpp-access-invalid')).toHaveTextContent('This access link is no longer valid. The public passport is shown.');
    expect(screen.queryByTestId('dpp-access-level')).toBeNull();
    expect(section('Identity')).toBeInTheDocument();
  });
});

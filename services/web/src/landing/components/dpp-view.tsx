import type { ReactNode } from 'react';
import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Design, LandingBatch, LandingProductInfo, PassportAddress, ProductLabel, PublicPassport } from '@product-console/shared';
import type enMessages from '@/locales/en.json';
import { publicFileUrl } from '@/landing/lib/urls';
import { LandingFrame } from './landing-frame';
import { ProductLabelSections } from './product-label';

/** The words of this view: `landing.dpp.{suffix}`. */
type DppWord = keyof typeof enMessages extends infer Id ? (Id extends `landing.dpp.${infer Suffix}` ? Suffix : never) : never;

/*
 * The dpp view (issue 16): the latest published passport's public fields, as the API gives them
 * (it filters by access level and drops expired certificates; this view draws only what it is given).
 * The page's words come from `landing.dpp.*`; the passport's data is shown as written.
 * The 'Verified by' mark is rendered hidden: the enhancement script reveals it only after checking
 * the signed credential against the issuer's DID document (verify-credential.ts).
 */

export interface DppViewProps {
  passport: PublicPassport;
  product: LandingProductInfo;
  design: Design;
  language: string;
  /** The product's Digital Link (without a serial): the credential's subject. */
  digitalLink: string;
  /** The product's food, wine or textile label (issue 29), shown after the passport's fields. */
  label?: ProductLabel | null;
  batch?: LandingBatch | null;
  backHref: string;
  draft?: boolean;
  frame?: boolean;
}

/** A text typed into the passport, its line breaks kept. */
const Prose = styled.p`
  white-space: pre-line;
`;

const mix = (colour: string, percent: number) => `color-mix(in srgb, ${colour} ${percent}%, transparent)`;

const Sections = styled.div<{ $fg: string }>`
  display: flex;
  flex-direction: column;
  gap: 16px;
  min-width: 0;
  section {
    display: flex;
    flex-direction: column;
    gap: 8px;
    padding: 14px;
    border: 1px solid ${({ $fg }) => mix($fg, 18)};
    border-radius: 12px;
    min-width: 0;
  }
  h2 { margin: 0; font-size: 18px; }
  h3 { margin: 4px 0 0; font-size: 15px; }
  p { margin: 0; overflow-wrap: anywhere; white-space: pre-line; }
  dl { display: grid; grid-template-columns: minmax(0, 2fr) minmax(0, 3fr); gap: 4px 12px; margin: 0; }
  dt { color: ${({ $fg }) => mix($fg, 70)}; }
  dd { margin: 0; overflow-wrap: anywhere; }
  table { width: 100%; border-collapse: collapse; table-layout: fixed; }
  th, td { text-align: start; padding: 4px 6px; border-bottom: 1px solid ${({ $fg }) => mix($fg, 14)}; overflow-wrap: anywhere; }
  td[data-num], th[data-num] { text-align: end; }
  ul { margin: 0; padding-inline-start: 18px; display: flex; flex-direction: column; gap: 4px; }
  a { color: inherit; overflow-wrap: anywhere; }
`;

/** The level an access link opened, or the notice that it did not: amber on white in any design, so it reads as a notice. */
const AccessBanner = styled.div<{ $invalid: boolean }>`
  display: flex;
  flex-direction: column;
  gap: 2px;
  padding: 10px 14px;
  border-radius: 12px;
  background: ${({ $invalid }) => ($invalid ? '#fdf0ef' : '#fff6e0')};
  color: ${({ $invalid }) => ($invalid ? '#8a1c12' : '#5c3d00')};
  border: 1px solid ${({ $invalid }) => ($invalid ? '#e8a39c' : '#e0b85a')};
  strong { font-weight: 600; }
  p { margin: 0; }
`;

/** The mark keeps its own green on white in any design; hidden until the page has checked the credential. */
const Verified = styled.p`
  margin: 0;
  padding: 10px 14px;
  border-radius: 12px;
  background: #e7f6ec;
  color: #0f5a2b;
  border: 1px solid #7cc496;
  font-weight: 600;
  &[hidden] { display: none; }
`;

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

const present = (value: unknown) => value !== undefined && value !== null && value !== '';

const addressLine = (address: PassportAddress | undefined) =>
  address ? [address.street, address.postalCode, address.city, address.country].filter(present).join(', ') : '';

/** An operator or facility: its name, identifiers and address, each on its own line. */
function Party({ name, ids, address }: { name: string; ids: string[]; address?: PassportAddress }) {
  const line = addressLine(address);
  return (
    <>
      {name}
      {ids.map((id) => (
        <span key={id}>
          <br />
          {id}
        </span>
      ))}
      {line ? (
        <>
          <br />
          {line}
        </>
      ) : null}
    </>
  );
}

/**
 * What an access link opened: the level's banner, or a short notice that the link is no longer valid
 * (then the public fields are shown, as to anyone).
 */
function AccessNotice({ passport }: { passport: PublicPassport }) {
  if (passport.accessLink === 'invalid') {
    return (
      <AccessBanner $invalid role="status" data-testid="dpp-access-invalid">
        <p>
          <FormattedMessage id="landing.dpp.access.invalid" />
        </p>
      </AccessBanner>
    );
  }
  if (passport.level === 'public') return null;
  return (
    <AccessBanner $invalid={false} role="status" data-testid="dpp-access-level" data-level={passport.level}>
      <strong>
        <FormattedMessage id={passport.level === 'authority' ? 'landing.dpp.access.authority' : 'landing.dpp.access.legitimateInterest'} />
      </strong>
      <p>
        <FormattedMessage id="landing.dpp.access.note" />
      </p>
    </AccessBanner>
  );
}

export interface PassportSectionsProps {
  passport: PublicPassport;
  /** The text colour the borders and muted labels are mixed from. */
  textColor: string;
  /** Drawn first, inside the sections' column (the landing's notices, mark and version line). */
  header?: ReactNode;
  /** Prefix of the sections' heading ids, unique on the page. */
  idPrefix?: string;
  testId?: string;
  /**
   * The address of a stored file: on the landing the public pass-through, with the access link's
   * token when the passport was opened with one (restricted documents need it); the console gives
   * its own signed-in address.
   */
  fileHref?: (path: string) => string;
}

/**
 * The passport's sections as the dpp view draws them, without the landing's frame: the console's
 * passport step shows a published version with them too.
 */
export function PassportSections({ passport, textColor, header, idPrefix = 'dpp', testId, fileHref }: PassportSectionsProps) {
  const intl = useIntl();
  const { data, certificates } = passport;
  const number = (value: number, digits = 2) => intl.formatNumber(value, { maximumFractionDigits: digits });
  const date = (value: string) => intl.formatDate(value.length === 10 ? `${value}T00:00:00Z` : value, { dateStyle: 'medium', timeZone: 'UTC' });
  const msg = (id: DppWord, values?: Record<string, string | number>) => intl.formatMessage({ id: `landing.dpp.${id}` }, values);

  // Stored files are served through the public pass-through, as the product's images; a restricted
  // document only to the access link's holder, so its address carries the link's token.
  const href =
    fileHref ?? ((path: string) => (passport.accessToken ? `${publicFileUrl(path)}?access=${encodeURIComponent(passport.accessToken)}` : publicFileUrl(path)));
  const documents = [
    ...(data.complianceDocuments ?? []).map((document) => ({ title: document.title, href: href(document.filePath) })),
    ...(data.userManual?.filePath ? [{ title: msg('userManual'), href: href(data.userManual.filePath) }] : []),
    ...(data.safetyInformation?.filePath ? [{ title: msg('safetyInformation'), href: href(data.safetyInformation.filePath) }] : []),
  ];
  const facilities = data.manufacturingFacilities ?? [];
  const hasIdentity =
    [data.uniqueProductIdentifier, data.granularity, data.gtin, data.commodityCode, data.manufacturer, data.euResponsibleOperator, data.importer].some(present) ||
    facilities.length > 0;
  const materials = data.materialComposition ?? [];
  const substances = data.substancesOfConcern ?? [];
  const hasMaterials = materials.length > 0 || substances.length > 0 || present(data.recycledContentPercent);
  const hasRepair = present(data.durability) || present(data.repairability);
  const battery = passport.template === 'battery' ? data.battery : undefined;
  const manufacturer = data.manufacturer;

  return (
    <Sections $fg={textColor} data-testid={testId}>
      {header}
      {hasIdentity ? (
        <section aria-labelledby={`${idPrefix}-identity`} data-testid="dpp-identity">
          <h2 id={`${idPrefix}-identity`}>{msg('identity')}</h2>
          <dl>
            {data.uniqueProductIdentifier ? <Row label={msg('identifier')}>{data.uniqueProductIdentifier}</Row> : null}
            {data.granularity ? <Row label={msg('granularity')}>{msg(`granularity.${data.granularity}`)}</Row> : null}
            {data.gtin ? <Row label="GTIN">{data.gtin}</Row> : null}
            {data.commodityCode ? <Row label={msg('commodityCode')}>{data.commodityCode}</Row> : null}
            {manufacturer ? (
              <Row label={msg('manufacturer')}>
                <Party
                  name={manufacturer.name}
                  ids={[manufacturer.gln ? `GLN ${manufacturer.gln}` : '', manufacturer.otherId ? `${msg('otherId')} ${manufacturer.otherId}` : ''].filter(present)}
                  address={manufacturer.address}
                />
              </Row>
            ) : null}
            {data.euResponsibleOperator ? (
              <Row label={msg('euResponsibleOperator')}>
                <Party
                  name={data.euResponsibleOperator.name}
                  ids={data.euResponsibleOperator.eori ? [`EORI ${data.euResponsibleOperator.eori}`] : []}
                  address={data.euResponsibleOperator.address}
                />
              </Row>
            ) : null}
            {data.importer ? (
              <Row label={msg('importer')}>
                <Party name={data.importer.name} ids={data.importer.eori ? [`EORI ${data.importer.eori}`] : []} address={data.importer.address} />
              </Row>
            ) : null}
            {facilities.length > 0 ? (
              <Row label={msg('facilities')}>
                <ul data-testid="dpp-facilities">
                  {facilities.map((facility, index) => (
                    <li key={`${facility.name}-${index}`}>
                      <Party name={facility.name} ids={facility.gln ? [`GLN ${facility.gln}`] : []} address={facility.address} />
                    </li>
                  ))}
                </ul>
              </Row>
            ) : null}
          </dl>
        </section>
      ) : null}

      {hasMaterials ? (
        <section aria-labelledby={`${idPrefix}-materials`} data-testid="dpp-materials">
          <h2 id={`${idPrefix}-materials`}>{msg('materials')}</h2>
          {materials.length > 0 ? (
            <table>
              <thead>
                <tr>
                  <th scope="col">{msg('material')}</th>
                  <th scope="col" data-num="">{msg('share')}</th>
                </tr>
              </thead>
              <tbody>
                {materials.map((item, index) => (
                  <tr key={`${item.material}-${index}`}>
                    <td>{item.material}</td>
                    <td data-num="">{number(item.sharePercent, 1)} %</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          {present(data.recycledContentPercent) ? (
            <dl>
              <Row label={msg('recycledContent')}>{number(data.recycledContentPercent ?? 0, 1)} %</Row>
            </dl>
          ) : null}
          {substances.length > 0 ? (
            <>
              <h3>{msg('substances')}</h3>
              <ul>
                {substances.map((substance, index) => (
                  <li key={`${substance.name}-${index}`}>
                    {substance.name}
                    {substance.casNumber ? ` (CAS ${substance.casNumber})` : ''} — {number(substance.concentrationPercent, 3)} %
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      ) : null}

      {data.carbonFootprint ? (
        <section aria-labelledby={`${idPrefix}-carbon`} data-testid="dpp-carbon">
          <h2 id={`${idPrefix}-carbon`}>{msg('carbon')}</h2>
          <dl>
            <Row label={msg('perUnit')}>{number(data.carbonFootprint.kgCo2ePerUnit)} kg CO₂e</Row>
            <Row label={msg('method')}>{data.carbonFootprint.method}</Row>
          </dl>
        </section>
      ) : null}

      {hasRepair ? (
        <section aria-labelledby={`${idPrefix}-repair`} data-testid="dpp-repair">
          <h2 id={`${idPrefix}-repair`}>{msg('repair')}</h2>
          <dl>
            {present(data.durability?.expectedLifetimeYears) ? (
              <Row label={msg('lifetimeYears')}>{number(data.durability?.expectedLifetimeYears ?? 0, 1)}</Row>
            ) : null}
            {present(data.durability?.expectedLifetimeCycles) ? (
              <Row label={msg('lifetimeCycles')}>{number(data.durability?.expectedLifetimeCycles ?? 0, 0)}</Row>
            ) : null}
            {present(data.repairability?.score) ? <Row label={msg('repairScore')}>{number(data.repairability?.score ?? 0, 1)} / 10</Row> : null}
            {present(data.repairability?.sparePartsYears) ? (
              <Row label={msg('spareParts')}>{number(data.repairability?.sparePartsYears ?? 0, 0)}</Row>
            ) : null}
          </dl>
          {data.repairability?.repairInstructions ? (
            <>
              <h3>{msg('repairInstructions')}</h3>
              <Prose>{data.repairability.repairInstructions}</Prose>
            </>
          ) : null}
        </section>
      ) : null}

      {data.userManual?.text || data.safetyInformation?.text ? (
        <section aria-labelledby={`${idPrefix}-use`} data-testid="dpp-use">
          <h2 id={`${idPrefix}-use`}>{msg('useAndSafety')}</h2>
          {data.userManual?.text ? (
            <>
              <h3>{msg('userManual')}</h3>
              <Prose>{data.userManual.text}</Prose>
            </>
          ) : null}
          {data.safetyInformation?.text ? (
            <>
              <h3>{msg('safetyInformation')}</h3>
              <Prose>{data.safetyInformation.text}</Prose>
            </>
          ) : null}
        </section>
      ) : null}

      {data.endOfLife ? (
        <section aria-labelledby={`${idPrefix}-eol`} data-testid="dpp-end-of-life">
          <h2 id={`${idPrefix}-eol`}>{msg('endOfLife')}</h2>
          <p>{data.endOfLife}</p>
        </section>
      ) : null}

      {battery ? (
        <section aria-labelledby={`${idPrefix}-battery`} data-testid="dpp-battery">
          <h2 id={`${idPrefix}-battery`}>{msg('battery')}</h2>
          {battery.generalProductInformation ? (
            <>
              <h3>{msg('battery.general')}</h3>
              <dl>
                {battery.generalProductInformation.category ? (
                  <Row label={msg('battery.category')}>{msg(`battery.category.${battery.generalProductInformation.category}`)}</Row>
                ) : null}
                {battery.generalProductInformation.chemistry ? <Row label={msg('battery.chemistry')}>{battery.generalProductInformation.chemistry}</Row> : null}
                {present(battery.generalProductInformation.weightKg) ? (
                  <Row label={msg('battery.weight')}>{number(battery.generalProductInformation.weightKg ?? 0)} kg</Row>
                ) : null}
                {battery.generalProductInformation.manufacturingDate ? (
                  <Row label={msg('battery.manufacturingDate')}>{date(battery.generalProductInformation.manufacturingDate)}</Row>
                ) : null}
                {battery.generalProductInformation.manufacturingPlace ? (
                  <Row label={msg('battery.manufacturingPlace')}>{battery.generalProductInformation.manufacturingPlace}</Row>
                ) : null}
              </dl>
            </>
          ) : null}
          {battery.carbonFootprint ? (
            <>
              <h3>{msg('battery.carbon')}</h3>
              <dl>
                {present(battery.carbonFootprint.totalKgCo2ePerKWh) ? (
                  <Row label={msg('battery.total')}>{number(battery.carbonFootprint.totalKgCo2ePerKWh ?? 0)} kg CO₂e/kWh</Row>
                ) : null}
                {Object.entries(battery.carbonFootprint.perStage ?? {}).map(([stage, value]) => (
                  <Row key={stage} label={msg(`battery.stage.${stage}` as DppWord)}>
                    {number(value ?? 0)} kg CO₂e/kWh
                  </Row>
                ))}
              </dl>
            </>
          ) : null}
          {battery.circularity ? (
            <>
              <h3>{msg('battery.circularity')}</h3>
              <dl>
                {Object.entries(battery.circularity.recycledContent ?? {}).map(([material, value]) => (
                  <Row key={material} label={msg(`battery.material.${material}` as DppWord)}>
                    {number(value ?? 0, 1)} %
                  </Row>
                ))}
                {present(battery.circularity.renewableContentPercent) ? (
                  <Row label={msg('battery.renewable')}>{number(battery.circularity.renewableContentPercent ?? 0, 1)} %</Row>
                ) : null}
              </dl>
              {battery.circularity.dismantlingInformation ? <p>{battery.circularity.dismantlingInformation}</p> : null}
            </>
          ) : null}
          {battery.materialComposition ? (
            <>
              <h3>{msg('battery.composition')}</h3>
              <dl>
                {(['cathodeMaterials', 'anodeMaterials', 'electrolyteMaterials'] as const).map((group) =>
                  battery.materialComposition?.[group]?.length ? (
                    <Row key={group} label={msg(`battery.${group}`)}>
                      {battery.materialComposition[group]?.join(', ')}
                    </Row>
                  ) : null,
                )}
                {battery.materialComposition.hazardousSubstances?.length ? (
                  <Row label={msg('battery.hazardousSubstances')}>
                    {battery.materialComposition.hazardousSubstances
                      .map((substance) => `${substance.name}${substance.casNumber ? ` (CAS ${substance.casNumber})` : ''} ${number(substance.concentrationPercent, 3)} %`)
                      .join(', ')}
                  </Row>
                ) : null}
              </dl>
            </>
          ) : null}
        </section>
      ) : null}

      {documents.length > 0 ? (
        <section aria-labelledby={`${idPrefix}-documents`} data-testid="dpp-documents">
          <h2 id={`${idPrefix}-documents`}>{msg('documents')}</h2>
          <ul>
            {documents.map((document, index) => (
              <li key={`${document.href}-${index}`}>
                <a href={document.href} download="">
                  {document.title}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {certificates.length > 0 ? (
        <section aria-labelledby={`${idPrefix}-certificates`} data-testid="dpp-certificates">
          <h2 id={`${idPrefix}-certificates`}>{msg('certificates')}</h2>
          <ul>
            {certificates.map((cert) => (
              <li key={cert.id}>
                <strong>{cert.name}</strong> {cert.number} — {cert.issuer}
                <br />
                {cert.validUntil
                  ? msg('validFromUntil', { from: date(cert.validFrom), until: date(cert.validUntil) })
                  : msg('validFrom', { from: date(cert.validFrom) })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </Sections>
  );
}

export function DppView({ passport, product, design, language, digitalLink, label, batch, backHref, draft, frame }: DppViewProps) {
  const intl = useIntl();
  const date = (value: string) => intl.formatDate(value, { dateStyle: 'medium', timeZone: 'UTC' });
  const manufacturer = passport.data.manufacturer;
  const header = (
    <>
      <AccessNotice passport={passport} />
      <Verified
        hidden
        data-dpp-verify=""
        data-product-id={passport.productId}
        data-version={passport.version}
        data-digital-link={digitalLink}
        data-testid="dpp-verified"
        lang={intl.locale}
      >
        <FormattedMessage id="landing.dpp.verifiedBy" values={{ issuer: <span key="issuer" data-dpp-issuer="">{manufacturer?.name ?? ''}</span> }} />
      </Verified>
      <p lang={intl.locale} data-testid="dpp-version">
        {intl.formatMessage({ id: 'landing.dpp.version' }, { version: passport.version, date: date(passport.publishedAt) })}
      </p>
    </>
  );
  return (
    <LandingFrame
      design={design}
      product={product}
      language={language}
      backHref={backHref}
      view="dpp"
      heading={<FormattedMessage id="landing.dpp.title" />}
      draft={draft}
      frame={frame}
    >
      <PassportSections passport={passport} textColor={design.page.textColor} header={header} testId="landing-dpp" />
      {label ? <ProductLabelSections label={label} batch={batch} fg={design.page.textColor} /> : null}
    </LandingFrame>
  );
}

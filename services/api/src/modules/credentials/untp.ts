import { filterPassport, type AccessOverrides, type CertificateView, type PassportData } from '@product-console/shared';

/*
 * The UNTP Digital Product Passport (W3C VC 2.0) of a published passport version (issue 16, decision
 * 046). Only PUBLIC fields reach it: the credential is answered to anyone. Field names follow the
 * UNTP DPP data model (ProductPassport, Product, EmissionsPerformance, CircularityPerformance,
 * Material, Claim); units are UNECE Rec 20 codes (KGM kilogram, H87 piece, KWH kilowatt hour).
 */

export const VC_CONTEXT = ['https://www.w3.org/ns/credentials/v2', 'https://test.uncefact.org/vocabulary/untp/dpp/working/'];
const GTIN_SCHEME = { type: ['IdentifierScheme'], id: 'https://id.gs1.org/01/', name: 'Global Trade Item Number (GTIN)' };
const HS_SCHEME = 'https://www.wcoomd.org/en/topics/nomenclature/instrument-and-tools/hs-nomenclature.aspx';

/** A published passport version, as the passport module answers it. */
export interface PublishedPassportSource {
  productId: number;
  version: number;
  publishedAt: Date | string;
  data: PassportData;
  accessOverrides?: AccessOverrides;
  certificates: CertificateView[];
}

export interface CredentialContext {
  issuer: { did: string; name: string };
  productName: string;
  /** The product's Digital Link URI (its QR code): the product id of the passport. */
  digitalLink: string;
  /** Origin of stored files (`/files/...`), for document links. */
  filesOrigin: string;
  now?: Date;
}

type Json = Record<string, unknown>;

const fraction = (percent: number) => Math.round(percent * 1e4) / 1e6;
const dropEmpty = <T extends Json>(value: T): T | undefined => (Object.values(value).some((item) => item !== undefined) ? value : undefined);
const iso = (value: Date | string) => (typeof value === 'string' ? new Date(value) : value).toISOString().replace(/\.\d{3}Z$/, 'Z');

function party(entity: { name: string; gln?: string; otherId?: string; eori?: string }): Json {
  const id = entity.gln
    ? `https://id.gs1.org/414/${entity.gln}`
    : `urn:product-console:party:${encodeURIComponent(entity.eori ?? entity.otherId ?? entity.name)}`;
  return { id, name: entity.name, registeredId: entity.gln ?? entity.eori ?? entity.otherId };
}

/** The unsigned credential (what `Accept: application/ld+json` answers and the JWS carries). */
export function passportCredential(source: PublishedPassportSource, context: CredentialContext): Json {
  const data = filterPassport(source.data, 'public', source.accessOverrides ?? {});
  const { digitalLink, filesOrigin } = context;
  const passportId = `${digitalLink}?linkType=gs1:dpp&version=${source.version}`;
  const fileLink = (filePath: string | undefined, linkName: string) =>
    filePath ? { type: ['Link'], linkURL: `${filesOrigin}${filePath}`, linkName } : undefined;

  const battery = data.battery;
  const weightKg = battery?.generalProductInformation?.weightKg;
  const product: Json = {
    type: ['Product'],
    id: digitalLink,
    name: context.productName,
    registeredId: data.gtin,
    idScheme: data.gtin ? GTIN_SCHEME : undefined,
    description: data.uniqueProductIdentifier ? `Unique product identifier: ${data.uniqueProductIdentifier}` : undefined,
    productCategory: data.commodityCode
      ? [
          {
            type: ['Classification'],
            id: `https://ec.europa.eu/taxation_customs/dds2/taric/taric_consultation.jsp?Taric=${data.commodityCode}`,
            code: data.commodityCode,
            name: `TARIC/HS ${data.commodityCode}`,
            schemeID: HS_SCHEME,
            schemeName: 'Harmonized System / TARIC',
          },
        ]
      : undefined,
    // Compliance documents only as far as the public level shows them (declarations of conformity by default).
    furtherInformation: [
      fileLink(data.userManual?.filePath, 'User manual'),
      fileLink(data.safetyInformation?.filePath, 'Safety information'),
      ...(data.complianceDocuments ?? []).map((document) => fileLink(document.filePath, document.title)),
    ].filter((link) => link !== undefined),
    producedByParty: data.manufacturer ? party(data.manufacturer) : undefined,
    producedAtFacility: data.manufacturingFacilities?.[0] ? party(data.manufacturingFacilities[0]) : undefined,
    productionDate: battery?.generalProductInformation?.manufacturingDate,
    countryOfProduction: data.manufacturer?.address?.country,
    dimensions: weightKg !== undefined ? { type: ['Dimension'], weight: { type: ['Measure'], value: weightKg, unit: 'KGM' } } : undefined,
    characteristics: dropEmpty({
      userManual: data.userManual?.text,
      safetyInformation: data.safetyInformation?.text,
      expectedLifetimeYears: data.durability?.expectedLifetimeYears,
      expectedLifetimeCycles: data.durability?.expectedLifetimeCycles,
      repairabilityScore: data.repairability?.score,
      sparePartsAvailabilityYears: data.repairability?.sparePartsYears,
      euResponsibleEconomicOperator: data.euResponsibleOperator ? party(data.euResponsibleOperator) : undefined,
      importer: data.importer ? party(data.importer) : undefined,
      batteryCategory: battery?.generalProductInformation?.category,
      batteryChemistry: battery?.generalProductInformation?.chemistry,
    }),
  };
  if ((product.furtherInformation as unknown[]).length === 0) delete product.furtherInformation;
  if (product.characteristics) product.characteristics = { type: ['Characteristics'], ...(product.characteristics as Json) };

  const emissionsScorecard = data.carbonFootprint
    ? {
        type: ['EmissionsPerformance'],
        carbonFootprint: data.carbonFootprint.kgCo2ePerUnit,
        declaredUnit: 'H87',
        // The passport names the method, not the scope or the share of primary data.
        operationalScope: 'None',
        primarySourcedRatio: 0,
        reportingStandard: undefined,
        calculationMethod: data.carbonFootprint.method,
      }
    : battery?.carbonFootprint?.totalKgCo2ePerKWh !== undefined
      ? { type: ['EmissionsPerformance'], carbonFootprint: battery.carbonFootprint.totalKgCo2ePerKWh, declaredUnit: 'KWH', operationalScope: 'None', primarySourcedRatio: 0 }
      : undefined;

  const circularityScorecard = dropEmpty({
    recycledContent: data.recycledContentPercent !== undefined ? fraction(data.recycledContentPercent) : undefined,
    repairInformation: data.repairability?.repairInstructions
      ? { type: ['Link'], linkURL: `${digitalLink}?linkType=gs1:dpp`, linkName: 'Repair instructions' }
      : undefined,
    recyclingInformation: data.endOfLife ? { type: ['Link'], linkURL: `${digitalLink}?linkType=gs1:dpp`, linkName: 'End-of-life and take-back' } : undefined,
    endOfLifeInstructions: data.endOfLife,
    recycledContentByMaterial: battery?.circularity?.recycledContent,
    renewableContent: battery?.circularity?.renewableContentPercent !== undefined ? fraction(battery.circularity.renewableContentPercent) : undefined,
  });

  const materialsProvenance = [
    ...(data.materialComposition ?? []).map((item) => ({ type: ['Material'], name: item.material, massFraction: fraction(item.sharePercent), hazardous: false })),
    ...[...(data.substancesOfConcern ?? []), ...(battery?.materialComposition?.hazardousSubstances ?? [])].map((substance) => ({
      type: ['Material'],
      name: substance.name,
      massFraction: fraction(substance.concentrationPercent),
      hazardous: true,
      casNumber: substance.casNumber,
    })),
    ...(['cathodeMaterials', 'anodeMaterials', 'electrolyteMaterials'] as const).flatMap((group) =>
      (battery?.materialComposition?.[group] ?? []).map((name) => ({ type: ['Material'], name, component: group })),
    ),
  ];

  const today = (context.now ?? new Date()).toISOString().slice(0, 10);
  const conformityClaim = source.certificates
    .filter((cert) => cert.valid && cert.validFrom <= today && (cert.validUntil === null || cert.validUntil >= today))
    .map((cert) => ({
      type: ['Claim', 'Declaration'],
      id: `${passportId}#certificate-${cert.id}`,
      description: `${cert.name} (${cert.code}) certificate ${cert.number}, issued by ${cert.issuer}, valid from ${cert.validFrom}${cert.validUntil ? ` until ${cert.validUntil}` : ''}`,
      conformityTopic: 'governance.compliance',
      assessmentDate: cert.validFrom,
      conformityEvidence: cert.documentPath ? { type: ['SecureLink'], linkURL: `${filesOrigin}${cert.documentPath}`, linkName: `${cert.name} ${cert.number}` } : undefined,
    }));

  const credentialSubject = {
    type: ['ProductPassport'],
    id: passportId,
    product,
    granularityLevel: data.granularity,
    conformityClaim: conformityClaim.length > 0 ? conformityClaim : undefined,
    emissionsScorecard,
    circularityScorecard: circularityScorecard ? { type: ['CircularityPerformance'], ...circularityScorecard } : undefined,
    materialsProvenance: materialsProvenance.length > 0 ? materialsProvenance : undefined,
  };

  // JSON drops the undefined members: the credential carries only what the passport says.
  return JSON.parse(
    JSON.stringify({
      '@context': VC_CONTEXT,
      type: ['VerifiableCredential', 'DigitalProductPassport'],
      id: passportId,
      issuer: { type: ['CredentialIssuer'], id: context.issuer.did, name: context.issuer.name },
      validFrom: iso(source.publishedAt),
      credentialSubject,
    }),
  ) as Json;
}

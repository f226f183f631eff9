/*
 * CBV 2.0 vocabularies (GS1 Core Business Vocabulary 2.0, the EPCIS 2.0 JSON-LD context and
 * JSON schema list the same values) and the normalisation of their three spellings:
 * bare (`shipping`), EPCIS 1.x URN (`urn:epcglobal:cbv:bizstep:shipping`) and web URI
 * (`https://ref.gs1.org/cbv/BizStep-shipping`, or the CURIEs `cbv:BizStep-shipping`, `gs1:BizStep-shipping`).
 */

export const CBV_BIZ_STEPS: readonly string[] = [
  'accepting', 'arriving', 'assembling', 'collecting', 'commissioning', 'consigning', 'creating_class_instance',
  'cycle_counting', 'decommissioning', 'departing', 'destroying', 'disassembling', 'dispensing', 'encoding',
  'entering_exiting', 'holding', 'inspecting', 'installing', 'killing', 'loading', 'other', 'packing', 'picking',
  'receiving', 'removing', 'repackaging', 'repairing', 'replacing', 'reserving', 'retail_selling', 'sampling',
  'sensor_reporting', 'shipping', 'staging_outbound', 'stock_taking', 'stocking', 'storing', 'transporting',
  'unloading', 'unpacking', 'void_shipping',
];

export const CBV_DISPOSITIONS: readonly string[] = [
  'active', 'available', 'completeness_inferred', 'completeness_verified', 'conformant', 'container_closed',
  'container_open', 'damaged', 'destroyed', 'dispensed', 'disposed', 'encoded', 'expired', 'in_progress',
  'in_transit', 'inactive', 'mismatch_class', 'mismatch_instance', 'mismatch_quantity', 'needs_replacement',
  'no_pedigree_match', 'non_conformant', 'non_sellable_other', 'partially_dispensed', 'recalled', 'reserved',
  'retail_sold', 'returned', 'sellable_accessible', 'sellable_not_accessible', 'stolen', 'unavailable', 'unknown',
];

export const CBV_BIZ_TRANSACTION_TYPES: readonly string[] = [
  'bol', 'cert', 'desadv', 'inv', 'pedigree', 'po', 'poc', 'prodorder', 'recadv', 'rma', 'testprd', 'testres', 'upevt',
];

export const CBV_SOURCE_DEST_TYPES: readonly string[] = ['owning_party', 'possessing_party', 'location'];

export const CBV_ERROR_REASONS: readonly string[] = ['did_not_occur', 'incorrect_data'];

/** GS1 Web Vocabulary MeasurementType values (`gs1:Temperature`) that sensor reports may name bare. */
export const CBV_SENSOR_MEASUREMENT_TYPES: readonly string[] = [
  'AbsoluteHumidity', 'AbsorbedDose', 'AbsorbedDoseRate', 'Acceleration', 'Radioactivity', 'Altitude', 'AmountOfSubstance',
  'AmountOfSubstancePerUnitVolume', 'Angle', 'AngularAcceleration', 'AngularMomentum', 'AngularVelocity', 'Area',
  'Capacitance', 'Conductance', 'Conductivity', 'Count', 'Density', 'Dimensionless', 'DoseEquivalent', 'DoseEquivalentRate',
  'DynamicViscosity', 'ElectricCharge', 'ElectricCurrent', 'ElectricCurrentDensity', 'ElectricFieldStrength', 'Energy',
  'Exposure', 'Force', 'Frequency', 'Illuminance', 'Inductance', 'Irradiance', 'KinematicViscosity', 'Length',
  'LinearMomentum', 'Luminance', 'LuminousFlux', 'LuminousIntensity', 'MagneticFlux', 'MagneticFluxDensity',
  'MagneticVectorPotential', 'Mass', 'MassConcentration', 'MassFlowRate', 'MassPerAreaTime', 'MemoryCapacity',
  'MolalityOfSolute', 'MolarEnergy', 'MolarMass', 'MolarVolume', 'Power', 'Pressure', 'RadiantFlux', 'RadiantIntensity',
  'RelativeHumidity', 'Resistance', 'Resistivity', 'SolidAngle', 'SpecificVolume', 'Speed', 'SurfaceDensity',
  'SurfaceTension', 'Temperature', 'Time', 'Torque', 'Voltage', 'Volume', 'VolumeFlowRate', 'VolumeFraction',
  'VolumetricFlux', 'Wavenumber',
];

/** Sensor alert types (`sensorReport.exception`). */
export const CBV_SENSOR_ALERT_TYPES: readonly string[] = ['ALARM_CONDITION', 'ERROR_CONDITION'];

/** Components of a sensor reading (`sensorReport.component`). */
export const CBV_COMPONENTS: readonly string[] = [
  'x', 'y', 'z', 'axial_distance', 'azimuth', 'height', 'spherical_radius', 'polar_angle', 'elevation_angle',
  'easting', 'northing', 'latitude', 'longitude', 'altitude',
];

/** The web vocabulary prefix of CBV terms, and the GS1 web vocabulary prefix. */
export const CBV_WEB_URI = 'https://ref.gs1.org/cbv/';
export const GS1_VOC_URI = 'https://gs1.org/voc/';

/** One CBV vocabulary: its values, its EPCIS 1.x URN prefix and its web vocabulary term prefix. */
interface Vocabulary {
  values: readonly string[];
  urn: string;
  web: string;
}

export const CBV_VOCABULARIES = {
  bizStep: { values: CBV_BIZ_STEPS, urn: 'urn:epcglobal:cbv:bizstep:', web: 'BizStep-' },
  disposition: { values: CBV_DISPOSITIONS, urn: 'urn:epcglobal:cbv:disp:', web: 'Disp-' },
  bizTransactionType: { values: CBV_BIZ_TRANSACTION_TYPES, urn: 'urn:epcglobal:cbv:btt:', web: 'BTT-' },
  sourceDestType: { values: CBV_SOURCE_DEST_TYPES, urn: 'urn:epcglobal:cbv:sdt:', web: 'SDT-' },
  errorReason: { values: CBV_ERROR_REASONS, urn: 'urn:epcglobal:cbv:er:', web: 'ER-' },
  component: { values: CBV_COMPONENTS, urn: 'urn:epcglobal:cbv:comp:', web: 'Comp-' },
} as const satisfies Record<string, Vocabulary>;
export type CbvVocabularyName = keyof typeof CBV_VOCABULARIES;

/** An absolute URI or a CURIE (`prefix:term`): a scheme, a colon and no spaces. */
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:\S+$/;

/**
 * The short name of a CBV term in any of its spellings, an extension URI unchanged, else null.
 * A value that claims to be a term of this vocabulary (`urn:epcglobal:cbv:bizstep:…`,
 * `https://ref.gs1.org/cbv/BizStep-…`, `cbv:BizStep-…`) must be one; other URIs (`cbv:my_own_party`,
 * `https://example.com/steps/x`, `ext1:summarising_discharge`) are extensions.
 */
export function normalizeCbv(vocabulary: CbvVocabularyName, value: string): string | null {
  const { values, urn, web } = CBV_VOCABULARIES[vocabulary];
  const text = value.trim();
  if (values.includes(text)) return text;
  let short: string | null = null;
  if (text.toLowerCase().startsWith('urn:epcglobal:cbv:')) short = text.startsWith(urn) ? text.slice(urn.length) : '';
  else {
    const match = /^(?:https?:\/\/(?:ref|ns)\.gs1\.org\/cbv\/|cbv:|gs1:)(.*)$/.exec(text);
    if (match?.[1].startsWith(web)) short = match[1].slice(web.length);
  }
  if (short !== null) return values.includes(short) ? short : null;
  return SCHEME.test(text) ? text : null;
}

export function normalizeBizStep(value: string): string | null {
  return normalizeCbv('bizStep', value);
}
export function normalizeDisposition(value: string): string | null {
  return normalizeCbv('disposition', value);
}
export function normalizeBizTransactionType(value: string): string | null {
  return normalizeCbv('bizTransactionType', value);
}
export function normalizeSourceDestType(value: string): string | null {
  return normalizeCbv('sourceDestType', value);
}
export function normalizeErrorReason(value: string): string | null {
  return normalizeCbv('errorReason', value);
}

/** `Temperature` | `gs1:Temperature` | `https://gs1.org/voc/Temperature` → `Temperature`; another URI unchanged; else null. */
export function normalizeMeasurementType(value: string): string | null {
  const text = value.trim();
  if (CBV_SENSOR_MEASUREMENT_TYPES.includes(text)) return text;
  const match = /^(?:https?:\/\/(?:www\.)?gs1\.org\/voc\/|gs1:)(.*)$/.exec(text);
  if (match) return CBV_SENSOR_MEASUREMENT_TYPES.includes(match[1]) ? match[1] : null;
  return SCHEME.test(text) ? text : null;
}

/** The web vocabulary URI of a normalised CBV value (`shipping` → `https://ref.gs1.org/cbv/BizStep-shipping`); extensions unchanged. */
export function cbvWebUri(vocabulary: CbvVocabularyName, short: string): string {
  const { values, web } = CBV_VOCABULARIES[vocabulary];
  return values.includes(short) ? `${CBV_WEB_URI}${web}${short}` : short;
}

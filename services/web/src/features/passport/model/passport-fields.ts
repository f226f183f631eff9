import { BATTERY_CATEGORIES, COMPLIANCE_DOCUMENT_KINDS, CRITICAL_RAW_MATERIALS, GRANULARITIES, LIFE_CYCLE_STAGES } from '@product-console/shared';
import type { MessageId } from '@/lib/i18n';

export type FieldKind = 'text' | 'number' | 'date' | 'textarea' | 'list';

/** One input of the passport form: its path under `data`, its unit and the access path whose level it shows. */
export interface PassportField {
  path: string;
  kind: FieldKind;
  /** A unit symbol (kg CO2e, %) or a message id of a worded unit. */
  unit?: string | { id: MessageId };
  options?: readonly { value: string; label: MessageId }[];
  /** The field path of `PASSPORT_FIELD_ACCESS_DEFAULTS` whose level this input shows and tightens. */
  access?: string;
}

/** A repeated row (facilities, materials, substances): its sub-fields relative to a row. */
export interface PassportList {
  path: 'manufacturingFacilities' | 'materialComposition' | 'substancesOfConcern' | 'battery.materialComposition.hazardousSubstances';
  fields: readonly PassportField[];
  access: string;
}

export interface PassportGroup {
  id: string;
  fields: readonly PassportField[];
  lists?: readonly PassportList[];
  /** The compliance documents with their uploads. */
  documents?: boolean;
}

const years = { id: 'passport.unit.years' as MessageId };
const cycles = { id: 'passport.unit.cycles' as MessageId };
const label = (id: string) => id as MessageId;

export const fieldLabel = (path: string) => label(`passport.field.${path.replace(/\.\d+\./g, '.')}`);

const substanceFields: readonly PassportField[] = [
  { path: 'name', kind: 'text' },
  { path: 'casNumber', kind: 'text' },
  { path: 'concentrationPercent', kind: 'number', unit: '%' },
];

/** The inputs of an `addressSchema` under `prefix` (street, postal code, city, ISO country). */
const addressFields = (prefix: string): PassportField[] =>
  (['street', 'postalCode', 'city', 'country'] as const).map((part) => ({ path: `${prefix}address.${part}`, kind: 'text' }));

export const DOCUMENT_KIND_OPTIONS = COMPLIANCE_DOCUMENT_KINDS.map((value) => ({ value, label: label(`passport.documentKind.${value}`) }));

/** The ESPR Annex III core, grouped as the step shows it. */
export const CORE_GROUPS: readonly PassportGroup[] = [
  {
    id: 'identity',
    fields: [
      { path: 'uniqueProductIdentifier', kind: 'text', access: 'uniqueProductIdentifier' },
      {
        path: 'granularity',
        kind: 'text',
        options: GRANULARITIES.map((value) => ({ value, label: label(`passport.granularity.${value}`) })),
        access: 'granularity',
      },
      { path: 'gtin', kind: 'text', access: 'gtin' },
      { path: 'commodityCode', kind: 'text', access: 'commodityCode' },
    ],
  },
  {
    id: 'operators',
    fields: [
      { path: 'manufacturer.name', kind: 'text', access: 'manufacturer' },
      { path: 'manufacturer.gln', kind: 'text' },
      { path: 'manufacturer.otherId', kind: 'text' },
      ...addressFields('manufacturer.'),
      { path: 'euResponsibleOperator.name', kind: 'text', access: 'euResponsibleOperator' },
      { path: 'euResponsibleOperator.eori', kind: 'text' },
      ...addressFields('euResponsibleOperator.'),
      { path: 'importer.name', kind: 'text', access: 'importer' },
      { path: 'importer.eori', kind: 'text' },
      ...addressFields('importer.'),
    ],
  },
  {
    id: 'facilities',
    fields: [],
    lists: [
      {
        path: 'manufacturingFacilities',
        access: 'manufacturingFacilities',
        fields: [{ path: 'name', kind: 'text' }, { path: 'gln', kind: 'text' }, ...addressFields('')],
      },
    ],
  },
  {
    id: 'documents',
    documents: true,
    fields: [
      { path: 'userManual.text', kind: 'textarea', access: 'userManual' },
      { path: 'safetyInformation.text', kind: 'textarea', access: 'safetyInformation' },
    ],
  },
  {
    id: 'materials',
    fields: [{ path: 'recycledContentPercent', kind: 'number', unit: '%', access: 'recycledContentPercent' }],
    lists: [
      {
        path: 'materialComposition',
        access: 'materialComposition',
        fields: [
          { path: 'material', kind: 'text' },
          { path: 'sharePercent', kind: 'number', unit: '%' },
        ],
      },
      { path: 'substancesOfConcern', access: 'substancesOfConcern', fields: substanceFields },
    ],
  },
  {
    id: 'carbon',
    fields: [
      { path: 'carbonFootprint.kgCo2ePerUnit', kind: 'number', unit: 'kg CO2e', access: 'carbonFootprint' },
      { path: 'carbonFootprint.method', kind: 'text' },
    ],
  },
  {
    id: 'durability',
    fields: [
      { path: 'durability.expectedLifetimeYears', kind: 'number', unit: years, access: 'durability' },
      { path: 'durability.expectedLifetimeCycles', kind: 'number', unit: cycles },
      { path: 'repairability.score', kind: 'number', unit: '0–10', access: 'repairability.score' },
      { path: 'repairability.sparePartsYears', kind: 'number', unit: years, access: 'repairability.sparePartsYears' },
      { path: 'repairability.repairInstructions', kind: 'textarea', access: 'repairability.repairInstructions' },
    ],
  },
  { id: 'endOfLife', fields: [{ path: 'endOfLife', kind: 'textarea', access: 'endOfLife' }] },
];

const B = 'battery';
/** The battery template's groups (Battery Pass data model). */
export const BATTERY_GROUPS: readonly PassportGroup[] = [
  {
    id: 'batteryGeneral',
    fields: [
      {
        path: `${B}.generalProductInformation.category`,
        kind: 'text',
        options: BATTERY_CATEGORIES.map((value) => ({ value, label: label(`passport.batteryCategory.${value}`) })),
        access: `${B}.generalProductInformation`,
      },
      { path: `${B}.generalProductInformation.chemistry`, kind: 'text' },
      { path: `${B}.generalProductInformation.weightKg`, kind: 'number', unit: 'kg' },
      { path: `${B}.generalProductInformation.manufacturingDate`, kind: 'date' },
      { path: `${B}.generalProductInformation.manufacturingPlace`, kind: 'text' },
    ],
  },
  {
    id: 'batteryCarbon',
    fields: [
      { path: `${B}.carbonFootprint.totalKgCo2ePerKWh`, kind: 'number', unit: 'kg CO2e/kWh', access: `${B}.carbonFootprint.totalKgCo2ePerKWh` },
      ...LIFE_CYCLE_STAGES.map(
        (stage, index): PassportField => ({
          path: `${B}.carbonFootprint.perStage.${stage}`,
          kind: 'number',
          unit: 'kg CO2e/kWh',
          access: index === 0 ? `${B}.carbonFootprint.perStage` : undefined,
        }),
      ),
    ],
  },
  {
    id: 'batteryCircularity',
    fields: [
      ...CRITICAL_RAW_MATERIALS.map(
        (material, index): PassportField => ({
          path: `${B}.circularity.recycledContent.${material}`,
          kind: 'number',
          unit: '%',
          access: index === 0 ? `${B}.circularity.recycledContent` : undefined,
        }),
      ),
      { path: `${B}.circularity.renewableContentPercent`, kind: 'number', unit: '%', access: `${B}.circularity.renewableContentPercent` },
      { path: `${B}.circularity.dismantlingInformation`, kind: 'textarea', access: `${B}.circularity.dismantlingInformation` },
    ],
  },
  {
    id: 'batteryMaterials',
    fields: [
      { path: `${B}.materialComposition.cathodeMaterials`, kind: 'list', access: `${B}.materialComposition.cathodeMaterials` },
      { path: `${B}.materialComposition.anodeMaterials`, kind: 'list', access: `${B}.materialComposition.anodeMaterials` },
      { path: `${B}.materialComposition.electrolyteMaterials`, kind: 'list', access: `${B}.materialComposition.electrolyteMaterials` },
    ],
    lists: [{ path: `${B}.materialComposition.hazardousSubstances`, access: `${B}.materialComposition.hazardousSubstances`, fields: substanceFields }],
  },
];

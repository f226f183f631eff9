import { z } from 'zod';
import { idSchema, text } from './common.js';

/*
 * The labels a brand is obliged to show (issue 29): category templates of a smart-label product's
 * details. Food (EU Regulation 1169/2011), the wine e-label (EU Regulation 2021/2117) and textile
 * (EU Regulation 1007/2011). Regulated words (allergen groups, nutrients, fibre names, care symbol
 * meanings) are codes here; the console and the landing word them in the viewer's language. The
 * brand's own words (ingredient names, storage, operator) are stored as typed.
 */

export const LABEL_KINDS = ['food', 'wine', 'textile'] as const;
export type LabelKind = (typeof LABEL_KINDS)[number];

/** The 14 groups of substances causing allergies or intolerances (Regulation 1169/2011, Annex II), in the Annex's order. */
export const ALLERGEN_GROUPS = [
  'cereals',
  'crustaceans',
  'eggs',
  'fish',
  'peanuts',
  'soybeans',
  'milk',
  'nuts',
  'celery',
  'mustard',
  'sesame',
  'sulphites',
  'lupin',
  'molluscs',
] as const;
export type AllergenGroup = (typeof ALLERGEN_GROUPS)[number];

/** The nutrition declaration in the order of Annex XV (energy in kJ and kcal). */
export const NUTRIENTS = ['energyKj', 'energyKcal', 'fat', 'saturates', 'carbohydrate', 'sugars', 'protein', 'salt'] as const;
export type Nutrient = (typeof NUTRIENTS)[number];

/** Units of a net quantity (Regulation 1169/2011, Annex IX). */
export const NET_QUANTITY_UNITS = ['g', 'kg', 'ml', 'l'] as const;
/** A food's minimum durability: "best before" or, for highly perishable food, "use by" (Article 24). */
export const DATE_MARKINGS = ['bestBefore', 'useBy'] as const;
/** The nutrition declaration's reference quantity: per 100 g or per 100 ml. */
export const NUTRITION_BASES = ['g', 'ml'] as const;

/**
 * Textile fibre names of Regulation 1007/2011, Annex I (the ones in common use; the regulation's own
 * name in each UI language is a catalogue word `label.fibre.{code}`).
 */
export const TEXTILE_FIBRES = [
  'wool',
  'cashmere',
  'alpaca',
  'mohair',
  'angora',
  'camel',
  'silk',
  'cotton',
  'flax',
  'hemp',
  'jute',
  'ramie',
  'viscose',
  'modal',
  'lyocell',
  'cupro',
  'acetate',
  'triacetate',
  'acrylic',
  'modacrylic',
  'polyamide',
  'aramid',
  'polyester',
  'polyethylene',
  'polypropylene',
  'elastane',
  'elastomultiester',
  'elastolefin',
  'glassFibre',
  'polylactide',
  'chlorofibre',
] as const;
export type TextileFibre = (typeof TEXTILE_FIBRES)[number];

/** Care symbols of ISO 3758, by group in the standard's order: washing, bleaching, drying, ironing, professional care. */
export const CARE_SYMBOLS = {
  washing: ['wash30', 'wash40', 'wash60', 'wash95', 'handWash', 'doNotWash'],
  bleaching: ['anyBleach', 'nonChlorineBleach', 'doNotBleach'],
  drying: ['tumbleLow', 'tumbleNormal', 'doNotTumble'],
  ironing: ['ironLow', 'ironMedium', 'ironHigh', 'doNotIron'],
  professional: ['dryCleanP', 'dryCleanF', 'wetClean', 'doNotDryClean'],
} as const;
export const CARE_GROUPS = ['washing', 'bleaching', 'drying', 'ironing', 'professional'] as const;
export type CareGroup = (typeof CARE_GROUPS)[number];
export type CareSymbol = (typeof CARE_SYMBOLS)[CareGroup][number];

export const LABEL_TEXT_MAX = 500;
export const INGREDIENT_NAME_MAX = 120;
export const INGREDIENTS_MAX = 60;
export const FIBRES_MAX = 12;

/** The messages of the templates' own checks (the console words each one as `labels.error.{key}`). */
export const LABEL_ISSUES = {
  descending: 'Ingredients are listed in descending order of weight: this one is more than one above it',
  saturates: 'Saturates are part of the fat: at most the fat',
  sugars: 'Sugars are part of the carbohydrate: at most the carbohydrate',
  macros: 'Fat, carbohydrate, protein and salt together are at most 100 g per 100 g',
  energy: 'kJ and kcal do not agree (1 kcal = 4.184 kJ)',
  fibreTotal: 'The fibre percentages must add up to 100',
  fibreTwice: 'Each fibre once',
  positive: 'Must be more than 0',
  decimals: 'At most two decimals',
} as const;
export type LabelIssue = keyof typeof LABEL_ISSUES;

const labelText = (max = LABEL_TEXT_MAX) => text().trim().max(max);
const amount = (max: number) =>
  z
    .number({ error: 'Enter a number' })
    .min(0, 'Must not be negative')
    .max(max, `Must be at most ${max}`)
    .refine((value) => Number.isFinite(value) && Math.abs(Math.round(value * 100) - value * 100) < 1e-6, LABEL_ISSUES.decimals);

/** One ingredient as it is listed; an allergen is marked with its Annex II group and shown emphasised. */
export const labelIngredientSchema = z.object({
  name: labelText(INGREDIENT_NAME_MAX).min(1, 'Name the ingredient'),
  allergen: z.enum(ALLERGEN_GROUPS).nullable().default(null),
  /** The quantity in percent where it is declared (QUID, Article 22); null otherwise. */
  percent: amount(100).nullable().default(null),
});
export type LabelIngredient = z.infer<typeof labelIngredientSchema>;

/**
 * Ingredients in descending order of weight (Article 18): the declared percentages must not rise
 * down the list.
 */
const ingredientsSchema = z
  .array(labelIngredientSchema)
  .min(1, 'List at least one ingredient')
  .max(INGREDIENTS_MAX)
  .superRefine((items, ctx) => {
    let previous = Number.POSITIVE_INFINITY;
    items.forEach((item, index) => {
      if (item.percent === null) return;
      if (item.percent > previous) {
        ctx.addIssue({ code: 'custom', path: [index, 'percent'], message: LABEL_ISSUES.descending });
      }
      previous = item.percent;
    });
  });

/** Energy in kJ and kcal are one value (1 kcal = 4.184 kJ): a pair further apart than rounding allows is a typing error. */
export function energyAgrees(kj: number, kcal: number): boolean {
  return Math.abs(kj - kcal * 4.184) <= Math.max(5, kj * 0.03);
}

/** The nutrition declaration per 100 g or 100 ml (Article 30, Annex XV): grams, energy in kJ and kcal. */
export const nutritionSchema = z
  .object({
    energyKj: amount(4000),
    energyKcal: amount(1000),
    fat: amount(100),
    saturates: amount(100),
    carbohydrate: amount(100),
    sugars: amount(100),
    protein: amount(100),
    salt: amount(100),
  })
  .superRefine((value, ctx) => {
    if (value.saturates > value.fat) ctx.addIssue({ code: 'custom', path: ['saturates'], message: LABEL_ISSUES.saturates });
    if (value.sugars > value.carbohydrate) ctx.addIssue({ code: 'custom', path: ['sugars'], message: LABEL_ISSUES.sugars });
    if (value.fat + value.carbohydrate + value.protein + value.salt > 100) {
      ctx.addIssue({ code: 'custom', path: ['fat'], message: LABEL_ISSUES.macros });
    }
    if (!energyAgrees(value.energyKj, value.energyKcal)) {
      ctx.addIssue({ code: 'custom', path: ['energyKcal'], message: LABEL_ISSUES.energy });
    }
  });
export type Nutrition = z.infer<typeof nutritionSchema>;

const operatorSchema = z.object({
  name: labelText(200).min(1, 'Name the food business operator'),
  address: labelText(LABEL_TEXT_MAX).min(1, "Give the operator's address"),
});

export const foodLabelSchema = z.object({
  kind: z.literal('food'),
  ingredients: ingredientsSchema,
  nutritionBasis: z.enum(NUTRITION_BASES).default('g'),
  nutrition: nutritionSchema,
  /** The portion the declaration is also given for (in g or ml, as the basis); null: per 100 only. */
  portionSize: amount(5000).refine((value) => value > 0, LABEL_ISSUES.positive).nullable().default(null),
  netQuantity: z.object({
    amount: amount(100_000).refine((value) => value > 0, LABEL_ISSUES.positive),
    unit: z.enum(NET_QUANTITY_UNITS),
  }),
  /** Which date the batch's date is: the scanned batch's best-before (AI 15) or expiry (AI 17) date is shown under it. */
  dateMarking: z.enum(DATE_MARKINGS).default('bestBefore'),
  storage: labelText().default(''),
  /** Country of origin or place of provenance, where Article 26 requires it; empty otherwise. */
  origin: labelText(200).default(''),
  operator: operatorSchema,
});
export type FoodLabel = z.infer<typeof foodLabelSchema>;

/** The wine e-label (Regulation 2021/2117 amending 1308/2013, Article 119): ingredients and the full nutrition declaration per 100 ml. */
export const wineLabelSchema = z.object({
  kind: z.literal('wine'),
  ingredients: ingredientsSchema,
  nutrition: nutritionSchema,
  /** Actual alcoholic strength by volume, % vol. */
  alcohol: amount(25).nullable().default(null),
  netQuantity: z
    .object({ amount: amount(100_000).refine((value) => value > 0, LABEL_ISSUES.positive), unit: z.enum(['ml', 'l']) })
    .nullable()
    .default(null),
});
export type WineLabel = z.infer<typeof wineLabelSchema>;

export const textileFibreSchema = z.object({
  fibre: z.enum(TEXTILE_FIBRES),
  percent: amount(100).refine((value) => value > 0, LABEL_ISSUES.positive),
});

/** A care label: one symbol per group at most, a group left out is not stated. */
export const careSymbolsSchema = z.object({
  washing: z.enum(CARE_SYMBOLS.washing).nullable().default(null),
  bleaching: z.enum(CARE_SYMBOLS.bleaching).nullable().default(null),
  drying: z.enum(CARE_SYMBOLS.drying).nullable().default(null),
  ironing: z.enum(CARE_SYMBOLS.ironing).nullable().default(null),
  professional: z.enum(CARE_SYMBOLS.professional).nullable().default(null),
});
export type CareSymbols = z.infer<typeof careSymbolsSchema>;

/** Textile (Regulation 1007/2011, Article 9): the fibre composition in percent adds up to 100, each fibre once, by weight descending. */
export const textileLabelSchema = z.object({
  kind: z.literal('textile'),
  fibres: z
    .array(textileFibreSchema)
    .min(1, 'Give the fibre composition')
    .max(FIBRES_MAX)
    .superRefine((items, ctx) => {
      const total = items.reduce((sum, item) => sum + Math.round(item.percent * 100), 0) / 100;
      if (total !== 100) ctx.addIssue({ code: 'custom', path: [], message: LABEL_ISSUES.fibreTotal });
      const seen = new Set<string>();
      items.forEach((item, index) => {
        if (seen.has(item.fibre)) ctx.addIssue({ code: 'custom', path: [index, 'fibre'], message: LABEL_ISSUES.fibreTwice });
        seen.add(item.fibre);
      });
    }),
  care: careSymbolsSchema.default({ washing: null, bleaching: null, drying: null, ironing: null, professional: null }),
});
export type TextileLabel = z.infer<typeof textileLabelSchema>;

export const productLabelSchema = z.discriminatedUnion('kind', [foodLabelSchema, wineLabelSchema, textileLabelSchema]);
export type ProductLabel = z.infer<typeof productLabelSchema>;
export type ProductLabelInput = z.input<typeof productLabelSchema>;

/** `PUT /api/product/label`: a category 2 or 3 product's label template and its fields; null removes it. */
export const productLabelBodySchema = z.object({
  productId: idSchema,
  label: productLabelSchema.nullable(),
});
export type ProductLabelBody = z.infer<typeof productLabelBodySchema>;

export const productLabelResponseSchema = z.object({
  result: z.object({ productId: z.number().int(), label: productLabelSchema.nullable() }),
});

/** A wine e-label's page may not collect or track its visitors: its code's scans are not recorded. */
export const isUntrackedLabel = (label: ProductLabel | null | undefined): boolean => label?.kind === 'wine';

/** The nutrition of one portion from the declaration per 100 (rounded to one decimal, energy to whole units). */
export function perPortion(nutrition: Nutrition, portionSize: number): Nutrition {
  const scale = (value: number, digits: number) => Math.round((value * portionSize) / 100 * 10 ** digits) / 10 ** digits;
  return Object.fromEntries(NUTRIENTS.map((key) => [key, scale(nutrition[key], key.startsWith('energy') ? 0 : 1)])) as Nutrition;
}

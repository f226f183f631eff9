import { describe, expect, it } from 'vitest';
import { perPortion, productLabelBodySchema, productLabelSchema, type ProductLabelInput } from './product-label.js';

const nutrition = { energyKj: 1046, energyKcal: 250, fat: 10, saturates: 4, carbohydrate: 30, sugars: 5, protein: 8, salt: 1.2 };
const food: ProductLabelInput = {
  kind: 'food',
  ingredients: [
    { name: 'Wheat flour', allergen: 'cereals', percent: 60 },
    { name: 'Water' },
    { name: 'Butter', allergen: 'milk', percent: 10 },
  ],
  nutrition,
  portionSize: 40,
  netQuantity: { amount: 400, unit: 'g' },
  operator: { name: 'Nordic Foods AB', address: 'Storgatan 1, 111 22 Stockholm, Sweden' },
};

const pathsOf = (input: unknown) => {
  const parsed = productLabelSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.'));
};

describe('the label templates', () => {
  it('takes a complete food label and fills the defaults', () => {
    const parsed = productLabelSchema.parse(food);
    expect(parsed).toMatchObject({ kind: 'food', dateMarking: 'bestBefore', nutritionBasis: 'g', storage: '', origin: '' });
    expect(parsed.kind === 'food' && parsed.ingredients[1]).toEqual({ name: 'Water', allergen: null, percent: null });
  });

  it('refuses rising percentages, parts larger than their whole, and kJ that disagree with kcal', () => {
    expect(pathsOf({ ...food, ingredients: [{ name: 'Sugar', percent: 10 }, { name: 'Cocoa', percent: 40 }] })).toEqual(['ingredients.1.percent']);
    expect(pathsOf({ ...food, nutrition: { ...nutrition, saturates: 11 } })).toEqual(['nutrition.saturates']);
    expect(pathsOf({ ...food, nutrition: { ...nutrition, sugars: 31 } })).toEqual(['nutrition.sugars']);
    expect(pathsOf({ ...food, nutrition: { ...nutrition, energyKj: 250 } })).toEqual(['nutrition.energyKcal']);
    expect(pathsOf({ ...food, nutrition: { ...nutrition, fat: 60, carbohydrate: 50 } })).toEqual(['nutrition.fat']);
  });

  it('requires the operator, a net quantity above zero and a known allergen group', () => {
    expect(pathsOf({ ...food, operator: { name: '', address: '' } }).sort()).toEqual(['operator.address', 'operator.name']);
    expect(pathsOf({ ...food, netQuantity: { amount: 0, unit: 'g' } })).toEqual(['netQuantity.amount']);
    expect(pathsOf({ ...food, ingredients: [{ name: 'Pollen', allergen: 'pollen' }] })).toEqual(['ingredients.0.allergen']);
  });

  it('takes a wine label with sulphites, and an unknown kind is refused', () => {
    expect(pathsOf({ kind: 'wine', ingredients: [{ name: 'Grapes' }, { name: 'Sulphites', allergen: 'sulphites' }], nutrition: { ...nutrition, energyKj: 301, energyKcal: 72, fat: 0, saturates: 0, carbohydrate: 2.6, sugars: 0.6, protein: 0, salt: 0 }, alcohol: 12.5 })).toEqual([]);
    expect(pathsOf({ kind: 'shoes' })).toEqual(['kind']);
  });

  it('wants textile fibres that add up to 100, each once, with known names', () => {
    const textile = { kind: 'textile', fibres: [{ fibre: 'cotton', percent: 95 }, { fibre: 'elastane', percent: 5 }], care: { washing: 'wash40', ironing: 'ironMedium' } };
    expect(pathsOf(textile)).toEqual([]);
    expect(productLabelSchema.parse(textile)).toMatchObject({ care: { washing: 'wash40', bleaching: null, ironing: 'ironMedium' } });
    expect(pathsOf({ ...textile, fibres: [{ fibre: 'cotton', percent: 90 }, { fibre: 'elastane', percent: 5 }] })).toEqual(['fibres']);
    expect(pathsOf({ ...textile, fibres: [{ fibre: 'cotton', percent: 50 }, { fibre: 'cotton', percent: 50 }] })).toEqual(['fibres.1.fibre']);
    expect(pathsOf({ ...textile, fibres: [{ fibre: 'unobtainium', percent: 100 }] })).toEqual(['fibres.0.fibre']);
    expect(pathsOf({ ...textile, care: { washing: 'wash1000' } })).toEqual(['care.washing']);
  });

  it('lets null remove a label, and computes a portion from the declaration per 100', () => {
    expect(productLabelBodySchema.parse({ productId: 3, label: null })).toEqual({ productId: 3, label: null });
    expect(perPortion(productLabelSchema.parse(food).kind === 'food' ? nutrition : nutrition, 40)).toEqual({
      energyKj: 418, energyKcal: 100, fat: 4, saturates: 1.6, carbohydrate: 12, sugars: 2, protein: 3.2, salt: 0.5,
    });
  });
});

// The GS1 rules live in the shared package (also used by the console); kept here for existing imports.
export { gs1CheckDigit, gtin14, isValidGtin14 } from '@product-console/shared';

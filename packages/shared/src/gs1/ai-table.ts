/**
 * The GS1 application identifiers the console works with, transcribed from the GS1 Barcode
 * Syntax Dictionary (`tests/fixtures/standards/gs1-syntax-dictionary/`). `gs1.test.ts` checks every row
 * against the dictionary, so the browser bundle carries this small table, not the file.
 */
export interface AiDefinition {
  ai: string;
  title: string;
  /** 'N' numeric, 'X' GS1 CSET 82, 'Y' CSET 39. */
  charset: 'N' | 'X' | 'Y';
  minLength: number;
  maxLength: number;
  /** The value ends with a GS1 mod-10 check digit (of its first fixed-length component). */
  checkDigit: boolean;
  /** A Digital Link primary key (may start a Digital Link URI path). */
  primaryKey: boolean;
  /** Qualifier AIs allowed after this primary key, in path order (first alternative). */
  qualifiers: string[];
}

const ai = (
  code: string,
  title: string,
  charset: AiDefinition['charset'],
  minLength: number,
  maxLength: number,
  checkDigit: boolean,
  primaryKey: boolean,
  qualifiers: string[] = [],
): AiDefinition => ({ ai: code, title, charset, minLength, maxLength, checkDigit, primaryKey, qualifiers });

export const AI_TABLE: readonly AiDefinition[] = [
  ai('00', 'SSCC', 'N', 18, 18, true, true),
  ai('01', 'GTIN', 'N', 14, 14, true, true, ['22', '10', '21']),
  ai('10', 'BATCH/LOT', 'X', 1, 20, false, false),
  ai('11', 'PROD DATE', 'N', 6, 6, false, false),
  ai('15', 'BEST BEFORE or BEST BY', 'N', 6, 6, false, false),
  ai('17', 'USE BY or EXPIRY', 'N', 6, 6, false, false),
  ai('21', 'SERIAL', 'X', 1, 20, false, false),
  ai('22', 'CPV', 'X', 1, 20, false, false),
  ai('253', 'GDTI', 'N', 13, 30, true, true),
  ai('254', 'GLN EXTENSION COMPONENT', 'X', 1, 20, false, false),
  ai('255', 'GCN', 'N', 13, 25, true, true),
  ai('414', 'LOC No.', 'N', 13, 13, true, true, ['254']),
  ai('417', 'PARTY', 'N', 13, 13, true, true, ['7040']),
  ai('8003', 'GRAI', 'N', 14, 30, true, true),
  ai('8004', 'GIAI', 'X', 1, 30, false, true, ['7040']),
  ai('8006', 'ITIP', 'N', 18, 18, true, true, ['22', '10', '21']),
  ai('8013', 'GMN', 'X', 1, 25, false, true),
  ai('8017', 'GSRN - PROVIDER', 'N', 18, 18, true, true, ['8019']),
  ai('8018', 'GSRN - RECIPIENT', 'N', 18, 18, true, true, ['8019']),
];

const BY_AI = new Map(AI_TABLE.map((definition) => [definition.ai, definition]));

export function aiDefinition(code: string): AiDefinition | undefined {
  return BY_AI.get(code);
}

/** The AIs a product entry may be keyed by in the console. */
export const ENTRY_AIS = ['01', '414'] as const;
export type EntryAi = (typeof ENTRY_AIS)[number];

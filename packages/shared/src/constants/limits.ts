/** Paging and size limits shared by the API and the console. */
export const NOTIFICATION_PAGE_SIZE = 10;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

/** Largest value of a PostgreSQL `integer`, the type of every id column and stored number. */
export const DB_INT_MAX = 2_147_483_647;

/** Entry values are padded with leading zeros to 14 characters, except for AI 414. */
export const ENTRY_VALUE_LENGTH = 14;
export const AI_GLN = '414';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const DESCRIPTION_MAX_LENGTH = 2000;

/**
 * Bytes one EPCIS capture body may have (`GS1-EPCIS-Capture-File-Size-Limit`): the API's body limit
 * on its capture routes, and the gateway's on /epcis, which answers the 413 itself rather than
 * send a body the API would drop the connection on.
 */
export const EPCIS_CAPTURE_FILE_SIZE_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * Levels of objects and lists an EPCIS event may nest, the event itself being the first (decision
 * 064); a document's own fields are counted the same way from the document. The standard's deepest
 * field (a sensor report) is at level 5; the rest is room for user extensions. Every JSON walk of
 * the EPCIS code (validation, the event hash, `@context` prefixes) stays this shallow.
 */
export const EPCIS_MAX_NESTING_DEPTH = 32;

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

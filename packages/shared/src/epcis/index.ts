export * from './vocabulary.js';
export * from './identifiers.js';
export * from './event-hash.js';
export * from './validate.js';
export * from './format.js';
export * from './master-data.js';
export * from './sample-document.js';

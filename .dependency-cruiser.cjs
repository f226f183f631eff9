/**
 * The API's modules import one way (decision 026): `npm run lint` runs this after ESLint and
 * fails on an import cycle between two modules of `services/api/src/modules` (a module is one
 * folder), or between two of their files. Each module's `tables.ts` is the lowest layer, below
 * every module: imports of a tables file are left out here, and ESLint lets a tables file import
 * only other tables files, so no cycle can pass through one.
 *
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'api-modules-one-way',
      severity: 'error',
      comment:
        'Two API modules import each other, directly or through others. Move what both need down (access, plans/limits, ' +
        'errors.ts), or let the lower one publish a domain event (src/events.ts) that the higher one subscribes to.',
      scope: 'folder',
      from: { path: '^services/api/src/modules/[^/]+' },
      to: { circular: true },
    },
    {
      name: 'api-files-no-cycle',
      severity: 'error',
      comment: 'Files of the API modules import each other in a cycle.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    includeOnly: '^services/api/src/modules/',
    exclude: { path: ['\\.test\\.ts$', '/tables\\.ts$'] },
    // Type-only imports count too: a module that needs another's types depends on it.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    cache: false,
  },
};

// The layers of the code, checked by dependency-cruiser in `npm test` (step "boundaries"; `npm run
// boundaries`). docs/architecture.md "Layers" says what each rule is for; scripts/boundaries.test.ts
// shows each one failing on a deliberately wrong import.

const SERVER = '^apps/server/src/';
/** Tests may reach across layers to set a scene (a seeded database, a module's repo). */
const TEST = '\\.test\\.tsx?$';

/** Imports that mean I/O: Node's file, network and process modules, and the database and HTTP stacks. */
const IO = [
  '^(node:)?(fs|fs/promises|net|http|https|http2|tls|dgram|dns|child_process|cluster|worker_threads|readline)$',
  '(^|/)node_modules/(drizzle-orm|postgres|@electric-sql/pglite|fastify|fastify-plugin|@fastify/[^/]+|ioredis|socket\\.io|nodemailer)/',
  `${SERVER}(db|plugins|cluster|notify|metrics)/`,
];

/** Server files that are money math: amounts in, amounts out, nothing read or written. */
const MONEY_MATH = [
  `${SERVER}lib/money\\.ts$`,
  `${SERVER}modules/contracts/math\\.ts$`,
  `${SERVER}modules/spot/orders\\.ts$`,
  `${SERVER}modules/options/settle\\.ts$`,
  `${SERVER}modules/subscription/allocation\\.ts$`,
  `${SERVER}modules/wealth/interest\\.ts$`,
];

/** The two client apps' folders under apps/, by the name their rules carry. */
const CLIENT_FOLDER = { h5: 'h5', console: 'admin' };

/**
 * A client app's rules (the H5 app and the console follow the same ones): a feature never imports another
 * feature, app/ composes them; lib/ and components/ sit under the features and import none of them.
 */
function clientAppRules(name, title, aFeatureOf) {
  const src = `^apps/${CLIENT_FOLDER[name]}/src/`;
  return [
    {
      name: `${name}-features-apart`,
      comment: `${aFeatureOf} feature never imports another feature; app/ composes them.`,
      severity: 'error',
      from: { path: `${src}features/([^/]+)/` },
      to: { path: `${src}features/`, pathNot: `${src}features/$1/` },
    },
    {
      name: `${name}-shared-no-feature`,
      comment: `${title} lib/ and components/ import no feature and not app/.`,
      severity: 'error',
      from: { path: `${src}(lib|components)/` },
      to: { path: `${src}(features|app)/` },
    },
  ];
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No file reaches itself through its imports (type-only imports included).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'engine-pure',
      comment: 'The matching engine imports nothing but its own files: no I/O, no app code, no libraries.',
      severity: 'error',
      from: { path: '^packages/engine/src/', pathNot: TEST },
      to: { pathNot: '^packages/engine/src/' },
    },
    {
      name: 'money-math-pure',
      comment: 'Money math imports no I/O (types from elsewhere are fine: they vanish when compiled).',
      severity: 'error',
      from: { path: MONEY_MATH },
      to: { path: IO, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'shared-imports-no-app',
      comment: 'The contract package is below every app: it imports none of them.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^(apps|e2e|scale|bench)/' },
    },
    {
      name: 'apps-apart',
      comment: 'The H5 app, the console and the server never import each other; they share packages/.',
      severity: 'error',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    // ── server ──────────────────────────────────────────────────────────────────────────────────────
    {
      name: 'server-db-bottom',
      comment: 'db/ (schema, client, transactions) is the bottom layer: it imports only itself and the config type.',
      severity: 'error',
      from: { path: `${SERVER}db/`, pathNot: TEST },
      to: { path: SERVER, pathNot: [`${SERVER}db/`, `${SERVER}config\\.ts$`] },
    },
    {
      name: 'server-lib-no-feature',
      comment: 'lib/ holds helpers under every feature: it imports db/, i18n/, config and itself only.',
      severity: 'error',
      from: { path: `${SERVER}lib/`, pathNot: TEST },
      to: { path: SERVER, pathNot: [`${SERVER}(lib|db|i18n)/`, `${SERVER}config\\.ts$`] },
    },
    {
      name: 'server-ledger-below-modules',
      comment: 'The ledger posts for every module and knows none of them: it imports db/, lib/ and itself.',
      severity: 'error',
      from: { path: `${SERVER}ledger/`, pathNot: TEST },
      to: { path: SERVER, pathNot: `${SERVER}(ledger|lib|db|i18n)/` },
    },
    {
      name: 'server-plugins-no-modules',
      comment: 'Infrastructure plugins serve the modules and import none of them.',
      severity: 'error',
      from: { path: `${SERVER}plugins/`, pathNot: TEST },
      to: { path: `${SERVER}(modules|seed|cluster)/` },
    },
    {
      name: 'server-composition-on-top',
      comment:
        'app.ts, server.ts, seed/ and cluster/ compose the modules; nothing below imports them (tests and the ' +
        'command-line entries aside).',
      severity: 'error',
      from: {
        path: SERVER,
        pathNot: [TEST, `${SERVER}(cluster|seed)/`, `${SERVER}[^/]+\\.ts$`, `${SERVER}hardening/`],
      },
      to: { path: [`${SERVER}(app|server)\\.ts$`, `${SERVER}(seed|cluster)/`] },
    },
    {
      name: 'server-repo-below-service',
      comment: "A module's repo.ts (queries) imports no service or routes.",
      severity: 'error',
      from: { path: `${SERVER}modules/[^/]+/repo\\.ts$` },
      to: { path: `${SERVER}modules/[^/]+/(service|routes)\\.ts$` },
    },
    {
      name: 'server-routes-on-top',
      comment: 'Only app.ts registers routes: no module file imports a routes.ts.',
      severity: 'error',
      from: { path: `${SERVER}modules/`, pathNot: TEST },
      to: { path: `${SERVER}modules/[^/]+/routes\\.ts$` },
    },
    {
      name: 'server-routes-no-db',
      comment: 'Routes reach the database through their service or repo, never db/ directly.',
      severity: 'error',
      from: { path: `${SERVER}modules/[^/]+/routes\\.ts$` },
      to: { path: `${SERVER}db/`, pathNot: `${SERVER}db/(client|db-type)\\.ts$`, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-modules-through-services',
      comment: "A module uses another module through its service (or a named helper), never through that module's repo.",
      severity: 'error',
      from: { path: `${SERVER}modules/([^/]+)/`, pathNot: TEST },
      to: { path: `${SERVER}modules/[^/]+/repo\\.ts$`, pathNot: `${SERVER}modules/$1/` },
    },
    // ── H5 app and console ──────────────────────────────────────────────────────────────────────────
    ...clientAppRules('h5', 'H5', 'An H5'),
    ...clientAppRules('console', 'Console', 'A console'),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['development', 'import', 'types', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};

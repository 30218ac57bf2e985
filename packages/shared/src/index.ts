export * from './auth.js';
export * from './bank.js';
// cluster: GET /api/health
export * from './cluster.js';
// operations: console roles and two-factor sign-in
export * from './console-roles.js';
// perpetual contracts (lever/*)
export * from './contracts.js';
// exact decimal strings for the clients: parse, compare, sum, round, format, an amount's checks
export * from './decimal.js';
// decimal text: the amount a user types, plain decimals
export * from './decimal-text.js';
export * from './envelope.js';
export * from './errors.js';
// Field types every request schema shares: ids, texts, dates, amounts, flags
export * from './fields.js';
// the hash-chained index record (docs/index-record.md)
export * from './index-record.js';
export * from './langs.js';
export * from './market.js';
// products (switches): contracts/options on or off
export * from './products.js';
export * from './spot.js';

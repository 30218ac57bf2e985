// @app/shared. `api/`: the API's contract, each module's request and reply schemas as one namespace
// (`walletApi`, …), the envelope and page schemas (`api/reply.ts`), and the reply types the apps name
// on their own (`UserCenter`, `LoginReply`, `SpotOrderEvent`). The rest: field types, error codes,
// languages, console roles, the index record and the decimal text the server and both apps share.

export * as accountSecurityApi from './api/account-security.js';
export * as adminApi from './api/admin.js';
export * as adminConfigApi from './api/admin-config.js';
export * as adminMoneyApi from './api/admin-money.js';
export * as approvalsApi from './api/approvals.js';
export type { LoginReply, UserCenter } from './api/auth.js';
export * as authApi from './api/auth.js';
export * as bankCardsApi from './api/bank-cards.js';
export * as chatApi from './api/chat.js';
export * as contractsApi from './api/contracts.js';
export * as dashboardApi from './api/dashboard.js';
export * as depositsApi from './api/deposits.js';
export * as helpApi from './api/help.js';
export * as identityApi from './api/identity.js';
export * as indexSamplesApi from './api/index-samples.js';
export * as marketApi from './api/market.js';
export * as messagesApi from './api/messages.js';
export * as newsApi from './api/news.js';
export * as operatorsApi from './api/operators.js';
export * as optionsApi from './api/options.js';
export * as productsApi from './api/products.js';
export * as proofApi from './api/proof.js';
export * as referenceApi from './api/reference.js';
export * as referralApi from './api/referral.js';
export * from './api/reply.js';
export type { SpotOrderEvent } from './api/spot.js';
export * as spotApi from './api/spot.js';
export * as subscriptionApi from './api/subscription.js';
export * as uploadsApi from './api/uploads.js';
export * as walletApi from './api/wallet.js';
export * as wealthApi from './api/wealth.js';
export * as withdrawalsApi from './api/withdrawals.js';
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

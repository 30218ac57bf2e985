/** Where the API answers: the app's client and the build's boot script (vite.config.boot.ts). */
export const API_BASE = '/api/';

/**
 * Every route of the spec (section 2), as hash paths. Features navigate through these constants so a
 * route is spelled once.
 */
export const PATHS = {
  root: '/',
  home: '/pages/index/index',
  trade: '/pages/trade/index',
  lever: '/pages/lever/index',
  template: '/pages/template/index',
  assets: '/pages/assets/index',

  language: '/pages/settings/language/language',
  login: '/pages/user/login/login',
  register: '/pages/user/login/register',
  choose: '/pages/user/login/choose',
  forgetPassword: '/pages/user/login/forgetPassword',
  settings: '/pages/settings/index',
  account: '/pages/settings/account/index',
  security: '/pages/settings/security/index',
  changePassword: '/pages/settings/security/changePassword',
  changePayPassword: '/pages/settings/security/changePayPassword',

  notice: '/pages/notice/index',
  noticeDetail: '/pages/index/notice/notice',
  publication: '/pages/publication/index',
  publicationDetails: '/pages/publication/details',
  publicationPurchase: '/pages/publication/purchase',
  kline: '/pages/trade/kline',
  optionDetail: '/pages/option/detail',
  tradeAccount: '/pages/assets/tradeAccount',
  transfer: '/pages/assets/transfer/index',
  transferRecord: '/pages/assets/transfer/record',
  assetsRecord: '/pages/assets/record',
  deposit: '/pages/assets/deposit/index',
  depositCharge: '/pages/assets/deposit/charge',
  withdraw: '/pages/assets/withdraw/index',
  withdrawDetail: '/pages/assets/withdraw/detail',
  withdrawBank: '/pages/assets/withdraw/bank/bank',
  addressList: '/pages/user/address/address',
  addressCreate: '/pages/user/address/create',
  addressIndex: '/pages/user/address/index',
  verification: '/pages/verification/index',
  verificationBasic: '/pages/verification/basic',
  verificationAdvanced: '/pages/verification/advanced',
  finance: '/pages/finance/index',
  financeBuy: '/pages/finance/buyPage',
  financeOrders: '/pages/finance/ordersPage',
  financeRules: '/pages/finance/rulePage',
  promotion: '/pages/promotion/index',
  helpCenter: '/pages/help/center/center',
  helpChat: '/pages/help/center/chat',
  helpDetail: '/pages/help/center/detail',
  bankBind: '/pages/bankbind/index',
  bankAdd: '/pages/bankbind/addbank',
  // operations: beyond the spec's routes
  securityDevices: '/pages/settings/security/devices',
  proof: '/pages/assets/proof',
  // the public, hash-chained index record (day heads per pair)
  indexRecord: '/pages/market/index-record',
  // the left menu's pricing (valuation) method
  valuation: '/pages/my/valuation',
} as const;

export type AppPath = (typeof PATHS)[keyof typeof PATHS];

/** The bottom tab bar, in the spec's order. */
export const TAB_PATHS: readonly string[] = [PATHS.home, PATHS.trade, PATHS.lever, PATHS.template, PATHS.assets];

export function isTabPath(pathname: string): boolean {
  return pathname === PATHS.root || TAB_PATHS.includes(pathname);
}

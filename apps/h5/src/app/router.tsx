import { isValidElement, type ReactNode } from 'react';
import { matchRoutes, Navigate, type RouteObject } from 'react-router';
import { selectLoggedIn, useAuthStore } from '../lib/auth-store';
import { lazyPage } from '../lib/lazy-page';
import { PATHS } from '../lib/paths';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';
import { TabLayout } from './tab-layout';

// Every page is its own chunk: the home route loads only what home needs.
const HomePage = lazyPage(() => import('../features/home/home-page'), 'HomePage');
const LoginPage = lazyPage(() => import('../features/auth/pages/login-page'), 'LoginPage');
const RegisterPage = lazyPage(() => import('../features/auth/pages/register-page'), 'RegisterPage');
const ChoosePage = lazyPage(() => import('../features/auth/pages/choose-page'), 'ChoosePage');
const ForgetPasswordPage = lazyPage(() => import('../features/auth/pages/forget-password-page'), 'ForgetPasswordPage');
const SettingsPage = lazyPage(() => import('../features/settings/pages/settings-page'), 'SettingsPage');
const LanguagePage = lazyPage(() => import('../features/settings/pages/language-page'), 'LanguagePage');
const ValuationPage = lazyPage(() => import('../features/settings/pages/valuation-page'), 'ValuationPage');
const AccountPage = lazyPage(() => import('../features/settings/pages/account-page'), 'AccountPage');
const SecurityPage = lazyPage(() => import('../features/security/pages/security-page'), 'SecurityPage');
const ChangePasswordPage = lazyPage(() => import('../features/security/pages/change-password-page'), 'ChangePasswordPage');
const ChangePayPasswordPage = lazyPage(
  () => import('../features/security/pages/change-pay-password-page'),
  'ChangePayPasswordPage',
);
// Spot trade and its chart: one chunk; the chart page fetches klinecharts itself when it opens.
const spotPages = () => import('../features/spot/pages');
const TradePage = lazyPage(spotPages, 'TradePage');
const KlinePage = lazyPage(spotPages, 'KlinePage');
// perpetual contracts
const LeverPage = lazyPage(() => import('../features/contracts/pages'), 'LeverPage');

// The money pages load one chunk per feature (the assets tab alone): each import site adds its
// preload list to the entry, and the first screen has no room for one per page.
const AssetsPage = lazyPage(() => import('../features/assets/pages/assets-page'), 'AssetsPage');
const assetsPages = () => import('../features/assets/pages/more');
const TradeAccountPage = lazyPage(assetsPages, 'TradeAccountPage');
const TransferPage = lazyPage(assetsPages, 'TransferPage');
const TransferRecordPage = lazyPage(assetsPages, 'TransferRecordPage');
const RecordsPage = lazyPage(assetsPages, 'RecordsPage');
const depositPages = () => import('../features/deposit/pages');
const DepositPage = lazyPage(depositPages, 'DepositPage');
const DepositChargePage = lazyPage(depositPages, 'DepositChargePage');
const withdrawPages = () => import('../features/withdraw/pages');
const WithdrawPage = lazyPage(withdrawPages, 'WithdrawPage');
const WithdrawDetailPage = lazyPage(withdrawPages, 'WithdrawDetailPage');
const WithdrawBankPage = lazyPage(withdrawPages, 'WithdrawBankPage');
const addressPages = () => import('../features/address/pages');
const AddressListPage = lazyPage(addressPages, 'AddressListPage');
const AddressCreatePage = lazyPage(addressPages, 'AddressCreatePage');
const verificationPages = () => import('../features/verification/pages');
const VerificationPage = lazyPage(verificationPages, 'VerificationPage');
const VerificationBasicPage = lazyPage(verificationPages, 'VerificationBasicPage');
const VerificationAdvancedPage = lazyPage(verificationPages, 'VerificationAdvancedPage');
const bankCardPages = () => import('../features/bank-card/pages');
const BankCardPage = lazyPage(bankCardPages, 'BankCardPage');
const BankAddPage = lazyPage(bankCardPages, 'BankAddPage');

// options: time-based options (/pages/option/detail), one chunk.
const OptionPage = lazyPage(() => import('./option-page-with-verify'), 'OptionPageWithVerify');

// new-coin subscription: the list (with my subscriptions), a project and subscribing, one chunk.
const subscriptionPages = () => import('../features/subscription/pages');
const PublicationPage = lazyPage(subscriptionPages, 'PublicationPage');
const PublicationDetailsPage = lazyPage(subscriptionPages, 'PublicationDetailsPage');
const PublicationPurchasePage = lazyPage(subscriptionPages, 'PublicationPurchasePage');

// wealth: the financial products (lock tab, finance index, buy, my hosting, rules), one chunk.
const wealthPages = () => import('../features/wealth/pages');
const FinanceHomePage = lazyPage(wealthPages, 'FinanceHomePage');
const FinanceBuyPage = lazyPage(wealthPages, 'FinanceBuyPage');
const FinanceOrdersPage = lazyPage(wealthPages, 'FinanceOrdersPage');
const FinanceRulePage = lazyPage(wealthPages, 'FinanceRulePage');

// community: the referral programme and the notices (announcements and messages)
const PromotionPage = lazyPage(() => import('../features/promotion/pages'), 'PromotionPage');
const noticePages = () => import('../features/notice/pages');
const NoticePage = lazyPage(noticePages, 'NoticePage');
const NoticeDetailPage = lazyPage(noticePages, 'NoticeDetailPage');
// help centre and support chat: centre, article and chat, one chunk.
const helpPages = () => import('../features/help/pages');
const HelpCenterPage = lazyPage(helpPages, 'HelpCenterPage');
const HelpDetailPage = lazyPage(helpPages, 'HelpDetailPage');
const HelpChatPage = lazyPage(helpPages, 'HelpChatPage');

// operations: devices and sign-ins, proof of liabilities
const AccountSecurityPage = lazyPage(
  () => import('../features/account-security/pages/account-security-page'),
  'AccountSecurityPage',
);
const ProofPage = lazyPage(() => import('../features/proof/pages/proof-page'), 'ProofPage');
// the public index record: day heads per pair, checked in the browser
const IndexRecordPage = lazyPage(() => import('../features/index-record/pages'), 'IndexRecordPage');

const guarded = (element: ReactNode, backtype: 1 | 2 = 1) => <RequireAuth backtype={backtype}>{element}</RequireAuth>;

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <TabLayout />,
        children: [
          { path: PATHS.root, element: <HomePage /> },
          { path: PATHS.home, element: <HomePage /> },
          { path: PATHS.trade, element: guarded(<TradePage />, 2) },
          // perpetual contracts: the contract tab
          { path: PATHS.lever, element: guarded(<LeverPage />, 2) },
          { path: PATHS.assets, element: guarded(<AssetsPage />, 2) },
          // wealth: the lock tab
          { path: PATHS.template, element: guarded(<FinanceHomePage key="tab" tab />, 2) },
        ],
      },
      { path: PATHS.login, element: <LoginPage /> },
      { path: PATHS.register, element: <RegisterPage /> },
      { path: PATHS.choose, element: <ChoosePage /> },
      { path: PATHS.forgetPassword, element: <ForgetPasswordPage /> },
      { path: PATHS.language, element: <LanguagePage /> },
      { path: PATHS.settings, element: <SettingsPage /> },
      // A device preference like the language: no account needed.
      { path: PATHS.valuation, element: <ValuationPage /> },
      { path: PATHS.account, element: guarded(<AccountPage />) },
      { path: PATHS.security, element: guarded(<SecurityPage />) },
      { path: PATHS.changePassword, element: guarded(<ChangePasswordPage />) },
      { path: PATHS.changePayPassword, element: guarded(<ChangePayPasswordPage />) },
      // operations
      { path: PATHS.securityDevices, element: guarded(<AccountSecurityPage />) },
      { path: PATHS.proof, element: guarded(<ProofPage />) },
      // Public like every price: no account needed to check the record.
      { path: PATHS.indexRecord, element: <IndexRecordPage /> },
      { path: PATHS.tradeAccount, element: guarded(<TradeAccountPage />) },
      { path: PATHS.transfer, element: guarded(<TransferPage />) },
      { path: PATHS.transferRecord, element: guarded(<TransferRecordPage />) },
      { path: PATHS.assetsRecord, element: guarded(<RecordsPage />) },
      { path: PATHS.deposit, element: guarded(<DepositPage />) },
      { path: PATHS.depositCharge, element: guarded(<DepositChargePage />) },
      { path: PATHS.withdraw, element: guarded(<WithdrawPage />) },
      { path: PATHS.withdrawDetail, element: guarded(<WithdrawDetailPage />) },
      { path: PATHS.withdrawBank, element: guarded(<WithdrawBankPage />) },
      // The spec names three address-book routes; "address" and "index" are the same list.
      { path: PATHS.addressList, element: guarded(<AddressListPage />) },
      { path: PATHS.addressIndex, element: guarded(<AddressListPage />) },
      { path: PATHS.addressCreate, element: guarded(<AddressCreatePage />) },
      { path: PATHS.verification, element: guarded(<VerificationPage />) },
      { path: PATHS.verificationBasic, element: guarded(<VerificationBasicPage />) },
      { path: PATHS.verificationAdvanced, element: guarded(<VerificationAdvancedPage />) },
      { path: PATHS.bankBind, element: guarded(<BankCardPage />) },
      { path: PATHS.bankAdd, element: guarded(<BankAddPage />) },
      // community
      { path: PATHS.promotion, element: guarded(<PromotionPage />) },
      { path: PATHS.notice, element: guarded(<NoticePage />) },
      // An announcement can be read without an account (home's ticker shows them to everyone).
      { path: PATHS.noticeDetail, element: <NoticeDetailPage /> },
      { path: PATHS.kline, element: guarded(<KlinePage />) },
      // new-coin subscription
      { path: PATHS.publication, element: guarded(<PublicationPage />) },
      { path: PATHS.publicationDetails, element: guarded(<PublicationDetailsPage />) },
      { path: PATHS.publicationPurchase, element: guarded(<PublicationPurchasePage />) },
      // wealth: financial products
      { path: PATHS.finance, element: guarded(<FinanceHomePage key="page" />) },
      { path: PATHS.financeBuy, element: guarded(<FinanceBuyPage />) },
      { path: PATHS.financeOrders, element: guarded(<FinanceOrdersPage />) },
      { path: PATHS.financeRules, element: guarded(<FinanceRulePage />) },
      // options: time-based options
      { path: PATHS.optionDetail, element: guarded(<OptionPage />) },
      // help centre and support chat
      { path: PATHS.helpCenter, element: guarded(<HelpCenterPage />) },
      { path: PATHS.helpDetail, element: guarded(<HelpDetailPage />) },
      { path: PATHS.helpChat, element: guarded(<HelpChatPage />) },
      // An unknown hash (an old bookmark) lands on home rather than on a blank screen.
      { path: '*', element: <Navigate to={PATHS.home} replace /> },
    ],
  },
];

/** The lazy pages inside a route's element (a guarded page sits inside <RequireAuth>). */
function lazyPagesOf(node: ReactNode, loggedIn: boolean, into: (() => Promise<void>)[] = []) {
  if (!isValidElement<{ children?: ReactNode }>(node)) return into;
  const preload = (node.type as { preload?: () => Promise<void> }).preload;
  if (typeof preload === 'function') into.push(preload);
  // Without a session a guarded page is never shown: the guard sends the visitor to login.
  else if (node.type !== RequireAuth || loggedIn) lazyPagesOf(node.props.children, loggedIn, into);
  return into;
}

/**
 * Fetches the chunk of the page a hash opens (`#/pages/trade/kline?symbol=…`), so the first render
 * can show it straight away. Resolves when it is loaded; a failure is left to the page's own loader.
 */
export function preloadRoute(hash: string): Promise<void> {
  const pathname = hash.replace(/^#/, '').split('?')[0] || '/';
  const loggedIn = selectLoggedIn(useAuthStore.getState());
  const preloads = (matchRoutes(routes, pathname) ?? []).flatMap((m) => lazyPagesOf(m.route.element, loggedIn));
  return Promise.all(preloads.map((preload) => preload())).then(
    () => undefined,
    () => undefined,
  );
}

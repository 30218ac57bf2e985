import { createHashRouter, Navigate } from 'react-router';
import { ApprovalsPage } from '../features/approvals/components/approvals-page';
import { AuditPage } from '../features/audit/components/audit-page';
import { LoginPage } from '../features/auth/components/login-page';
// help centre and support chat: chat desk, feedback inbox, FAQ editor
import { ChatDeskPage } from '../features/chat/components/chat-desk-page';
import { ChatGreetingPage } from '../features/chat/components/chat-greeting-page';
// operations: runtime configuration
import { ConfigPage } from '../features/config/components/config-page';
// contracts + product switches
import { ContractsPage } from '../features/contracts/components/contracts-page';
import { ProductsPage } from '../features/contracts/components/products-page';
import { DepositsPage } from '../features/deposits/components/deposits-page';
import { FaqPage } from '../features/help/components/faq-page';
import { FeedbackPage } from '../features/help/components/feedback-page';
import { HomePage } from '../features/home/components/home-page';
import { IdentityPage } from '../features/identity/components/identity-page';
import { LedgerCheckPage } from '../features/ledger-check/components/ledger-check-page';
// community: announcements and referral settings
import { NewsPage } from '../features/news/components/news-page';
// operations
import { OperatorsPage } from '../features/operators/components/operators-page';
import { SecurityPage } from '../features/operators/components/security-page';
// options: delivery times and orders
import { OptionsPage } from '../features/options/components/options-page';
import { OutboxPage } from '../features/outbox/components/outbox-page';
import { ProofPage } from '../features/proof/components/proof-page';
import { ReferralPage } from '../features/referral/components/referral-page';
import { SettingsPage } from '../features/settings/components/settings-page';
// new-coin subscription
import { SubscriptionPage } from '../features/subscription/components/subscription-page';
import { UserPage } from '../features/users/components/user-page';
import { UsersPage } from '../features/users/components/users-page';
// wealth: financial products
import { WealthPage } from '../features/wealth/components/wealth-page';
import { WithdrawalsPage } from '../features/withdrawals/components/withdrawals-page';
import { AdminLayout } from './admin-layout';
import { RequireAuth } from './require-auth';
import { RouteError } from './route-error';

/**
 * Hash routes: the server only has to serve /admin/index.html; every console URL stays client-side,
 * so no server fallback rule is needed for deep links.
 */
export const router = createHashRouter([
  { path: '/login', element: <LoginPage />, errorElement: <RouteError /> },
  {
    element: <RequireAuth />,
    errorElement: <RouteError />,
    children: [
      {
        element: <AdminLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'deposits', element: <DepositsPage /> },
          { path: 'withdrawals', element: <WithdrawalsPage /> },
          // four eyes on money moves
          { path: 'approvals', element: <ApprovalsPage /> },
          { path: 'identity', element: <IdentityPage /> },
          { path: 'users', element: <UsersPage /> },
          { path: 'users/:id', element: <UserPage /> },
          { path: 'settings', element: <SettingsPage /> },
          { path: 'audit', element: <AuditPage /> },
          { path: 'ledger', element: <LedgerCheckPage /> },
          { path: 'outbox', element: <OutboxPage /> },
          // operations
          { path: 'operators', element: <OperatorsPage /> },
          { path: 'security', element: <SecurityPage /> },
          { path: 'proof', element: <ProofPage /> },
          // operations: runtime configuration
          { path: 'config', element: <ConfigPage /> },
          // wealth: financial products
          { path: 'wealth', element: <WealthPage /> },
          // contracts + product switches
          { path: 'products', element: <ProductsPage /> },
          { path: 'contracts', element: <ContractsPage /> },
          // options: delivery times and orders
          { path: 'options', element: <OptionsPage /> },
          // new-coin subscription
          { path: 'subscription', element: <SubscriptionPage /> },
          // community
          { path: 'news', element: <NewsPage /> },
          { path: 'referral', element: <ReferralPage /> },
          // help centre and support chat
          { path: 'chat', element: <ChatDeskPage /> },
          { path: 'chat/greeting', element: <ChatGreetingPage /> },
          { path: 'feedback', element: <FeedbackPage /> },
          { path: 'help', element: <FaqPage /> },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
]);

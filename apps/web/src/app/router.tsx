import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { LoginPage } from '../features/auth/components/login-page.tsx';
import { ResetPasswordPage } from '../features/auth/components/reset-password-page.tsx';
import { SignupPage } from '../features/auth/components/signup-page.tsx';
import { LandingPage } from '../features/landing/components/landing-page.tsx';
import { PrivacyPage } from '../features/legal/components/privacy-page.tsx';
import { TermsPage } from '../features/legal/components/terms-page.tsx';
import { AddShopChooseStep } from '../features/shops/components/add-shop-choose-step.tsx';
import { AddShopCompleteStep } from '../features/shops/components/add-shop-complete-step.tsx';
import { AddShopPage } from '../features/shops/components/add-shop-page.tsx';
import { AddShopPendingStep } from '../features/shops/components/add-shop-pending-step.tsx';
import { AddShopRegistrationStep } from '../features/shops/components/add-shop-registration-step.tsx';
import { ShopDetailPage } from '../features/shops/components/shop-detail-page.tsx';
import { ShopsPage } from '../features/shops/components/shops-page.tsx';
import { lazyPage } from './lazy-page.tsx';
import { RootLayout } from './root-layout.tsx';
import { DashboardLayout } from './shell/dashboard-layout.tsx';

// The public pages and the shops come with the first bundle; the other dashboard features load on demand.
const ChatPage = lazyPage(() => import('../features/inbox/components/chat-page.tsx').then((m) => m.ChatPage));
const ConversationList = lazyPage(() =>
  import('../features/inbox/components/conversation-list.tsx').then((m) => m.ConversationList),
);
const InsightsPage = lazyPage(() =>
  import('../features/insights/components/insights-page.tsx').then((m) => m.InsightsPage),
);
const KnowledgePage = lazyPage(() =>
  import('../features/knowledge/components/knowledge-page.tsx').then((m) => m.KnowledgePage),
);
const BuildChatbotPage = lazyPage(() =>
  import('../features/onboarding/build-chatbot-page.tsx').then((m) => m.BuildChatbotPage),
);
const SkipPage = lazyPage(() =>
  import('../features/onboarding/build-chatbot-page.tsx').then((m) => m.SkipPage),
);
const SimulatorPage = lazyPage(() =>
  import('../features/simulator/components/simulator-page.tsx').then((m) => m.SimulatorPage),
);
const TestResultsPage = lazyPage(() =>
  import('../features/simulator/components/test-results-page.tsx').then((m) => m.TestResultsPage),
);
const TopicPage = lazyPage(() =>
  import('../features/training/components/topic-page.tsx').then((m) => m.TopicPage),
);
const TrainPage = lazyPage(() =>
  import('../features/training/components/train-page.tsx').then((m) => m.TrainPage),
);
const VouchersPage = lazyPage(() =>
  import('../features/vouchers/components/vouchers-page.tsx').then((m) => m.VouchersPage),
);

/** The add-shop wizard's steps (spec §2): choose, register (one child per provider), authorize. */
const addShopSteps: RouteObject[] = [
  { index: true, element: <AddShopChooseStep /> },
  { path: 'shopee', element: <AddShopRegistrationStep key="shopee" provider="shopee" /> },
  { path: 'lazada', element: <AddShopRegistrationStep key="lazada" provider="lazada" /> },
  { path: 'website', element: <AddShopRegistrationStep key="website" provider="website" /> },
  { path: 'pending', element: <AddShopPendingStep /> },
  { path: 'complete', element: <AddShopCompleteStep /> },
];

const dashboard: RouteObject[] = [
  { index: true, element: <Navigate to="/dashboard/shops" replace /> },
  { path: 'shops', element: <ShopsPage /> },
  {
    path: 'shops/shopee/:id',
    element: <ShopDetailPage conversations={(shop) => <ConversationList shop={shop} />} />,
  },
  { path: 'addshop', element: <AddShopPage />, children: addShopSteps },
  { path: 'shops/knowledge', element: <TrainPage /> },
  { path: 'shops/train', element: <TrainPage /> },
  { path: 'topic/:id', element: <TopicPage /> },
  { path: 'knowledge', element: <KnowledgePage /> },
  { path: 'train', element: <BuildChatbotPage /> },
  { path: 'skip', element: <SkipPage /> },
  { path: 'test/:provider', element: <SimulatorPage /> },
  { path: 'vouchers/:shopId', element: <VouchersPage /> },
];

export const routes: RouteObject[] = [
  { path: '/', element: <LandingPage /> },
  { path: '/login', element: <LoginPage /> },
  { path: '/signup', element: <SignupPage /> },
  { path: '/reset-password/:token', element: <ResetPasswordPage /> },
  { path: '/terms', element: <TermsPage /> },
  { path: '/privacy', element: <PrivacyPage /> },
  { path: '/dashboard', element: <DashboardLayout />, children: dashboard },
  { path: '/insights', element: <DashboardLayout />, children: [{ index: true, element: <InsightsPage /> }] },
  { path: '/test', element: <TestResultsPage /> },
  { path: '/chat/shopee/:shopId/:chatId', element: <ChatPage /> },
  { path: '/chat/lazada/:shopId/:chatId', element: <ChatPage /> },
  { path: '*', element: <NotFoundPage /> },
];

export const router = createBrowserRouter([{ element: <RootLayout />, children: routes }]);

import { createBrowserRouter, Navigate } from 'react-router';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { LoginPage } from '../features/auth/components/login-page.tsx';
import { ResetPasswordPage } from '../features/auth/components/reset-password-page.tsx';
import { SignupPage } from '../features/auth/components/signup-page.tsx';
import { ChatPage } from '../features/inbox/components/chat-page.tsx';
import { ConversationList } from '../features/inbox/components/conversation-list.tsx';
import { KnowledgePage } from '../features/knowledge/components/knowledge-page.tsx';
import { LandingPage } from '../features/landing/landing-page.tsx';
import { PrivacyPage } from '../features/legal/privacy-page.tsx';
import { TermsPage } from '../features/legal/terms-page.tsx';
import { BuildChatbotPage, SkipPage } from '../features/onboarding/build-chatbot-page.tsx';
import { AddShopWizard } from '../features/shops/components/add-shop-wizard.tsx';
import { ShopDetailPage } from '../features/shops/components/shop-detail-page.tsx';
import { ShopsPage } from '../features/shops/components/shops-page.tsx';
import { SimulatorPage } from '../features/simulator/components/simulator-page.tsx';
import { TestResultsPage } from '../features/simulator/components/test-results-page.tsx';
import { TopicPage } from '../features/training/components/topic-page.tsx';
import { TrainPage } from '../features/training/components/train-page.tsx';
import { VouchersPage } from '../features/vouchers/components/vouchers-page.tsx';
import { DashboardLayout } from './shell/dashboard-layout.tsx';

export const router = createBrowserRouter([
  { path: '/', element: <LandingPage /> },
  { path: '/login', element: <LoginPage /> },
  { path: '/signup', element: <SignupPage /> },
  { path: '/reset-password/:token', element: <ResetPasswordPage /> },
  { path: '/terms', element: <TermsPage /> },
  { path: '/privacy', element: <PrivacyPage /> },
  {
    path: '/dashboard',
    element: <DashboardLayout />,
    children: [
      { index: true, element: <Navigate to="/dashboard/shops" replace /> },
      { path: 'shops', element: <ShopsPage /> },
      {
        path: 'shops/shopee/:id',
        element: <ShopDetailPage conversations={(shop) => <ConversationList shop={shop} />} />,
      },
      { path: 'shops/knowledge', element: <TrainPage /> },
      { path: 'shops/train', element: <TrainPage /> },
      { path: 'topic/:id', element: <TopicPage /> },
      { path: 'knowledge', element: <KnowledgePage /> },
      { path: 'train', element: <BuildChatbotPage /> },
      { path: 'skip', element: <SkipPage /> },
      { path: 'test/:provider', element: <SimulatorPage /> },
      { path: 'vouchers/:shopId', element: <VouchersPage /> },
      { path: 'addshop', element: <AddShopWizard /> },
      { path: 'addshop/:step', element: <AddShopWizard /> },
    ],
  },
  { path: '/test', element: <TestResultsPage /> },
  { path: '/chat/shopee/:shopId/:chatId', element: <ChatPage /> },
  { path: '/chat/lazada/:shopId/:chatId', element: <ChatPage /> },
  { path: '*', element: <NotFoundPage /> },
]);

import { pageOf, providers } from '@balas/contracts';
import { createBrowserRouter, Navigate, type RouteObject, useLocation } from 'react-router';
import { loadMuiScope } from '../components/mui-scope/lazy-mui.ts';
import { useShops } from '../features/shops/api/get-shops.ts';
import { prefetchShop, prefetchShops } from '../features/shops/api/prefetch.ts';
import { LeaveTo } from '../lib/leave.tsx';
import type { RouteHandle } from '../lib/page-title.ts';
import { loadBeforeFirstRender } from './first-render.ts';
import { lazyPage } from './lazy-page.tsx';
import { RootLayout } from './root-layout.tsx';
import { DashboardLayout } from './shell/dashboard-layout.tsx';

// Every feature is its own chunk, loaded the first time one of its pages is shown: the first load is
// the shell (layout, top bar, sidebar) and the page at hand. A new page is one line here and, if it
// belongs in the sidebar, one entry in ./shell/sidebar-links.tsx.
const NotFoundPage = lazyPage(() => import('../components/not-found-page.tsx').then((m) => m.NotFoundPage));
const AccountPage = lazyPage(() =>
  import('../features/account/components/account-page.tsx').then((m) => m.AccountPage),
);
const ShopsPage = lazyPage(() =>
  import('../features/shops/components/shops-page.tsx').then((m) => m.ShopsPage),
);
const ShopDetailPage = lazyPage(() =>
  import('../features/shops/components/shop-detail-page.tsx').then((m) => m.ShopDetailPage),
);
const AddShopPage = lazyPage(() =>
  import('../features/shops/components/add-shop-page.tsx').then((m) => m.AddShopPage),
);
const AddShopChooseStep = lazyPage(() =>
  import('../features/shops/components/add-shop-choose-step.tsx').then((m) => m.AddShopChooseStep),
);
const AddShopRegistrationStep = lazyPage(() =>
  import('../features/shops/components/add-shop-registration-step.tsx').then(
    (m) => m.AddShopRegistrationStep,
  ),
);
const AddShopPendingStep = lazyPage(() =>
  import('../features/shops/components/add-shop-pending-step.tsx').then((m) => m.AddShopPendingStep),
);
const AddShopCompleteStep = lazyPage(() =>
  import('../features/shops/components/add-shop-complete-step.tsx').then((m) => m.AddShopCompleteStep),
);
const ConversationList = lazyPage(() =>
  import('../features/inbox/components/conversation-list.tsx').then((m) => m.ConversationList),
);
const ChatPage = lazyPage(() => import('../features/inbox/components/chat-page.tsx').then((m) => m.ChatPage));
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

const title = (text: string): RouteHandle => ({ title: text });

/** The add-shop wizard's steps (spec §2): choose, register (one child per provider), authorize. */
const addShopSteps: RouteObject[] = [
  { index: true, element: <AddShopChooseStep /> },
  ...providers.map((provider) => ({
    path: provider,
    element: <AddShopRegistrationStep key={provider} provider={provider} />,
  })),
  { path: 'pending', element: <AddShopPendingStep /> },
  { path: 'complete', element: <AddShopCompleteStep /> },
];

/** /dashboard, where sign-in lands: the Inbox once a shop is connected, else the shops to add one. */
function Landing() {
  const shops = useShops();
  if (shops.isPending) return null;
  const connected = shops.data?.some((s) => s.status !== 'pending');
  return <Navigate to={connected ? '/inbox' : '/dashboard/shops'} replace />;
}

const dashboard: RouteObject[] = [
  { index: true, element: <Landing /> },
  {
    path: 'shops',
    element: <ShopsPage />,
    handle: title('Shops'),
    loader: () => {
      prefetchShops();
      return null;
    },
  },
  {
    path: 'shops/:platform/:id',
    element: <ShopDetailPage conversations={(shop) => <ConversationList shop={shop} />} />,
    handle: title('Shop'),
    loader: ({ params }) => {
      if (params.id) prefetchShop(params.id);
      return null;
    },
  },
  { path: 'addshop', element: <AddShopPage />, children: addShopSteps, handle: title('Add Shop') },
  { path: 'shops/knowledge', element: <TrainPage />, handle: title('Train Chatbot') },
  { path: 'shops/train', element: <TrainPage />, handle: title('Train Chatbot') },
  { path: 'topic/:id', element: <TopicPage />, handle: title('Topic') },
  { path: 'knowledge', element: <KnowledgePage />, handle: title('Manage Knowledge') },
  { path: 'train', element: <BuildChatbotPage />, handle: title('Build My Chatbot') },
  { path: 'skip', element: <SkipPage />, handle: title('Train later') },
  { path: 'test/:provider', element: <SimulatorPage />, handle: title('Simulator') },
  { path: 'vouchers/:shopId', element: <VouchersPage />, handle: title('Vouchers') },
  { path: 'account', element: <AccountPage />, handle: title('Account') },
  { path: '*', element: <NotFoundPage />, handle: title('Page not found') },
];

/** An address outside the dashboard: a page of the public site (a full load), or nothing at all. */
function ElsewherePage() {
  const { pathname, search } = useLocation();
  const target = pageOf(pathname);
  if (target.app === 'site' && target.page !== 'not-found') return <LeaveTo path={`${pathname}${search}`} />;
  return <NotFoundPage />;
}

export const routes: RouteObject[] = [
  { path: '/dashboard', element: <DashboardLayout />, children: dashboard },
  // The pages the dashboard opens on: their code (lazy) and, on the first load, their data (the loader)
  // before React draws them, so the shell and the page are drawn once (./first-render.ts).
  {
    path: '/inbox',
    element: <DashboardLayout />,
    children: [
      {
        index: true,
        lazy: () =>
          import('../features/inbox/components/inbox-page/inbox-page.tsx').then((m) => ({
            Component: m.InboxPage,
          })),
        loader: loadBeforeFirstRender((url) =>
          import('../features/inbox/api/prefetch.ts').then((m) => m.prefetchInbox(url)),
        ),
      },
    ],
    handle: title('Inbox'),
  },
  {
    path: '/insights',
    element: <DashboardLayout />,
    children: [
      {
        index: true,
        // Drawn with MUI: its theme comes with it.
        lazy: () =>
          Promise.all([import('../features/insights/components/insights-page.tsx'), loadMuiScope()]).then(
            ([page, { inMuiScope }]) => ({ Component: inMuiScope(page.InsightsPage) }),
          ),
        loader: loadBeforeFirstRender((url) =>
          import('../features/insights/api/prefetch.ts').then((m) => m.prefetchInsights(url)),
        ),
      },
    ],
    handle: title('Insights'),
  },
  { path: '/test', element: <TestResultsPage />, handle: title('Test results') },
  { path: '/chat/shopee/:shopId/:chatId', element: <ChatPage />, handle: title('Chat') },
  { path: '/chat/lazada/:shopId/:chatId', element: <ChatPage />, handle: title('Chat') },
  { path: '*', element: <ElsewherePage />, handle: title('Page not found') },
];

/** The dashboard's router; creating it starts the first page's lazy code and its loaders' data. */
export function createDashboardRouter() {
  return createBrowserRouter([{ element: <RootLayout />, children: routes }]);
}

export type DashboardRouter = ReturnType<typeof createDashboardRouter>;

import { Navigate, type RouteObject } from 'react-router-dom';
import { RequireAuth } from './require-auth';
import { CALLBACK_PATH } from '../auth/session';
import { AuthScope } from './auth-scope';
import { lazyPage } from './lazy-page';

// The table is read by bench/bundle.ts: one `lazyPage(() => import('…'), …)` per constant, on one line.
// Frames. The session (small; the OIDC client itself loads on use) belongs to the portal, not to the public
// player; server state and the snackbar to the screens that call the API, not to the login page.
const DataScope = lazyPage(
  () => import('./data-scope'),
  (m) => m.DataScope,
);
const AppLayout = lazyPage(
  () => import('./app-layout'),
  (m) => m.AppLayout,
);
const RequireOption = lazyPage(
  () => import('../access/require-option'),
  (m) => m.RequireOption,
);

// Screens.
const LoginCallback = lazyPage(
  () => import('../features/auth/login-callback'),
  (m) => m.LoginCallback,
);
const LoginPage = lazyPage(
  () => import('../features/auth/login-page'),
  (m) => m.LoginPage,
);
const ShootingsPage = lazyPage(
  () => import('../features/shootings/shootings-page'),
  (m) => m.ShootingsPage,
);
const ShootingCreatePage = lazyPage(
  () => import('../features/shooting-create/shooting-create-page'),
  (m) => m.ShootingCreatePage,
);
const ShootingDetailPage = lazyPage(
  () => import('../features/shooting-detail/shooting-detail-page'),
  (m) => m.ShootingDetailPage,
);
const VehiclePage = lazyPage(
  () => import('../features/vehicle/vehicle-page'),
  (m) => m.VehiclePage,
);
const AdminVideosPage = lazyPage(
  () => import('../features/admin-videos/admin-videos-page'),
  (m) => m.AdminVideosPage,
);
const StatisticsPage = lazyPage(
  () => import('../features/statistics/statistics-page'),
  (m) => m.StatisticsPage,
);
const AccountPage = lazyPage(
  () => import('../features/account/account-page'),
  (m) => m.AccountPage,
);
const SettingsPage = lazyPage(
  () => import('../features/settings/settings-page'),
  (m) => m.SettingsPage,
);
const UsersPage = lazyPage(
  () => import('../features/users/users-page'),
  (m) => m.UsersPage,
);
const IntegrationsPage = lazyPage(
  () => import('../features/integrations/integrations-page'),
  (m) => m.IntegrationsPage,
);
const InvitationPage = lazyPage(
  () => import('../features/users/invitation-page'),
  (m) => m.InvitationPage,
);
const OutboxPage = lazyPage(
  () => import('../features/sharing/outbox-page'),
  (m) => m.OutboxPage,
);
const RoomsPage = lazyPage(
  () => import('../features/live/rooms-page'),
  (m) => m.RoomsPage,
);
const RoomPage = lazyPage(
  () => import('../features/live/room-page'),
  (m) => m.RoomPage,
);
const SetupPage = lazyPage(
  () => import('../features/setup/setup-page'),
  (m) => m.SetupPage,
);
const AuditPage = lazyPage(
  () => import('../features/audit/audit-page'),
  (m) => m.AuditPage,
);
const NotFoundPage = lazyPage(
  () => import('../features/not-found/not-found-page'),
  (m) => m.NotFoundPage,
);
const LegalNoticePage = lazyPage(
  () => import('../features/legal/legal-page'),
  (m) => m.LegalNoticePage,
);
const TermsOfServicePage = lazyPage(
  () => import('../features/legal/legal-page'),
  (m) => m.TermsOfServicePage,
);
const PrivacyPolicyPage = lazyPage(
  () => import('../features/legal/legal-page'),
  (m) => m.PrivacyPolicyPage,
);

const DETAIL_PATH = '/owners/:ownerId/products/:productId/shootings/:shootingId';

/**
 * The route table of spec section 2. Features add their routes here; every screen is lazy. The public
 * player (/public/player/{reference}) is not among them: it is a page of its own (player.html,
 * src/player-main.tsx), outside the portal's frame, which the server serves for that path.
 */
export const routes: RouteObject[] = [
  {
    element: <AuthScope />,
    children: [
      { path: CALLBACK_PATH, element: <LoginCallback /> },
      // No header or footer on the login page.
      { path: '/login', element: <LoginPage /> },
      // The first run (public; the server answers 404 once a provider administrator exists).
      { path: '/setup', element: <SetupPage /> },
      {
        element: <DataScope />,
        children: [
          {
            // The frame: header with the drawer, content, footer.
            element: <AppLayout />,
            children: [
              {
                element: <RequireAuth />,
                children: [
                  { path: '/', element: <Navigate to="/shootings" replace /> },
                  { path: '/shootings', element: <ShootingsPage /> },
                  { path: '/shootings/create', element: <ShootingCreatePage /> },
                  ...['', '/inspect', '/video', '/inspection-repair-order'].map((suffix) => ({
                    path: `${DETAIL_PATH}${suffix}`,
                    element: <ShootingDetailPage />,
                  })),
                  // One page per vehicle: a registration's shootings, inspections, player links and meetings.
                  { path: '/vehicles/:registration', element: <VehiclePage /> },
                  // Option-guarded screens (spec section 2): without the option the user goes to /. The live and
                  // admin-video features add their pages as index children.
                  {
                    path: '/videos/live/rooms',
                    element: <RequireOption option="useVideoLive" />,
                    children: [{ index: true, element: <RoomsPage /> }],
                  },
                  {
                    path: '/adminvideos',
                    element: <RequireOption option="useAdminVideo" />,
                    children: [{ index: true, element: <AdminVideosPage /> }],
                  },
                  { path: '/notifications/outbox', element: <OutboxPage /> },
                  { path: '/statistics', element: <StatisticsPage /> },
                  { path: '/audit', element: <AuditPage /> },
                  // Non-legacy accounts only (spec section 2): the page sends others to /.
                  { path: '/account', element: <AccountPage /> },
                  // Provider administrators and customer success (spec section 2): the page sends others to /.
                  { path: '/settings', element: <SettingsPage /> },
                  { path: '/settings/:section', element: <SettingsPage /> },
                  // Role manage-users on a non-legacy account (spec section 2): the page sends others to /.
                  { path: '/users', element: <UsersPage /> },
                  // The group's own API keys and webhooks, for the same managers (decision 0076).
                  { path: '/integrations', element: <IntegrationsPage /> },
                  { path: '/integrations/:section', element: <IntegrationsPage /> },
                ],
              },
              // The live call page is public: visitors join by the link's meeting code.
              { path: '/videos/live/rooms/:idLiveVideo', element: <RoomPage /> },
              // Public: an invitee chooses a password from the link of their invitation e-mail.
              { path: '/invitation/:token', element: <InvitationPage /> },
              { path: '/404', element: <NotFoundPage /> },
              { path: '/legal-notice', element: <LegalNoticePage /> },
              { path: '/terms-of-service', element: <TermsOfServicePage /> },
              { path: '/privacy-policy', element: <PrivacyPolicyPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

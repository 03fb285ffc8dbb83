import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Spinner } from '../components/spinner.tsx';
import { AccountNav } from './account-nav.tsx';
import { RequireSession } from './require-session.tsx';

// Each screen is its own chunk: a visit downloads only the screen it opens.
const OverviewScreen = lazy(() => import('./overview/overview-screen.tsx'));
const DetailsScreen = lazy(() => import('./details/details-screen.tsx'));
const BillingScreen = lazy(() => import('./billing/billing-screen.tsx'));
const FinancialDetailsScreen = lazy(() => import('./financial/financial-details-screen.tsx'));
const PointsScreen = lazy(() => import('./points/points-screen.tsx'));
const CredScreen = lazy(() => import('./points/cred-screen.tsx'));
const CouponsScreen = lazy(() => import('./coupons/coupons-screen.tsx'));
const OrdersScreen = lazy(() => import('./orders/orders-screen.tsx'));
const OrderDetailScreen = lazy(() => import('./orders/order-detail-screen.tsx'));
const ResponsibleGamingScreen = lazy(() => import('./responsible/responsible-gaming-screen.tsx'));

function NotFoundScreen() {
  return (
    <div className="acc-card">
      <h1 className="acc-page__title">My account</h1>
      <p>That page of your account does not exist.</p>
    </div>
  );
}

/** `/account/*`: the signed-in layout (menu + screen) with the spec's child routes. */
export function AccountArea() {
  return (
    <RequireSession>
      <div className="acc-layout">
        <AccountNav />
        <div className="acc-layout__main">
          <Suspense fallback={<Spinner />}>
            <Routes>
              <Route index element={<OverviewScreen />} />
              <Route path="responsible/gaming" element={<ResponsibleGamingScreen />} />
              <Route path="points" element={<PointsScreen />} />
              <Route path="cred" element={<CredScreen />} />
              <Route path="coupons" element={<CouponsScreen />} />
              <Route path="details" element={<DetailsScreen />} />
              <Route path="financial-details" element={<FinancialDetailsScreen />} />
              <Route path="billing" element={<BillingScreen />} />
              <Route path="recent/orders" element={<OrdersScreen />} />
              <Route path="recent/orders/order-detail/:orderId" element={<OrderDetailScreen />} />
              <Route path="*" element={<NotFoundScreen />} />
            </Routes>
          </Suspense>
        </div>
      </div>
    </RequireSession>
  );
}

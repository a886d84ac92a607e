/**
 * Every screen of the console, each its own chunk loaded when first opened (issue 16). The analytics and
 * experiments screens live in their own folders (analytics/analytics-screen.tsx,
 * experiments/experiments-screen.tsx), each exporting its screen as default.
 */
import { lazy } from 'react';

export const LeadsScreen = lazy(() => import('../leads/leads-screen'));
export const LeadScreen = lazy(() => import('../leads/lead-screen'));
export const DeliveriesScreen = lazy(() => import('../deliveries/deliveries-screen'));
export const QuarantineScreen = lazy(() => import('../quarantine/quarantine-screen'));
export const PrivacyScreen = lazy(() => import('../privacy/privacy-screen'));
export const AnalyticsScreen = lazy(() => import('../analytics/analytics-screen'));
export const ExperimentsScreen = lazy(() => import('../experiments/experiments-screen'));
export const AuctionScreen = lazy(() => import('../auction/auction-screen'));

/** The navigation, in order: path under /console and label. */
export const CONSOLE_NAV = [
  { path: '/leads', label: 'Leads' },
  { path: '/deliveries', label: 'Deliveries' },
  { path: '/quarantine', label: 'Quarantine' },
  { path: '/privacy', label: 'Privacy requests' },
  { path: '/analytics', label: 'Analytics' },
  { path: '/experiments', label: 'Experiments' },
  { path: '/auction', label: 'Auction' },
] as const;

/** The screen of the current address under /console. */
import { useEffect } from 'react';
import { ConsoleLink } from './console-link';
import { navigate, useConsoleLocation } from './console-router';
import {
  AnalyticsScreen,
  AuctionScreen,
  DeliveriesScreen,
  ExperimentsScreen,
  LeadScreen,
  LeadsScreen,
  PrivacyScreen,
  QuarantineScreen,
} from './console-screens';

function Home() {
  // The console opens on the leads.
  useEffect(() => navigate('/leads', { replace: true }), []);
  return null;
}

export function ConsoleRoutes() {
  const { path, search } = useConsoleLocation();
  if (path === '/') return <Home />;
  if (path === '/leads') return <LeadsScreen search={search} />;
  const lead = /^\/leads\/([^/]+)$/.exec(path);
  if (lead?.[1]) return <LeadScreen id={decodeURIComponent(lead[1])} />;
  if (path === '/deliveries') return <DeliveriesScreen />;
  if (path === '/quarantine') return <QuarantineScreen />;
  if (path === '/privacy') return <PrivacyScreen />;
  if (path === '/analytics') return <AnalyticsScreen />;
  if (path === '/experiments') return <ExperimentsScreen />;
  if (path === '/auction') return <AuctionScreen />;
  return (
    <section className="console-screen">
      <h1>Not found</h1>
      <p>
        No console screen at this address. <ConsoleLink to="/leads">Go to the leads</ConsoleLink>.
      </p>
    </section>
  );
}

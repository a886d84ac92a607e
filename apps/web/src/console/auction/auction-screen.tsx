/**
 * The auction screen (issue 32 "Console"): over today, 7 or 30 days, each buyer's auctions (pings, bids,
 * wins and win rate, average bid, declines by reason in plain words, refusals at post, what it bought and
 * paid, ping latency median and p90), and revenue per lead and per visitor by variant, brand, language,
 * affiliate or day (revenue: the prices actually paid). The figures are the server's.
 */
import {
  BuyerAuctionReportSchema,
  declineLabel,
  REPORT_PERIOD_LABELS,
  REPORT_PERIODS,
  REVENUE_DIMENSION_LABELS,
  REVENUE_DIMENSIONS,
  RevenueReportSchema,
  type BuyerAuctionReport,
  type ReportPeriod,
  type RevenueDimension,
  type RevenueReport,
} from '@app/funnel';
import { useState } from 'react';
import { getJson, queryString } from '../api/console-client';
import { formatCents } from '../app/format';
import { LoadStatus } from '../app/load-status';
import { TableHead } from '../app/table-head';
import { useConsoleData } from '../app/use-console-data';

const cents = (value: number | null) => (value === null ? '—' : formatCents(value));
const ms = (value: number | null) => (value === null ? '—' : `${value} ms`);
const rate = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(1)}%`);

function Declines(props: { declines: Record<string, number> }) {
  const entries = Object.entries(props.declines).sort((a, b) => b[1] - a[1]);
  if (entries.length === 0) return <span className="console-muted">—</span>;
  return (
    <ul className="auction-declines">
      {entries.map(([code, n]) => (
        <li key={code}>
          {declineLabel(code)}: {n}
        </li>
      ))}
    </ul>
  );
}

function BuyersTable(props: { report: BuyerAuctionReport }) {
  if (props.report.buyers.length === 0) return <p className="console-muted">No auction in this period.</p>;
  return (
    <div className="console-table-wrap">
      <table className="console-table console-table-compact console-table-wrapping-heads" data-testid="auction-buyers">
        <TableHead
          columns={[
            'Buyer',
            'Pinged',
            'Standing',
            'Bids',
            'Won',
            'Win rate',
            'Average bid',
            'Declines',
            'Refused at post',
            'Bought',
            'Paid',
            'Latency p50 / p90',
          ]}
        />
        <tbody>
          {props.report.buyers.map((b) => (
            <tr key={b.buyer_key} data-buyer={b.buyer_key}>
              <th scope="row">{b.buyer_key}</th>
              <td>{b.pinged}</td>
              <td>{b.standing}</td>
              <td>{b.bids}</td>
              <td>{b.won}</td>
              <td>{rate(b.winRate)}</td>
              <td>{cents(b.averageBidCents)}</td>
              <td>
                <Declines declines={b.declines} />
              </td>
              <td>{b.postRefusals}</td>
              <td>{b.bought}</td>
              <td>{formatCents(b.paidCents)}</td>
              <td className="console-nowrap">
                {b.latencyP50Ms === null || b.latencyP90Ms === null
                  ? ms(b.latencyP50Ms)
                  : `${b.latencyP50Ms} / ${ms(b.latencyP90Ms)}`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RevenueTable(props: { report: RevenueReport }) {
  const { report } = props;
  if (report.rows.length === 0) return <p className="console-muted">No visitor or lead in this period.</p>;
  const row = (r: RevenueReport['total'], heading: string) => (
    <>
      <th scope="row">{heading}</th>
      <td>{r.visitors ?? '—'}</td>
      <td>{r.leads}</td>
      <td>{r.sold}</td>
      <td>{formatCents(r.revenueCents)}</td>
      <td>{cents(r.perLeadCents)}</td>
      <td>{cents(r.perVisitorCents)}</td>
    </>
  );
  return (
    <div className="console-table-wrap">
      <table className="console-table console-table-compact" data-testid="revenue">
        <TableHead
          columns={[
            REVENUE_DIMENSION_LABELS[report.by],
            'Visitors',
            'Leads',
            'Sold',
            'Revenue',
            'Per lead',
            'Per visitor',
          ]}
        />
        <tbody>
          {report.rows.map((r) => (
            <tr key={r.key} data-key={r.key}>
              {row(r, r.key || '(none)')}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>{row(report.total, 'Total')}</tr>
        </tfoot>
      </table>
      {report.by === 'affid' && (
        <p className="console-muted">
          A visitor&apos;s steps do not record the affiliate: revenue per visitor is not known by affid.
        </p>
      )}
    </div>
  );
}

export default function AuctionScreen() {
  const [period, setPeriod] = useState<ReportPeriod>('7d');
  const [by, setBy] = useState<RevenueDimension>('variant');
  const buyers = useConsoleData(
    () => getJson(`/auction/buyers${queryString({ period })}`, BuyerAuctionReportSchema),
    period,
  );
  const revenue = useConsoleData(
    () => getJson(`/revenue${queryString({ period, by })}`, RevenueReportSchema),
    `${period}:${by}`,
  );
  return (
    <section className="console-screen" aria-labelledby="auction-screen-title">
      <h1 id="auction-screen-title">Auction and revenue</h1>
      <form className="console-filters" onSubmit={(e) => e.preventDefault()} aria-label="Period">
        <label className="console-field">
          Period
          <select value={period} onChange={(e) => setPeriod(REPORT_PERIODS.find((p) => p === e.target.value) ?? '7d')}>
            {REPORT_PERIODS.map((p) => (
              <option key={p} value={p}>
                {REPORT_PERIOD_LABELS[p]}
              </option>
            ))}
          </select>
        </label>
      </form>
      <section aria-labelledby="auction-buyers-title">
        <h2 id="auction-buyers-title">Buyers</h2>
        <p className="console-muted">
          Win rate: offers chosen to be posted out of pings and standing bids. Refused at post: a winning bid whose post
          ended rejected, duplicate or dead.
        </p>
        {buyers.state === 'ready' ? (
          <BuyersTable report={buyers.data} />
        ) : (
          <LoadStatus state={buyers.state} error={buyers.error} onRetry={buyers.reload} />
        )}
      </section>
      <section aria-labelledby="revenue-title">
        <h2 id="revenue-title">Revenue</h2>
        <p className="console-muted">
          Revenue is the price actually paid: the sum of the accepted posts of the leads received in the period.
          Visitors are the sessions that started in it.
        </p>
        <form className="console-filters" onSubmit={(e) => e.preventDefault()} aria-label="Revenue by">
          <label className="console-field">
            By
            <select
              value={by}
              onChange={(e) => setBy(REVENUE_DIMENSIONS.find((d) => d === e.target.value) ?? 'variant')}
            >
              {REVENUE_DIMENSIONS.map((d) => (
                <option key={d} value={d}>
                  {REVENUE_DIMENSION_LABELS[d]}
                </option>
              ))}
            </select>
          </label>
        </form>
        {revenue.state === 'ready' ? (
          <RevenueTable report={revenue.data} />
        ) : (
          <LoadStatus state={revenue.state} error={revenue.error} onRetry={revenue.reload} />
        )}
      </section>
    </section>
  );
}

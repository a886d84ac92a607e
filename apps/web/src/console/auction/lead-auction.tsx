/**
 * A lead's ping-post auction on its page (issue 32 "Console"): the status and rounds, each buyer's answer
 * (a bid with its price, bid id and expiry, or the decline in plain words), the ping's latency, the post of
 * each chosen bid (the buyer's answer) and the price actually paid. The figures are the server's.
 */
import { AUCTION_STATUS_LABELS, declineLabel, type AuctionBid, type LeadAuction } from '@app/funnel';
import { formatCents, formatTime } from '../app/format';
import { TableHead } from '../app/table-head';

function Answer(props: { bid: AuctionBid }) {
  const { bid } = props;
  if (bid.outcome === 'bid')
    return <>{`${bid.kind === 'standing' ? 'Fixed price' : 'Bid'} ${formatCents(bid.price_cents)}`}</>;
  const price = bid.price_cents > 0 ? ` (${formatCents(bid.price_cents)})` : '';
  return (
    <>
      {declineLabel(bid.decline)}
      {price}
      {bid.message && <span className="console-muted"> · {bid.message}</span>}
    </>
  );
}

function Post(props: { bid: AuctionBid }) {
  const { post } = props.bid;
  if (!post) return <span className="console-muted">{props.bid.outcome === 'bid' ? 'Not posted' : ''}</span>;
  return (
    <>
      <span className={`console-badge console-status-${post.status}`}>{post.status}</span>
      {post.last_status !== null && <span className="console-muted"> HTTP {post.last_status}</span>}
      {(post.last_answer || post.reason) && <div className="console-pre">{post.last_answer || post.reason}</div>}
    </>
  );
}

export function LeadAuctionSection(props: { auction: LeadAuction | null }) {
  const { auction } = props;
  if (!auction) return null;
  const rounds = [...new Set(auction.bids.map((bid) => bid.round))];
  return (
    <section aria-labelledby="auction-title" className="console-card" data-testid="lead-auction">
      <h2 id="auction-title">Auction</h2>
      <p>
        <strong>{AUCTION_STATUS_LABELS[auction.status]}</strong>
        {auction.reason && <> — {auction.reason}</>}.{' '}
        {auction.wanted === 1 ? 'Exclusive' : `Shared (up to ${auction.wanted})`}, round {auction.round}, opened{' '}
        {formatTime(auction.created_at)}
        {auction.decided_at && <>, decided {formatTime(auction.decided_at)}</>}.
      </p>
      <p data-testid="auction-paid">
        {auction.winners.length > 0 ? (
          <>
            Bought by <strong>{auction.winners.join(', ')}</strong> for{' '}
            <strong>{formatCents(auction.paid_cents)}</strong> (the price actually paid).
          </>
        ) : (
          'Not bought by any buyer yet.'
        )}
      </p>
      {rounds.map((round) => (
        <div className="console-table-wrap" key={round}>
          <table className="console-table console-table-compact">
            {rounds.length > 1 && <caption>Round {round}</caption>}
            <TableHead columns={['Buyer', 'Kind', 'Answer', 'Latency', 'Bid id', 'Bid expires', 'Post', 'Paid']} />
            <tbody>
              {auction.bids
                .filter((bid) => bid.round === round)
                .map((bid) => (
                  <tr key={bid.id} data-buyer={bid.buyer_key}>
                    <td>{bid.buyer_key}</td>
                    <td>{bid.kind === 'ping' ? 'Ping' : 'Standing'}</td>
                    <td>
                      <Answer bid={bid} />
                    </td>
                    <td className="console-nowrap">
                      {bid.kind === 'ping' && bid.latency_ms > 0 ? `${bid.latency_ms} ms` : ''}
                    </td>
                    <td>{bid.bid_ref}</td>
                    <td className="console-nowrap">{formatTime(bid.expires_at)}</td>
                    <td>
                      <Post bid={bid} />
                    </td>
                    <td>{bid.post?.status === 'accepted' ? formatCents(bid.post.price_cents) : ''}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </div>
      ))}
    </section>
  );
}

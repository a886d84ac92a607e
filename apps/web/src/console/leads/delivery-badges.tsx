import type { DeliveryStatus } from '@app/funnel';

/** A lead's deliveries: each buyer with its job's status. */
export function DeliveryBadges(props: { deliveries: { buyer: string; status: DeliveryStatus }[] }) {
  if (props.deliveries.length === 0) return <span className="console-muted">none</span>;
  return (
    <ul className="console-badges">
      {props.deliveries.map((delivery) => (
        <li key={delivery.buyer} className={`console-badge console-status-${delivery.status}`}>
          {delivery.buyer}: {delivery.status}
        </li>
      ))}
    </ul>
  );
}

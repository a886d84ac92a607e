/** Tracking fields carried from the ad click into the lead (spec §3 "Tracking"). */
import { z } from 'zod';

const TrackingValue = z.string().trim().max(500);

export const TrackingSchema = z.object({
  sub_id: TrackingValue,
  sub_id2: TrackingValue,
  sub_id3: TrackingValue,
  sub_id4: TrackingValue,
  click_id: TrackingValue,
  affid: TrackingValue,
  oid: TrackingValue,
  ef_transaction_id: TrackingValue,
  lp_key: TrackingValue,
  lp_campaign_id: TrackingValue,
  lp_supplier_id: TrackingValue,
  gclid: TrackingValue,
  fbclid: TrackingValue,
});

export type Tracking = z.infer<typeof TrackingSchema>;

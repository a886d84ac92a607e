/** Tracking fields carried from the ad click into the lead (spec §3 "Tracking"). */
import { z } from 'zod';
import { stripInvisible } from '../text/text-hygiene';

/**
 * A value from the landing URL or the page: control and format characters are stripped, never refused
 * (a bad ad macro must not cost a lead, issue 9), and nothing a database refuses is kept.
 */
export function machineText(max: number, required?: string) {
  return z
    .string(required === undefined ? undefined : { error: required })
    .transform((value) => stripInvisible(value).trim())
    .pipe(required === undefined ? z.string().max(max) : z.string().min(1, required).max(max));
}

const TrackingValue = machineText(500);

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

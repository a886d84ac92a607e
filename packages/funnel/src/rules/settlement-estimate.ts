/**
 * The estimated settlement value behind the compensation meter (spec §7 "Estimated settlement value
 * fetch when show-meter=yes … response compLevel, passed as cl"; §9 meter bands). The spec does not
 * show the service: this is our transparent first estimate, from the answers a visitor has given, to be
 * replaced by a buyer-calibrated model. It only drives the meter and `cl`, never the verdict.
 */
import { z } from 'zod';
import { SPECIFIC_INJURIES, TREATMENT_TYPES } from '../lead/survey-answers';
import { readCompensation, type CompLevel } from './compensation-meter';

export const SettlementEstimateQuerySchema = z.object({
  specific_injury: z.enum(SPECIFIC_INJURIES).optional(),
  treatment_type: z.enum(TREATMENT_TYPES).optional(),
  at_Fault: z.enum(['yes', 'no']).optional(),
  police_report: z.enum(['yes', 'no', 'not_sure']).optional(),
  accident_type: z.enum(['car', 'truck', 'motorcycle', 'rideshare', 'pedestrian_or_bicycle', 'other']).optional(),
});
export type SettlementEstimateQuery = z.infer<typeof SettlementEstimateQuerySchema>;
export const SettlementEstimateResponseSchema = z.object({
  compLevel: z.number().int().min(1).max(7),
  amount: z.number(),
});

/** Typical claim values by injury (order of magnitude; §1's "average settlement claim $20K" sits mid-range). */
const BASE_BY_INJURY: Record<(typeof SPECIFIC_INJURIES)[number], number> = {
  'Loss of Limb': 150_000,
  'Spinal Cord Injury': 100_000,
  'Head Injury': 60_000,
  'Broken Bones': 40_000,
  'Back or Neck Pain': 20_000,
  Whiplash: 12_500,
  'Other Injury': 7_000,
  'Cuts and Bruises': 5_000,
};
const TREATMENT_FACTOR: Record<(typeof TREATMENT_TYPES)[number], number> = {
  Ambulance: 1.5,
  'Emergency Room': 1.3,
  "Doctor's Office": 1.1,
  'No Treatment': 0.6,
};

export function estimateSettlement(query: SettlementEstimateQuery): { amount: number; compLevel: CompLevel } {
  let amount = query.specific_injury ? BASE_BY_INJURY[query.specific_injury] : 5_000;
  if (query.treatment_type) amount *= TREATMENT_FACTOR[query.treatment_type];
  if (query.police_report === 'yes') amount *= 1.1;
  if (query.accident_type === 'truck') amount *= 1.5;
  if (query.at_Fault === 'yes') amount *= 0.3;
  const reading = readCompensation(Math.round(amount));
  return { amount: reading.amount, compLevel: reading.level };
}

/**
 * Each buyer with its deliveries by status and its caps used today and this month (its own time zone):
 * what the operator commands print and the console's deliveries screen shows.
 */
import type { BuyerConfig, DeliveryStatus } from '@app/funnel';
import type { Services } from '../services';
import { capUsage } from './cap-usage';
import { jobCountsByBuyer } from './delivery-jobs-store';

export interface BuyerSummary {
  buyer: BuyerConfig;
  jobs: Partial<Record<DeliveryStatus, number>>;
  capsUsed: { day: number; month: number };
}

export async function buyerSummaries(services: Pick<Services, 'db' | 'delivery' | 'now'>): Promise<BuyerSummary[]> {
  const counts = await jobCountsByBuyer(services.db);
  const summaries: BuyerSummary[] = [];
  for (const buyer of await services.delivery.buyers.all()) {
    const jobs: Partial<Record<DeliveryStatus, number>> = {};
    for (const count of counts) if (count.buyer_key === buyer.key) jobs[count.status] = count.count;
    summaries.push({ buyer, jobs, capsUsed: await capUsage(services.db, buyer, services.now()) });
  }
  return summaries;
}

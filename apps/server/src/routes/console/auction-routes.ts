/**
 * The console's auction and revenue read-outs (issue 32 "Console"), registered inside the console's guard
 * (register-console.ts): each buyer's auction figures and the revenue per lead and per visitor, over a
 * period (today, 7 or 30 days).
 */
import { ReportPeriodQuerySchema, RevenueQuerySchema } from '@app/funnel';
import type { FastifyInstance } from 'fastify';
import { buyerAuctionReport } from '../../console/auction-stats';
import { revenueReport } from '../../console/revenue-report';
import { parseWithProblems, sendInvalidBody } from '../../http/parse-body';
import type { Services } from '../../services';

export function registerAuctionRoutes(app: FastifyInstance, services: Services): void {
  app.get('/auction/buyers', async (request, reply) => {
    const parsed = parseWithProblems(ReportPeriodQuerySchema, request.query);
    if (!parsed.ok) return sendInvalidBody(reply, parsed.fields);
    return reply.send(await buyerAuctionReport(services.db, parsed.data.period, services.now()));
  });

  app.get('/revenue', async (request, reply) => {
    const parsed = parseWithProblems(RevenueQuerySchema, request.query);
    if (!parsed.ok) return sendInvalidBody(reply, parsed.fields);
    return reply.send(await revenueReport(services.db, parsed.data, services.now()));
  });
}

/**
 * §7 pre-submit check: "also exchange store/lead-data with project MVA, zipCode, ipAddress, userAgent, tf,
 * leadId" (issue 27). A port: the offline default keeps the data in our own store only, a vendor adapter
 * posts it to the exchange. §7 "failure ignored": neither ever fails the visitor's call.
 */

/** The exchange's project for this funnel's leads (§7 "project MVA": motor-vehicle accidents). */
export const EXCHANGE_PROJECT = 'MVA';

/** What the exchange stores, in its own field names (§7). */
export interface ExchangeLeadData {
  project: typeof EXCHANGE_PROJECT;
  zipCode: string;
  ipAddress: string;
  userAgent: string;
  /** The TrustedForm certificate id. */
  tf: string;
  /** The Jornaya LeadiD token. */
  leadId: string;
}

/** `kept`: nothing left this server (offline); `sent`: the exchange took it; `failed`: it did not (logged). */
export type ExchangeOutcome = 'kept' | 'sent' | 'failed';

export interface LeadExchange {
  storeLeadData(data: ExchangeLeadData): Promise<ExchangeOutcome>;
}

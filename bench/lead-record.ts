/**
 * Issue 15: the server's per-lead domain work, in process — buildLeadRecord (the walk replay and the
 * derivation) on the bench:api lead (bench/api/lead-bodies.ts). Prints µs per lead; run with
 * `node --cpu-prof --import tsx bench/lead-record.ts` for a profile. Option: --leads N (default 20000).
 */
import { buildLeadRecord, LeadSubmissionSchema, type LeadSubmission } from '@app/funnel';
import { leadBody } from './api/lead-bodies';

const at = process.argv.indexOf('--leads');
const LEADS = at === -1 ? 20_000 : Number(process.argv[at + 1]);
const PLACE = { zip: '78701', city: 'Austin', state: 'TX', state_long: 'Texas', county: 'Travis' };
const submissions: LeadSubmission[] = Array.from({ length: 500 }, (_, n) => LeadSubmissionSchema.parse(leadBody(n)));
const base = LeadSubmissionSchema.parse(leadBody(0));
const nth = (i: number): LeadSubmission => submissions[i % submissions.length] ?? base;

function one(submission: LeadSubmission) {
  return buildLeadRecord(
    submission,
    {
      receivedAt: new Date('2026-11-26T07:00:00Z'),
      place: PLACE,
      ipAddress: '10.0.0.1',
      userAgent: 'Mozilla/5.0',
      secGpc: false,
      isGibberish: 'no',
      suppressed: false,
      contactChecks: { phone: 'passed', phoneReason: '', email: 'passed', emailReason: '' },
      consentFor: () => ({ version: 'v1', text: submission.tcpa }),
    },
    'post-lead',
  );
}

const first = one(base);
if (first.submission_problems.length > 0)
  throw new Error(`the bench lead is not judged: ${first.submission_problems.join(', ')}`);
for (let i = 0; i < 2000; i++) one(nth(i));
// CPU time, not wall time: the machine is shared.
const start = process.cpuUsage();
for (let i = 0; i < LEADS; i++) one(nth(i));
const used = process.cpuUsage(start);
const us = (used.user + used.system) / LEADS;
console.log(
  `buildLeadRecord: ${us.toFixed(1)} µs of CPU per lead (${LEADS} leads), verdict ${first.lead_is_qualified}`,
);

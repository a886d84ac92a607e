/**
 * The server decides the variant from the landing path, never from the body (issue 8, architecture
 * principle 1), and judges the lead under that variant's rules; a body it cannot judge so is stored with
 * the reason and never sold. Over real HTTP, on SQLite and PostgreSQL (vitest runs this file on both).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duiPathBody, leadBody, SURVEY_WALK, ticketBody, without } from './lead-body';
import { postJson, startTestServer, TEST_DIALECT, type TestServer } from './start-test-server';

const NOW = new Date('2026-11-22T15:00:00Z');
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ now: () => NOW });
});
afterAll(async () => {
  await server.close();
});

async function stored(id: unknown) {
  const row = await server.db.selectFrom('leads').selectAll().where('id', '=', String(id)).executeTakeFirstOrThrow();
  return { row, lead: JSON.parse(row.lead) as Record<string, unknown> };
}

/** The /survey walk of a visitor who was not injured: no treatment question (§4). */
const NOT_INJURED_WALK = SURVEY_WALK.filter((step) => step !== 'DidYouReceiveMedicalTreatment');

/** The body: has a lawyer, not injured, at fault, accident before 2015, walked on /survey. */
function lawyerNotInjuredAtFault(variant: string): Record<string, unknown> {
  const body = without(
    leadBody(),
    'specific_injury',
    'doctor_treatment',
    'treatment_type',
    'injury_month',
    'injury_day',
  );
  return {
    ...body,
    variant,
    injury_year: 'Earlier than 2015',
    at_Fault: 'yes',
    fault_cause: 'me',
    physical_injury: 'No',
    with_Lawyer: 'yes',
    lawyer_choice: 'have_lawyer',
    steps_path: NOT_INJURED_WALK,
  };
}

describe(`the server's variant (${TEST_DIALECT})`, () => {
  it.each(['extended', 'eligibility', 'ticket', 'dui', 'made-up'])(
    'a /survey body that claims %s is judged by the /survey rules, and the claim is kept',
    async (claimed) => {
      const body = lawyerNotInjuredAtFault(claimed);
      expect((await postJson(`${server.url}/post-lead`, body)).status).toBe(201);
      const { row, lead } = await stored(body.lead_id);
      expect(row).toMatchObject({
        variant: 'extended',
        claimed_variant: claimed,
        submission_problems: '',
        is_disqualified: 1,
        lead_is_qualified: 'no',
        dq_reason: 'have_attorney|yes',
      });
      expect(lead).toMatchObject({ variant: 'extended', claimed_variant: claimed, submission_problems: [] });
    },
  );

  it('a lenient variant applies when the landing path is its own and the walk is one it allows (DUI path, §4)', async () => {
    const body = duiPathBody();
    expect((await postJson(`${server.url}/post-lead`, body)).status).toBe(201);
    expect((await stored(body.lead_id)).row).toMatchObject({
      variant: 'dui',
      submission_problems: '',
      lead_is_qualified: 'yes',
    });
  });

  it('takes the language from the landing path too', async () => {
    const body = leadBody({ language: 'es', landing_page_url: 'http://localhost:3000/survey?lang=es' });
    expect((await postJson(`${server.url}/post-lead`, body)).status).toBe(201);
    expect((await stored(body.lead_id)).lead).toMatchObject({ language: 'en', claimed_language: 'es' });
  });

  // Each body below is stored (nothing is lost) but never sold: its verdict is forced, its reason recorded.
  it.each<[string, string, Record<string, unknown>]>([
    ['a landing path that names no funnel', 'unknown_landing_path', { landing_page_url: 'http://localhost:3000/nope' }],
    ['a landing URL that is not a URL', 'unknown_landing_path', { landing_page_url: 'survey' }],
    ['a ticket lead posted to /post-lead', 'wrong_destination', ticketBody()],
    [
      'an eligibility page, which posts no lead',
      'wrong_destination',
      { landing_page_url: 'http://localhost:3000/survey/eligibility' },
    ],
    [
      'a walk that skips HasLawyer',
      'invalid_walk',
      { steps_path: SURVEY_WALK.filter((s) => s !== 'HasLawyer'), with_Lawyer: undefined, lawyer_choice: undefined },
    ],
    ['a walk that does not start at the first step', 'invalid_walk', { steps_path: SURVEY_WALK.slice(1) }],
    ['a walk that stops before the last step', 'invalid_walk', { steps_path: SURVEY_WALK.slice(0, 5) }],
    ['a step of another variant', 'invalid_walk', { steps_path: ['StartPath', 'TicketReceived'] }],
    ['a step with no answer', 'unanswered_step', { police_report: undefined }],
    [
      // Injured, yet the walk skipped the treatment question (and with it a no-treatment answer).
      'a branch the answers do not take',
      'branch_mismatch',
      { steps_path: NOT_INJURED_WALK, doctor_treatment: undefined, treatment_type: undefined },
    ],
  ])('%s → %s', async (_case, problem, overrides) => {
    const body = { ...leadBody(), ...overrides };
    expect((await postJson(`${server.url}/post-lead`, body)).status).toBe(201);
    const { row, lead } = await stored(body.lead_id);
    // The first problem is the reason; the eligibility body's walk is also not one of that flow.
    expect(row).toMatchObject({ is_disqualified: 1, lead_is_qualified: 'no', dq_reason: `submission|${problem}` });
    expect(row.submission_problems.split('|')[0]).toBe(problem);
    expect(lead).toMatchObject({ do_not_send_to_dq: 'yes' });
    expect(lead.submission_problems).toContain(problem);
  });

  it('an /api/ingest post from a /survey page is stored under the server variant with its problem', async () => {
    const body = leadBody();
    expect((await postJson(`${server.url}/api/ingest`, body)).status).toBe(201);
    const row = await server.db
      .selectFrom('ingested_leads')
      .selectAll()
      .where('id', '=', String(body.lead_id))
      .executeTakeFirstOrThrow();
    expect(row.source).toBe('extended');
    expect(JSON.parse(row.body)).toMatchObject({
      submission_problems: ['wrong_destination'],
      lead_is_qualified: 'no',
    });
  });

  it('stores only the answers of the walked steps', async () => {
    const body = leadBody({ pending_dui_charges: 'yes', ticket_type: 'speeding' });
    expect((await postJson(`${server.url}/post-lead`, body)).status).toBe(201);
    const { lead } = await stored(body.lead_id);
    expect(lead).not.toHaveProperty('pending_dui_charges');
    expect(lead).not.toHaveProperty('ticket_type');
    expect(lead).toMatchObject({ police_report: 'yes', lead_is_qualified: 'yes' });
  });
});

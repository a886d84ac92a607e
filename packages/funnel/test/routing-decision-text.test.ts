/** Routing decisions in words (issue 29): every refusal code has words; unknown codes are shown as they are. */
import { describe, expect, it } from 'vitest';
import { readRoutingDecisions, routingReasonText, routingResultText } from '../src/delivery/routing-decision-text';

describe('routing decisions in words', () => {
  it.each([
    ['inactive', 'the buyer is paused'],
    ['state', 'the buyer does not serve this state'],
    ['not_consented', 'the visitor did not consent to this buyer'],
    ['cap_reached', 'the buyer’s daily or monthly cap is reached'],
    ['duplicate', 'the buyer received this phone or email recently'],
    ['criteria:injured', 'the buyer takes only injured people'],
    ['criteria:maxAccidentAgeDays', 'the accident is older than the buyer takes'],
    ['criteria:fields:state', 'the lead’s state is not one the buyer takes'],
    ['criteria:newThing', 'criteria:newThing'],
    ['', ''],
  ])('%s → %s', (code, words) => {
    expect(routingReasonText(code)).toBe(words);
  });

  it('names each result and reads the stored list', () => {
    expect(routingResultText('chosen')).toBe('sent to this buyer');
    expect(routingResultText('other')).toBe('other');
    expect(readRoutingDecisions([{ buyer: 'a', result: 'refused', reason: 'state' }])).toEqual([
      { buyer: 'a', result: 'refused', reason: 'state' },
    ]);
    expect(readRoutingDecisions('[{"buyer":"a"}]')).toBeNull();
  });
});

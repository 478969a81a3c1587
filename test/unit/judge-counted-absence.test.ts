// The offline judge against a denial that a record's count refutes ("no other rack reported a
// surface-temperature trip" against surface_temp_trips=4; contradictions/counted-absence.ts).
// Evidence is parsed by the real evidence reader; verdicts are reasoned by hand in the comments.
import * as assert from 'node:assert/strict';
import { judge, judgeReport } from '../support/judge-sources';

const alarms = {
  file: 'metrics.log',
  text: [
    '[tool=form_alarm row=1] date=2024-09-29 rack=FR-20 contact_resistance_trips=0 surface_temp_trips=4 median_cycle_min=41',
    '[tool=form_alarm row=2] date=2024-09-29 rack=FR-21 contact_resistance_trips=2 surface_temp_trips=0 median_cycle_min=43',
  ].join('\n'),
};

describe('offline judge: a denial against a count above zero', () => {
  it('is contradicted by a dated record whose count of the denied thing is above zero', async () => {
    // FR-20 logged 4 surface-temperature trips ("temp" stands for temperature).
    const verdict = await judgeReport(['FR-21 logged contact-resistance trips on 29 September.', 'No other rack reported a surface-temperature trip.'], [alarms], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /surface_temp_trips=4/);
  });

  it('sets apart what the claim before names, and leaves a statistic alone', async () => {
    // The only contact-resistance trips are FR-21's, which the claim before names.
    // (Here the absence rule still reads FR-20's row as a rack the claim denies: only the count is asserted.)
    const apart = await judgeReport(['FR-21 logged two contact-resistance trips on 29 September.', 'No other rack reported a contact-resistance trip.'], [alarms]);
    assert.doesNotMatch(apart.reason, /contact_resistance_trips=2/);
    // A median is no count of things the claim denies.
    const median = await judge('Neither rack saw its median cycle get longer.', [alarms], { decision: 'rules' });
    assert.notEqual(median.partition, 'contradicted', median.reason);
  });
});

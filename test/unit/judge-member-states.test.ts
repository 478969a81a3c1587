// The offline judge counting the members that end on a version: each member named in a record
// field (diverter=DV-C01) is on the version its last record gives in a field that says what runs
// (fw=, version=), not what it ran before or was meant to get. "N of the W <members> now run V"
// is grounded when N members end on V, contradicted when the records name exactly W members and
// another number of them end on V. Evidence is parsed by the real evidence reader; counts by hand.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

// Four diverters: C01, C02 and A01 end on 4.3.0; C03's flash failed (its from/target line gives
// no running version), so it ends on 4.2.1.
const health = {
  file: 'diverter-health.log',
  text: [
    '2024-10-08T00:00Z diverter=DV-C01 zone=C fw=4.2.1 cycle_ms=405',
    '2024-10-08T00:00Z diverter=DV-C02 zone=C fw=4.2.1 cycle_ms=412',
    '2024-10-08T00:00Z diverter=DV-C03 zone=C fw=4.2.1 cycle_ms=410',
    '2024-10-09T01:40Z diverter=DV-C03 from_version=4.2.1 target_version=4.3.0 result=failed',
    '2024-10-09T02:00Z diverter=DV-C01 zone=C fw=4.3.0 cycle_ms=368',
    '2024-10-09T02:00Z diverter=DV-C02 zone=C fw=4.3.0 cycle_ms=375',
    '2024-10-09T02:00Z diverter=DV-C03 zone=C fw=4.2.1 cycle_ms=411',
    '2024-10-10T03:00Z diverter=DV-A01 zone=A fw=4.3.0 cycle_ms=381',
  ].join('\n'),
};

describe('offline judge: members counted by the version they end on', () => {
  it('grounds a part of the members whose last record gives the version', async () => {
    const three = await judge('Three of the four diverters now run 4.3.0.', [health]);
    assert.equal(three.partition, 'grounded', three.reason);
    const one = await judge('One of the four diverters is still on 4.2.1.', [health]);
    assert.equal(one.partition, 'grounded', one.reason);
  });

  it('contradicts another count of the same whole, and leaves a whole the records do not give alone', async () => {
    const two = await judge('Two of the four diverters now run 4.3.0.', [health]);
    assert.equal(two.partition, 'contradicted', two.reason);
    // Five diverters are not the four the records name: no contradiction from these counts.
    const five = await judge('Four of the five diverters now run 4.3.0.', [health]);
    assert.notEqual(five.partition, 'contradicted', five.reason);
    assert.notEqual(five.partition, 'grounded', five.reason);
  });
});

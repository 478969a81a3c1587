// The offline judge against a denial of other alerts ("No other bay in the dryer house raised an
// alarm overnight"; contradictions/alert-absence.ts): the denial reaches its alert across a clause,
// or by a verb ("no other unit on line EV-2 alarmed"); the alert's kind ("a temperature warning")
// must be the signal's; what the report named before is no "other". Evidence is parsed by the real
// evidence reader; which signal answers each claim is read off the records by hand.
import * as assert from 'node:assert/strict';
import { judgeReport } from '../support/judge-sources';

// Bay 2 is the report's subject (DRY-TEMP-B2, bay=2); bay 5's fan alarm is another bay's.
const dryer = {
  file: 'alerts.log',
  text: [
    '[signal] alert_id=DRY-TEMP-B2 fired_at=2024-09-18T02:01:40Z severity=critical host=dh-1 bay=2 summary="bay 2 plenum temperature above 45.0C"',
    '[signal] alert_id=DRY-STALE-B2 fired_at=2024-09-18T01:28:40Z severity=warning host=dh-1 bay=2 summary="TT-2A signal stale for 600s"',
    '[signal] alert_id=DRY-VIB-B5 fired_at=2024-09-18T03:40:22Z severity=warning host=dh-1 bay=5 summary="fan FN-5 vibration 7.4 mm/s"',
    '[signal] alert_id=EV2-OLR-VAC fired_at=2024-09-18T04:22:15Z severity=warning host=ev-2 line=EV-2 summary="EV-2 online reprocessing vacuum low"',
  ].join('\n'),
};

describe('offline judge: a denial of other alerts', () => {
  it('is contradicted by another member\'s alert, across the clause or by a verb', async () => {
    const bay = await judgeReport(['Bay 2 overheated at 02:01.', 'No other bay in the dryer house raised an alarm overnight.'], [dryer], { decision: 'rules' });
    assert.equal(bay.partition, 'contradicted', bay.reason);
    // Bay 2's own stale-signal alarm is no other bay's: bay 5's is.
    assert.match(bay.reason, /DRY-VIB-B5/);
    const line = await judgeReport(['Bay 2 overheated at 02:01.', 'No other equipment on line EV-2 alarmed during the night.'], [dryer], { decision: 'rules' });
    assert.equal(line.partition, 'contradicted', line.reason);
    assert.match(line.reason, /EV2-OLR-VAC/);
  });

  it('is left alone when no alert of the kind denied was raised', async () => {
    // Bay 5's alarm is a vibration alarm, not a temperature warning.
    const kind = await judgeReport(['Bay 2 overheated at 02:01.', 'No other bay in the dryer house raised a temperature warning overnight.'], [dryer], { decision: 'rules' });
    assert.notEqual(kind.partition, 'contradicted', kind.reason);
  });
});

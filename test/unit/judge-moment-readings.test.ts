// The offline judge against a reading given at its own time that the record of that minute gives
// otherwise (contradictions/moment-readings.ts), and a size said by its adjective ("240 cm long")
// read as the measure its noun names (synonyms.json). Evidence is parsed by the real evidence
// reader; the expected readings are read off the lines by hand.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

// Five-minute readings of one glue pot; the setpoint (200) is a bar, not a reading.
const metrics = {
  file: 'metrics.log',
  text: [
    'ts=2024-09-17T01:45Z host=eb-3 glue_temp_c=169 setpoint_c=200 state=RUNNING',
    'ts=2024-09-17T01:50Z host=eb-3 glue_temp_c=164 setpoint_c=200 state=RUNNING',
    'ts=2024-09-17T01:55Z host=eb-3 glue_temp_c=158 setpoint_c=200 state=RUNNING',
  ].join('\n'),
};

describe('offline judge: a reading at its own time', () => {
  it('is contradicted by the one reading of that kind the minute\'s record gives', async () => {
    // 158 °C is the 01:55 reading; at 01:50 the pot read 164 °C.
    const verdict = await judge('01:50 — The pot reading is down to 158 °C.', [metrics], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /glue_temp_c 164 at that time/);
  });

  it('is left alone when the minute gives the figure, or the time only bounds it', async () => {
    const right = await judge('01:55 — The pot reading is down to 158 °C.', [metrics], { decision: 'rules' });
    assert.notEqual(right.partition, 'contradicted', right.reason);
    // "by 01:50": the reading came at or before that time, not at it.
    const bound = await judge('The pot was back up to 169 °C by 01:50.', [metrics], { decision: 'rules' });
    assert.doesNotMatch(bound.reason, /at that time/);
    // A record of the minute that writes the figure in a change ("88% -> 100%") may give it.
    const valve = { file: 'kiln.log', text: '2024-09-14T01:39:52Z INFO kiln valve=SV-3B output 88% -> 100% reason="dbt below sp"' };
    const change = await judge('01:40 — SV-3B reached 100% output.', [valve], { decision: 'rules' });
    assert.notEqual(change.partition, 'contradicted', change.reason);
  });
});

describe('offline judge: a size said by its adjective', () => {
  it('reads "up to 240 cm long" against the carrier\'s max_length_cm', async () => {
    const config = { file: 'config.json', text: JSON.stringify({ carriers: [{ code: 'NORDFRAKT', name: 'NordFrakt', max_length_cm: 220, hard_limit_kg: 40 }] }) };
    const verdict = await judge('NordFrakt accepts parcel cartons up to 240 cm long.', [config], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    const right = await judge('NordFrakt accepts parcel cartons up to 220 cm long.', [config], { decision: 'rules' });
    assert.equal(right.partition, 'grounded', right.reason);
  });
});

// The offline judge on three things reports write loosely: a clock time rounded to the minute
// (02:58:40 reported as 02:59), a reference the report brings itself (a follow-up ticket, a work
// order, a change of another kind than the record's) and a period written with a hyphen
// ("week-38"). Evidence is parsed by the real evidence reader; expected verdicts are worked out
// by hand in the comments.
import * as assert from 'node:assert/strict';
import { periodKey } from '../../src/core/judge/offline/records/periods';
import { judge } from '../support/judge-sources';

describe('offline judge: minutes rounded, references of the report\'s own, hyphenated periods', () => {
  const alerts = {
    file: 'alerts.log',
    text: [
      '2024-09-17T02:41:12Z alert=FREQ-LOW severity=critical state=firing site=north value_hz=49.71',
      '2024-09-17T02:58:40Z alert=FREQ-LOW severity=critical state=resolved site=north value_hz=49.86',
    ].join('\n'),
  };

  it('a time to the minute matches a record whose seconds round to it', async () => {
    // 02:58:40 is 02:58 truncated and 02:59 rounded: either is how a person reports it.
    for (const time of ['02:58', '02:59']) {
      const verdict = await judge(`At ${time} the FREQ-LOW alert at north resolved with the frequency back at 49.86 Hz.`, [alerts]);
      assert.equal(verdict.partition, 'grounded', `${time}: ${verdict.reason}`);
    }
  });

  it('a minute neither truncation nor rounding gives is still read against the record', async () => {
    // 02:57 is neither 02:58 nor 02:59: the resolving record says otherwise.
    const verdict = await judge('At 02:57 the FREQ-LOW alert at north resolved with the frequency back at 49.86 Hz.', [alerts]);
    assert.notEqual(verdict.partition, 'grounded', verdict.reason);
  });

  const change = {
    file: 'change.json',
    text: JSON.stringify({ change_id: 'CHG-7731', summary: 'door controller firmware 2.4.1', approved_by: 'r.osei', schedule: 'FS-2025-01a' }, null, 2),
  };

  it('a follow-up change the report raises is not contradicted by the change on record', async () => {
    // CHG-7760 appears nowhere; the claim says it is a follow-up, so CHG-7731 is another change: unsupported, not wrong.
    for (const text of ['A follow-up change, CHG-7760, has been raised to re-flash the door controllers next week.', 'The door controllers will be re-flashed under follow-up change CHG-7760.']) {
      const verdict = await judge(text, [change]);
      assert.equal(verdict.partition, 'ungrounded', verdict.reason);
      assert.match(verdict.reason, /chg-7760/);
    }
  });

  it('an identifier of another kind than the record\'s field names another thing', async () => {
    // EC-0192 (an emergency change) against change_id=CHG-7731, FEE-881 against schedule=FS-2025-01a: other kinds of id.
    const emergency = await judge('The hotfix was handled as emergency change EC-0192.', [change]);
    assert.notEqual(emergency.partition, 'contradicted', emergency.reason);
    const ticket = await judge('Ticket FEE-881 covers the fee schedule test.', [change]);
    assert.notEqual(ticket.partition, 'contradicted', ticket.reason);
  });

  it('the same kind of identifier in the field the claim names still contradicts it', async () => {
    // "The change was CHG-7760": the record's change_id is CHG-7731, of the same kind, and the claim brings nothing new.
    const verdict = await judge('The firmware change was CHG-7760.', [change]);
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /change_id=CHG-7731/);
  });

  it('"week-38" is a period, like W38 and "week 38"', () => {
    assert.deepEqual(periodKey('week-38'), { kind: 'week', key: '0000-38' });
    assert.deepEqual(periodKey('2024 week-38'), periodKey('2024-W38'));
    assert.deepEqual(periodKey('quarter 4'), { kind: 'quarter', key: '0000-4' });
    // A work week as fabs write it (WW36) is week 36.
    assert.deepEqual(periodKey('WW36'), { kind: 'week', key: '0000-36' });
    // A noun that names no period is not one.
    assert.equal(periodKey('wave-2'), undefined);
  });

  it('a period written "week-38" is no identifier for a record field to contradict', async () => {
    const weekly = { file: 'ops_metrics.log', text: ['2024-09-20 week=2024-W38 meals=98200 waste_pct=1.9', '2024-09-27 week=2024-W39 meals=98400 waste_pct=1.4'].join('\n') };
    // week=2024-W38 is the claim's own week, not another value of a field the claim names.
    const verdict = await judge('The week-38 waste rate was 1.9%.', [weekly]);
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });
});

describe('offline judge: counts of what a table holds', () => {
  const weekly = {
    file: 'uplift_weekly.csv',
    text: ['week,store,on_time,departures', '2024-W36,North,412,420', '2024-W36,South,388,400', '2024-W36,East,290,300', '2024-W37,North,415,420', '2024-W37,South,390,400', '2024-W37,East,296,300', '2024-W38,North,410,420', '2024-W38,South,392,400', '2024-W38,East,291,300', '2024-W39,North,418,420', '2024-W39,South,395,400', '2024-W39,East,298,300'].join('\n'),
  };

  it('"over the four weeks" is the number of weeks the table holds', async () => {
    // Weeks 36–39: four; North's on-time counts 412, 415, 410, 418 — all between 410 and 418.
    const four = await judge('Over the four weeks, on-time departures at North stayed between 410 and 418.', [weekly]);
    assert.equal(four.partition, 'grounded', four.reason);
    // Five weeks are not in the table: the count is not met.
    const five = await judge('Over the five weeks, on-time departures at North stayed between 410 and 418.', [weekly]);
    assert.notEqual(five.partition, 'grounded', five.reason);
  });

  it('"the three stores" is the number of stores a column names, "the other two" all but one', async () => {
    // store: North, South, East — three; "the other two" after one is set apart.
    const three = await judge('Across the three stores, 1,200 departures were scheduled in week 36.', [weekly]);
    assert.equal(three.partition, 'grounded', three.reason);
    const others = await judge('In week 36 the other two stores had 700 departures scheduled.', [weekly]);
    assert.notEqual(others.reason, 'not in evidence: two', others.reason);
    assert.doesNotMatch(others.reason, /not in evidence: [^;]*\btwo\b/);
  });

  it('a count whose noun is left out ("the oldest of the five") is the size of the group the claim names a member of', async () => {
    const flocks = { file: 'flocks.csv', text: ['farm,flock_age_weeks,hens', 'Cold Harbour,71,12000', 'Ashby,52,9800', 'Millbrook,60,15000', 'Fenwick,38,8000', 'Redhill,45,11000'].join('\n') };
    // Cold Harbour is a farm; the farm column holds five farms, and 71 weeks is the oldest age.
    const five = await judge("Cold Harbour's flock is the oldest of the five, at 71 weeks.", [flocks]);
    assert.equal(five.partition, 'grounded', five.reason);
    // There are not six farms: the count stays unmet.
    const six = await judge("Cold Harbour's flock is the oldest of the six, at 71 weeks.", [flocks]);
    assert.notEqual(six.partition, 'grounded', six.reason);
    assert.match(six.reason, /\bsix\b/);
  });

  it('a decimal figure, or a word that names nothing counted, is no count of members', async () => {
    // Ten alerts, each at its own time: a column of ten distinct values named "fired_at".
    const alerts = { file: 'alerts.csv', text: ['fired_at,alert,value', ...Array.from({ length: 10 }, (_, i) => `2024-09-17T02:${String(10 + i).padStart(2, '0')}:00Z,PH-HIGH,10.${i + 2}`)].join('\n') };
    // No record states a limit of 10.0: "10.0 at" counts nothing, so the figure stays unsupported.
    const verdict = await judge('The consent limit of 10.0 at the outfall was exceeded.', [alerts]);
    assert.notEqual(verdict.partition, 'grounded', verdict.reason);
  });
});

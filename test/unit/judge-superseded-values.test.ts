// The offline judge against a value a later document changed: "metered at £0.51 per kWh
// (previously £0.44)" with no change verb in the sentence, and a claim whose one content word is
// the changed thing ("a freeze can last up to 6 weeks" after "maximum freeze length raised from 6
// to 10 weeks"). Evidence is parsed by the real reader; the rules' proposal is checked. Expected
// verdicts are worked out by hand in the comments.
import * as assert from 'node:assert/strict';
import type { JudgedClaim } from '../../src/core/review-types';
import { judge, type Source } from '../support/judge-sources';

const proposed = (text: string, sources: Source[]): Promise<JudgedClaim> => judge(text, sources, { decision: 'rules' });

describe('offline judge: values a later document changed', () => {
  const tariffGuide: Source = { file: 'moorings-guide.md', text: '# Shore power\n\nShore power at the pedestals is metered at the rate in the tariff.\n' };
  const tariffNotes: Source = {
    file: 'release-notes.md',
    text: '# Release 2025.03\n\n- Shore power: from 1 March 2025, the pedestals are metered at £0.51 per kWh (previously £0.44).\n',
  };

  it('"(previously £0.44)" after the new rate says the rate changed, with no change verb', async () => {
    // £0.44 is the rate before 1 March 2025; the rate now is £0.51.
    const old = await proposed('Shore power at the pedestals costs £0.44 per kWh.', [tariffGuide, tariffNotes]);
    assert.equal(old.partition, 'contradicted', old.reason);
    assert.match(old.reason, /superseded/);
    const now = await proposed('Shore power at the pedestals costs £0.51 per kWh.', [tariffGuide, tariffNotes]);
    assert.notEqual(now.partition, 'contradicted', now.reason);
  });

  const freezeTerms: Source = { file: 'membership-terms.md', text: '# Freezing your membership\n\nYou can freeze your membership for 1 to 6 weeks in any 12 months.\n' };
  const freezeNotes: Source = { file: 'release-notes.md', text: '# Release 7.2\n\n- Maximum freeze length raised from 6 to 10 weeks for annual members.\n' };

  it('a claim whose one content word is the changed thing repeats the old value', async () => {
    // The notes raise the freeze maximum from 6 to 10 weeks: "up to 6 weeks" is the old limit.
    const old = await proposed('A freeze can last up to 6 weeks.', [freezeTerms, freezeNotes]);
    assert.equal(old.partition, 'contradicted', old.reason);
    assert.match(old.reason, /from 6 to 10 weeks/);
    const now = await proposed('A freeze can last up to 10 weeks.', [freezeTerms, freezeNotes]);
    assert.notEqual(now.partition, 'contradicted', now.reason);
    // A refund is not the freeze the notes changed, whatever its figure.
    const other = await proposed('A refund can take up to 6 weeks.', [freezeTerms, freezeNotes]);
    assert.notEqual(other.partition, 'contradicted', other.reason);
    // What a document that has not caught up still says is its old value, rightly reported.
    const behind = await proposed('The membership terms still show a maximum freeze length of 6 weeks.', [freezeTerms, freezeNotes]);
    assert.notEqual(behind.partition, 'contradicted', behind.reason);
  });

  it('a figure the claim itself places before the change is the old value, said as old', async () => {
    // The notes raise the maximum from 6 to 10 weeks; each claim below says 6 was the old maximum.
    for (const text of [
      'Release 7.2 raised the maximum freeze length from 6 weeks.',
      'Before that release the maximum freeze length was 6 weeks.',
      'Under the old terms a freeze could last up to 6 weeks.',
    ]) {
      const judged = await proposed(text, [freezeTerms, freezeNotes]);
      assert.notEqual(judged.partition, 'contradicted', `${text}: ${judged.reason}`);
    }
    // Said as the maximum now, 6 weeks is superseded still.
    const now = await proposed('The maximum freeze length is 6 weeks.', [freezeTerms, freezeNotes]);
    assert.equal(now.partition, 'contradicted', now.reason);
  });

  it('a claim of light words only ("A hold lasts 48 hours") is about the words it has; beside a duration "lasts" names nothing', async () => {
    const guide = { file: 'portal-guide.md', text: ['## Provisional holds', '', '- A hold lasts 48 hours. Within that time, upload the referral form.'].join('\n') };
    const notes = { file: 'release-notes.md', text: ['## 7.5', '', '- Provisional holds now expire after 24 hours (previously 48 hours), to free unused slots sooner.'].join('\n') };
    // The notes cut the hold from 48 to 24 hours: 48 is the old value.
    const old = await proposed('A hold lasts 48 hours.', [guide, notes]);
    assert.equal(old.partition, 'contradicted', old.reason);
    assert.match(old.reason, /from 48 hours to 24 hours/);
    const now = await proposed('A hold lasts 24 hours.', [guide, notes]);
    assert.notEqual(now.partition, 'contradicted', now.reason);
  });

  it('a note that keeps the old value for a scope the claim names does not supersede it there', async () => {
    const guide = { file: 'casing-inspection.md', text: '- Crown nail holes up to 6 mm in diameter can be repaired (repair code REP-NH).' };
    const notes = { file: 'release-notes.md', text: '- Casing inspection: the crown nail-hole repair limit is raised from 6 mm to 10 mm for drive and trailer positions. Steer positions stay at 6 mm.' };
    // Steer positions keep 6 mm; drive positions went to 10 mm.
    const steer = await proposed('Nail holes in steer casings can be repaired up to 6 mm.', [guide, notes]);
    assert.notEqual(steer.partition, 'contradicted', steer.reason);
    const drive = await proposed('Nail holes in drive casings can be repaired up to 6 mm.', [guide, notes]);
    assert.equal(drive.partition, 'contradicted', drive.reason);
  });

  describe('a lead time before an event, and a scope the note keeps on a wrapped line', () => {
    const guide: Source = { file: 'booking-guide.md', text: '# Deadlines\n\nExam arrangements must be in the booking system at least 10 working days before the exam.\n' };
    const notes: Source = {
      file: 'release-notes.md',
      text: '# 5.3.0\n\n- Arrangement deadline: arrangements for the Winter and Summer periods must now be in the\n  booking system at least 15 working days before the exam (was 10). The Resit period keeps\n  10 working days.\n',
    };

    it('"10 working days before the exam" is no history: the old value, superseded by 15', async () => {
      // "before the exam" dates a deadline, not a time before the change; arrangements now need 15 days.
      const deadline = await proposed('Exam arrangements must be in the booking system at least 10 working days before the exam.', [guide, notes]);
      assert.equal(deadline.partition, 'contradicted', deadline.reason);
      assert.match(deadline.reason, /superseded/);
    });

    it('the scope the note keeps at the old value, on the next line, is not contradicted', async () => {
      const resit = await proposed('For the Resit period, arrangements must be in the booking system at least 10 working days before the exam.', [guide, notes]);
      assert.notEqual(resit.partition, 'contradicted', resit.reason);
    });
  });

  describe('how a note writes the change: a word before each value, emphasis around the new one', () => {
    const guide: Source = { file: 'planning-guide.md', text: '# Forecasts\n\nThe planner imports forecasts from the configured provider every 6 hours.\n' };
    const notes: Source = { file: 'release-notes.md', text: '# 5.2.0\n\n- Forecast import frequency increased from every 6 hours to every 3 hours for all providers.\n' };

    it('"from every 6 hours to every 3 hours" changes the import interval from 6 hours to 3', async () => {
      // The notes name the import interval (forecast, import) and move it from 6 to 3 hours.
      const old = await proposed('Forecasts are imported every 6 hours.', [guide, notes]);
      assert.equal(old.partition, 'contradicted', old.reason);
      assert.match(old.reason, /from 6 hours to 3 hours/);
      const now = await proposed('Forecasts are imported every 3 hours.', [guide, notes]);
      assert.notEqual(now.partition, 'contradicted', now.reason);
    });

    const attempts: Source = { file: 'delivery-attempts.md', text: '# Attempt limit\n\nThe platform makes up to **3 delivery attempts** for a standard parcel before it is returned.\n' };
    const lowered: Source = {
      file: 'release-notes.md',
      text: '## 7.2.0\n\n- **Attempt limit default lowered.** The default `delivery.attempts.max` for standard parcels is\n  now **2** (was 3). Depots that set their own value keep it.\n- Depot Plus adds 24/7 phone support.\n',
    };

    it('"now **2** (was 3)": the emphasis around the new value does not hide the change', async () => {
      // The default attempt limit went from 3 to 2; "up to three delivery attempts" is the old limit.
      const old = await proposed('The platform makes up to three delivery attempts for a standard parcel.', [attempts, lowered]);
      assert.equal(old.partition, 'contradicted', old.reason);
      assert.match(old.reason, /from 3 to 2/);
    });

    it('a number paired by a slash ("24/7") is no value a change can supersede', async () => {
      const support = await proposed('Depot Plus adds 24/7 phone support.', [attempts, lowered]);
      assert.notEqual(support.partition, 'contradicted', support.reason);
    });
  });

  describe('a new default, against a value the configuration sets explicitly', () => {
    const guide: Source = { file: 'booking-rules.md', text: '# Refunds\n\nA member who cancels at least `booking.cancellation.full_refund_hours` before the start gets a full refund. The default is 48 hours.\n' };
    const notes: Source = {
      file: 'release-notes.md',
      text: '### Cancellations\n\n- New default for `booking.cancellation.full_refund_hours`: **72 hours** (was 48 hours). Existing facilities keep their configured value.\n',
    };
    const facility: Source = { file: 'facility-config.json', text: JSON.stringify({ facility_id: 'fac_8823', booking: { cancellation: { full_refund_hours: 48 } } }, null, 2) };
    const groups: Source = {
      file: 'config.json',
      text: JSON.stringify({ groups: [{ name: 'RS-1 combed', slip_threshold_pct: 3.0 }, { name: 'RS-2 carded' }] }, null, 2),
    };
    const slipNotes: Source = { file: 'release_notes.md', text: '## 5.3.0\n\n- The default slip threshold is now 2.5% (was 3.0%). Groups with an explicit threshold keep it.\n' };
    const slipGuide: Source = { file: 'guide.md', text: '# Slip alarms\n\nA spindle alarms when its speed is more than the slip threshold below nominal; the default slip threshold is 3.0%.\n' };

    it('the facility configured 48 hours, so 48 hours is in effect there, not superseded', async () => {
      // The note changes only the default; this facility's configuration holds 48 hours for the same key.
      const configured = await proposed('At your facility, a member who cancels 48 hours or more before the start gets a full refund.', [guide, notes, facility]);
      assert.notEqual(configured.partition, 'contradicted', configured.reason);
    });

    it('a configuration of another member (RS-1) leaves the claim’s member (RS-2) on the new default', async () => {
      // RS-1 sets 3.0% explicitly; RS-2 sets nothing, so it gets the new 2.5% default.
      const other = await proposed('The RS-2 group also has its slip threshold set to 3.0%.', [slipGuide, slipNotes, groups]);
      assert.equal(other.partition, 'contradicted', other.reason);
      const own = await proposed('The RS-1 group keeps its slip threshold of 3.0%.', [slipGuide, slipNotes, groups]);
      assert.notEqual(own.partition, 'contradicted', own.reason);
    });
  });
});

// Figures read as what they are: a unit in a field's name before a word that says which value the
// field holds (rate_pct_above, temp_c_max, offset_ms_p95), a count per hour told apart from hours
// (damper_cycles_h), a rate per 1,000 over a period's rows, "the first half of 2025" as a period;
// and superseded values ("until" an event, another product's version, a bare old value), and a
// hedged explanation that reports no movement. Evidence is parsed by the real readers; every
// expected figure is worked out by hand in the comment above it.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';
import { extractFeatures } from '../../src/core/retrieval/index';
import { periodLabels } from '../../src/core/judge/offline/records/periods';

const read = (text: string) => extractFeatures(text).quantities.map((q) => [q.dimension, Number(q.value.toPrecision(6))]);

describe('reading: a unit before a word that qualifies the field', () => {
  it('_pct_above, _c_max and _ms_p95 carry percent, degrees and milliseconds', () => {
    assert.deepEqual(read('l1_alarm_rate_pct_above=32'), [['percent', 32]]);
    assert.deepEqual(read('pour_c_max=1412'), [['temperature', 1412]]);
    // 840 ms is 0.84 s.
    assert.deepEqual(read('offset_ms_p95=840'), [['duration', 0.84]]);
  });

  it('a plural before _h counts per hour: damper_cycles_h=36 is no duration, formation_time_h=36 is 36 hours', () => {
    assert.deepEqual(read('damper_cycles_h=36'), [['count', 36]]);
    assert.deepEqual(read('damper_cycles_h_mean=36'), [['count', 36]]);
    // 36 h = 129,600 s.
    assert.deepEqual(read('formation_time_h=36'), [['duration', 129600]]);
  });
});

describe('reading: a number written in words of tens and units', () => {
  it('"Thirty-seven bags", "forty two pallets", "a twenty-four-hour soak", "two hours and twenty-five minutes"', () => {
    assert.deepEqual(read('Thirty-seven bags were short-shipped'), [['count', 37]]);
    assert.deepEqual(read('forty two pallets'), [['count', 42]]);
    // 24 h = 86,400 s; 2 h 25 min = 8,700 s.
    assert.deepEqual(read('a twenty-four-hour soak'), [['duration', 86400]]);
    assert.deepEqual(read('two hours and twenty-five minutes'), [['duration', 8700]]);
    assert.deepEqual(extractFeatures('Thirty-seven bags').identifiers, []);
  });

  it('"Thirty-seven bags were short-shipped" is grounded by short_shipped=37', async () => {
    const verdict = await judge('Thirty-seven bags were short-shipped that morning.', [{ file: 'metrics.log', text: '[tool=metrics row=1] date=2025-03-02 short_shipped_bags=37 delayed_bags=112' }], { decision: 'rules' });
    assert.equal(verdict.partition, 'grounded', verdict.reason);
  });
});

describe('offline judge: a bound against the field its words name', () => {
  const change = {
    file: 'change_request.json',
    text: JSON.stringify({ change_id: 'CR-7', capacity_floor_bph: 1000, rollback_criteria: { l1_alarm_rate_pct_above: 32, sustained_minutes: 30 } }, null, 2),
  };

  it('"rollback if the L1 alarm rate is above 35%" is contradicted: the field says 32 (percent)', async () => {
    const verdict = await judge('The rollback trigger was an L1 alarm rate above 35% sustained for 30 minutes.', [change], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /35%.*32/);
  });

  it('"… above 32% sustained for 30 minutes" is grounded', async () => {
    const verdict = await judge('The rollback trigger was an L1 alarm rate above 32% sustained for 30 minutes.', [change], { decision: 'rules' });
    assert.equal(verdict.partition, 'grounded', verdict.reason);
  });
});

describe('offline judge: "until" bounds a time or an event, it does not place a figure before a change', () => {
  const guide = { file: 'admin_guide.md', text: '# Build overrides\n\nAn override stays valid for 8 hours or until the ring is erected, whichever comes first.\n' };
  const notes = { file: 'release_notes.md', text: '# Release notes\n\n## 4.2.0\n\n- Changed: build overrides are now valid for 4 hours (was 8 hours) or until the ring is erected.\n' };

  it('"valid for 8 hours or until the ring is erected" is contradicted by the note that makes it 4 hours', async () => {
    const verdict = await judge('An override stays valid for 8 hours or until the ring is erected, whichever comes first.', [guide, notes], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /claim says 8 hours, superseded: release_notes\.md:E\d+ changes it from 8 hours to 4 hours/);
  });

  it('"until version 4.2 an override stayed valid for 8 hours" places the old value before the change', async () => {
    const verdict = await judge('Until version 4.2 an override stayed valid for 8 hours.', [guide, notes], { decision: 'rules' });
    assert.doesNotMatch(verdict.reason, /superseded/);
  });
});

describe('offline judge: release notes against the version the system runs', () => {
  const guide = { file: 'partitions.md', text: '# Partitions\n\nA single job on the gpu partition can run for at most 72 hours of walltime.\n' };
  const notes = {
    file: 'release_notes.md',
    text: '# Release notes\n\n## 2024.4 — 1 October 2024\n\n- The H100 charge factor is raised from 1.5 to 2.0.\n\n## 2024.3 — 1 July 2024\n\n- Maximum walltime in the gpu partition reduced from 72 hours to 48 hours.\n',
  };
  const config = (key: string, version: string) => ({ file: 'cluster.json', text: JSON.stringify({ [key]: version, partitions: ['gpu', 'gpu-long'] }) });

  it('another product\'s version (slurm_version=23.11.10) does not hold back notes of 2024.3: 72 hours is superseded', async () => {
    const verdict = await judge('A single job on the gpu partition can run for at most 72 hours.', [guide, notes, config('slurm_version', '23.11.10')], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /superseded: release_notes\.md:E\d+ changes it from 72 hours to 48 hours/);
  });

  it('the product\'s own older version (software_version=2024.2) still runs the 72 hours', async () => {
    const verdict = await judge('A single job on the gpu partition can run for at most 72 hours.', [guide, notes, config('software_version', '2024.2')], { decision: 'rules' });
    assert.doesNotMatch(verdict.reason, /superseded/);
  });

  it('"one hour" is no rounding of a bare 1.5 a note changes ("the charge factor … from 1.5 to 2.0")', async () => {
    const factor = { file: 'release_notes.md', text: '# Release notes\n\n## 2024.4\n\n- The charge factor for each GPU allocated to a job is raised from 1.5 to 2.0.\n' };
    const verdict = await judge('A GPU-hour is one GPU allocated for one hour of wall-clock time.', [factor], { decision: 'rules' });
    assert.doesNotMatch(verdict.reason, /superseded/);
  });
});

// Mishandled bags by month and terminal, 2024-11 … 2025-08 (rows of other halves and terminals around the first half of 2025).
// First half of 2025, both terminals: handled 100,000 × 6 + 50,000 × 6 = 900,000; mishandled 400 × 6 + 300 × 6 = 4,200;
// 4,200 / 900,000 × 1,000 = 4.67 per 1,000. T2 alone: 1,800 / 300,000 × 1,000 = 6.0 per 1,000.
const mishandled = {
  file: 'mishandled_monthly.csv',
  text: [
    'month,terminal,bags_handled,mishandled',
    ...['2024-11', '2024-12', '2025-01', '2025-02', '2025-03', '2025-04', '2025-05', '2025-06', '2025-07', '2025-08'].flatMap((month) => {
      const inHalf = month >= '2025-01' && month <= '2025-06';
      return [`${month},T1,100000,${inHalf ? 400 : 900}`, `${month},T2,50000,${inHalf ? 300 : 700}`];
    }),
  ].join('\n'),
};

describe('offline judge: a rate per 1,000 over the rows of a period', () => {
  it('"in the first half of 2025 … mishandled 4,200 of 900,000 bags, a rate of 4.67 per 1,000" is grounded by the sums over January to June', async () => {
    const verdict = await judge('In the first half of 2025 the airport handled 900,000 bags and mishandled 4,200 of them, a rate of 4.67 per 1,000.', [mishandled], { decision: 'rules' });
    assert.equal(verdict.partition, 'grounded', verdict.reason);
  });

  it('"T2 mishandled 6.0 bags per 1,000 handled in the first half of 2025" is grounded; 4.0 per 1,000 is not', async () => {
    const right = await judge('T2 mishandled 6.0 bags per 1,000 handled in the first half of 2025.', [mishandled], { decision: 'rules' });
    assert.equal(right.partition, 'grounded', right.reason);
    const wrong = await judge('T2 mishandled 4.0 bags per 1,000 handled in the first half of 2025.', [mishandled], { decision: 'rules' });
    assert.notEqual(wrong.partition, 'grounded', wrong.reason);
  });

  it('an ordinal half names a period ("the first half of 2025"), not a share; "about half of the bags" stays 50%', () => {
    assert.deepEqual(read('in the first half of 2025'), [['count', 2025]]);
    assert.deepEqual(read('about half of the bags'), [['percent', 50]]);
    assert.deepEqual(periodLabels('the first half of 2025, the third quarter'), [{ letter: 'h', numbers: [1] }, { letter: 'q', numbers: [3] }]);
    // A part of another span, and a week counted from whatever the report started.
    assert.deepEqual(periodLabels('the second half of July, in the first week'), []);
  });
});

describe('offline judge: a hedged explanation does not report a movement', () => {
  // Sessions fell from 4,820,000 (week 27) to 2,380,000 (week 31).
  const sessions = { file: 'metrics.log', text: ['week=27 sessions=4820000', 'week=29 sessions=3600000', 'week=31 sessions=2380000'].map((row, i) => `[tool=metrics row=${i + 1}] ${row}`).join('\n') };

  it('"Part of the rise in sessions might also be seasonal" is not contradicted by the falling series', async () => {
    const verdict = await judge('Part of the rise in sessions might also be seasonal.', [sessions], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });

  it('"Sessions rose over the period" is', async () => {
    const verdict = await judge('Sessions rose over the period.', [sessions], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
  });
});

describe('offline judge: a changed default against the value the system is configured with', () => {
  const guide = { file: 'admin-guide.md', text: '# Dwell alerts\n\nA tray in the washer queue raises a dwell alert after 120 minutes.\n' };
  const notes = { file: 'release_notes.md', text: '# Release notes\n\n## 5.2.0\n\n- The default dwell alert threshold is lowered from 120 minutes to 90 minutes.\n' };
  const config = { file: 'site_config.json', text: JSON.stringify({ site: 'North', dwell: { alert_threshold_min: 120 } }, null, 2) };

  it('"Your site is configured with a 120-minute dwell alert threshold" is not superseded: the site\'s record holds 120', async () => {
    const verdict = await judge('Your site is configured with a 120-minute dwell alert threshold.', [guide, notes, config], { decision: 'rules' });
    assert.doesNotMatch(verdict.reason, /superseded/);
  });

  it('"The default dwell alert threshold is 120 minutes" is: the note lowered the default to 90', async () => {
    const verdict = await judge('The default dwell alert threshold is 120 minutes.', [guide, notes, config], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /superseded: release_notes\.md:E\d+ changes it from 120 minutes to 90 minutes/);
  });

  it('"two events a day" is no restatement of a change "from 1.5 °C": an old value is restated exactly, not within rounding', async () => {
    const note = { file: 'release-notes.md', text: '# Release notes\n\n## 3.1\n\n- Flex Standard home events: the setback is changed from 1.5°C to 1.0°C.\n' };
    const verdict = await judge('On Flex Standard your home can be included in at most two events a day.', [note], { decision: 'rules' });
    assert.doesNotMatch(verdict.reason, /superseded/);
  });
});

describe('offline judge: a claim that gives the value a change makes new', () => {
  const guide = { file: 'devices.md', text: '# Devices\n\nA handheld can stay offline for up to 12 hours before its picks are refused at sync.\n' };
  const notes = {
    file: 'release-notes.md',
    text: '# Release notes\n\n## 6.1\n\n- Offline mode: handhelds can now stay offline for up to 24 hours (previously 12 hours) before picks are refused; nothing else about sync is changed, and no data is lost.\n',
  };

  it('"can stay offline for up to 24 hours" says what holds now: no reversal', async () => {
    const verdict = await judge('A handheld can stay offline for up to 24 hours before its picks are refused at sync.', [guide, notes], { decision: 'rules' });
    assert.equal(verdict.partition, 'grounded', verdict.reason);
  });

  it('"… up to 12 hours" is superseded', async () => {
    const verdict = await judge('A handheld can stay offline for up to 12 hours before its picks are refused at sync.', [guide, notes], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /changes it from 12 hours to 24 hours/);
  });
});

describe('offline judge: a version against a decimal of the same record', () => {
  const metrics = { file: 'metrics.log', text: '[tool=metrics row=1] bridge=SB-2 firmware=4.4.0 swings=41 avg_road_closure_s=162.9' };

  it('"every bridge now running 4.4.0" is not contradicted by avg_road_closure_s=162.9, which is no version', async () => {
    const verdict = await judge('Road closures on the bridge now running 4.4.0 averaged 162.9 seconds.', [metrics], { decision: 'rules' });
    assert.doesNotMatch(verdict.reason, /claim says 4\.4\.0/);
  });

  it('"the bridge is now running 4.3.1" is contradicted by firmware=4.4.0', async () => {
    const verdict = await judge('SB-2 is now running firmware 4.3.1.', [metrics], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /claim says 4\.3\.1, .* says firmware=4\.4\.0/);
  });
});

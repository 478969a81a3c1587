// The offline judge reading a table's series: periods numbered under a column that names their
// kind (ww=36), measures named with a unit per quantity (per_1000km), and rows with one per period
// read as one series. Evidence is parsed by the real evidence reader; expected verdicts are worked
// out by hand in the comments.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

describe('offline judge: series of table rows', () => {
  const scans = {
    file: 'defect_scans.csv',
    text: [
      'ww,inspection_tool,process_tool,wafers_scanned,killer_pct,top_defect_class',
      '36,INSP-D02,ET31-B,15,18,residue',
      '36,INSP-D02,ET31-A,15,12,residue',
      '37,INSP-D02,ET31-B,10,19,residue',
      '37,INSP-D02,ET31-A,10,12,residue',
      '38,INSP-D02,ET31-B,15,27,particle',
      '38,INSP-D02,ET31-A,15,13,residue',
      '39,INSP-D02,ET31-B,10,31,particle',
      '39,INSP-D02,ET31-A,10,12,residue',
    ].join('\n'),
  };

  it('work weeks numbered under ww are periods; a changing defect class does not split the series', async () => {
    // ET31-B killer_pct by work week: 18, 19, 27, 31 — not flat.
    const wrong = await judge('The killer-defect share on ET31-B stayed roughly flat at about 18%.', [scans]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /31/);
    // ET31-A: 12, 12, 13, 12 — never more than a point from where it started (steady.json allows a point).
    const right = await judge('The killer-defect share on ET31-A stayed roughly flat at about 12%.', [scans]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });

  it('a measure named with a unit per quantity (harsh_brake_per_1000km) is found by its words', async () => {
    const rows = {
      file: 'metrics.log',
      text: [
        '[tool=telematics row=1] month=2024-07 branch=MAN-APT km_driven=1175300 harsh_brake_per_1000km=3.1',
        '[tool=telematics row=2] month=2024-08 branch=MAN-APT km_driven=1255600 harsh_brake_per_1000km=3.6',
        '[tool=telematics row=3] month=2024-09 branch=MAN-APT km_driven=1060100 harsh_brake_per_1000km=4.2',
        '[tool=telematics row=4] month=2024-07 branch=EDI-APT km_driven=812900 harsh_brake_per_1000km=2.8',
        '[tool=telematics row=5] month=2024-08 branch=EDI-APT km_driven=992200 harsh_brake_per_1000km=2.8',
        '[tool=telematics row=6] month=2024-09 branch=EDI-APT km_driven=680700 harsh_brake_per_1000km=2.8',
      ].join('\n'),
    };
    // MAN-APT: 3.1 → 4.2 over the quarter; EDI-APT 2.8 throughout.
    const wrong = await judge('Harsh-braking events at MAN-APT stayed flat over the quarter.', [rows]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    const right = await judge('Harsh-braking events at EDI-APT stayed flat over the quarter.', [rows]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });
});

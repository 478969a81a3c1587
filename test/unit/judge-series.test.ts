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

describe('offline judge: measures the documents define from two columns', () => {
  const rows = {
    file: 'newsletter_q3.csv',
    text: [
      'month,newsletter,delivered,unique_opens,unique_clicks,unsubscribes,list_size_end',
      '2024-09,morning-briefing,12360000,5314800,630360,2980,413100',
      '2024-09,evening-edition,6720000,2553600,255360,1990,224800',
      '2024-09,food-and-drink,492000,270600,35424,290,123700',
      '2024-09,climate-desk,222000,130980,17760,130,55600',
      '2024-09,opinion-digest,312000,109200,8112,700,77100',
      '2024-08,evening-edition,6880000,2476800,275200,2210,223100',
      '2024-08,opinion-digest,318000,114480,8904,610,77900',
    ].join('\n'),
  };
  const definitions = {
    file: 'definitions.md',
    text: ['# Definitions', '', '- **Click-through rate (CTR)** = unique_clicks / delivered.', '- **Unsubscribe rate** is reported per 1,000 delivered emails.'].join('\n'),
  };

  it('a rank by a defined rate reads the rate, not the counts it is made of', async () => {
    // CTR: food-and-drink 35,424 / 492,000 = 7.2%; climate-desk 17,760 / 222,000 = 8.0%, the highest.
    const wrong = await judge('food-and-drink had the highest click-through rate in September, at 7.2%.', [rows, definitions]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /climate-desk/);
    const right = await judge('climate-desk had the highest click-through rate in September, at 8.0%.', [rows, definitions]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });

  it('a comparison of a rate per 1,000 reads the rate, though the raw count goes the other way', async () => {
    // Per 1,000 delivered: evening-edition 1,990 / 6,720,000 × 1,000 = 0.296; morning-briefing 2,980 / 12,360,000 × 1,000 = 0.241.
    // (In raw unsubscribes evening-edition is the lower, 1,990 against 2,980.)
    const wrong = await judge('In September, evening-edition had a lower unsubscribe rate than morning-briefing.', [rows, definitions]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    const right = await judge('In September, morning-briefing had a lower unsubscribe rate than evening-edition.', [rows, definitions]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });

  it('a definition in words ("transactions divided by footfall") defines the rate too', async () => {
    const stores = { file: 'stores.csv', text: ['store,footfall,transactions', 'Leeds,20000,3000', 'York,10000,2000', 'Hull,8000,1000'].join('\n') };
    const doc = { file: 'kpi.md', text: '**Conversion rate** is transactions divided by footfall for the same store and period.' };
    // Leeds 15%, York 20%, Hull 12.5%: York converts best, though Leeds has the most transactions.
    const wrong = await judge('Leeds had the highest conversion rate, at 15%.', [stores, doc]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /York/);
  });

  it('a rate defined over a sum the documents define reads the sum ("waste_kg / total output", total output = good + rework + waste)', async () => {
    const lines = { file: 'lines.csv', text: ['line,good_kg,rework_kg,waste_kg', 'L1,3800,100,100', 'L2,900,20,80', 'L3,2000,30,70'].join('\n') };
    const doc = { file: 'kpis.md', text: ['- **Total output** of a line is `good_kg + rework_kg + waste_kg`.', '- **Waste share** is `waste_kg / total output`.'].join('\n') };
    // Waste share: L1 100 / 4,000 = 2.5%; L2 80 / 1,000 = 8.0%, the highest; L3 70 / 2,100 = 3.3%.
    // (In raw waste L1 is the highest, 100 kg.)
    const wrong = await judge('L1 had the highest waste share, at 2.5%.', [lines, doc]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /L2/);
    const right = await judge('L2 had the highest waste share, at 8.0%.', [lines, doc]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });

  it('a rank of the entity\'s own periods, or of another measure named by the noun after it, is not ranked across entities', async () => {
    // "the lowest of its months": evening-edition's own months (August 275,200 / 6,880,000 = 4.0%,
    // September 3.8%), not the newsletters of September (opinion-digest's 2.6% is lower).
    const own = await judge("In September evening-edition's click-through rate was 3.8%, the lowest of its months.", [rows, definitions]);
    assert.notEqual(own.partition, 'contradicted', own.reason);
    // "our largest list" ranks list sizes (morning-briefing's 413,100 is the largest), not click-through
    // rates (its 630,360 / 12,360,000 = 5.1% is below climate-desk's 8.0%).
    const apposition = await judge('morning-briefing, our largest list, had a 5.1% click-through rate in September.', [rows, definitions]);
    assert.notEqual(apposition.partition, 'contradicted', apposition.reason);
  });
});

describe('offline judge: a figure a table gives through its rows is not contradicted by one row', () => {
  it('a share of the rows\' total is not read against one row\'s count', async () => {
    const lines = {
      file: 'claims_by_lob_q3.csv',
      text: ['line_of_business,claims_received,claims_closed', 'Auto,5860,5400', 'Home,2410,2300', 'Travel,1130,1100', 'Pet,600,590'].join('\n'),
    };
    // Total received 5,860 + 2,410 + 1,130 + 600 = 10,000; Auto's share 5,860 / 10,000 = 58.6%.
    const verdict = await judge('Auto accounted for 58.6% of claims received.', [lines]);
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });
});

describe('offline judge: a rank in the present is of the latest period', () => {
  const rows = {
    file: 'attendance_by_school.log',
    text: [
      '[tool=sis_query row=1] school="Birchfield Middle" term=2024-25_S1 chronic_pct=16.0',
      '[tool=sis_query row=2] school="Kestrel Valley High" term=2024-25_S1 chronic_pct=21.0',
      '[tool=sis_query row=3] school="Northgate Elementary" term=2024-25_S1 chronic_pct=11.0',
      '[tool=sis_query row=4] school="Birchfield Middle" term=2025-26_S1 chronic_pct=19.3',
      '[tool=sis_query row=5] school="Kestrel Valley High" term=2025-26_S1 chronic_pct=19.0',
      '[tool=sis_query row=6] school="Northgate Elementary" term=2025-26_S1 chronic_pct=17.5',
    ].join('\n'),
  };

  it('"remains the highest" is read in the latest term, not in any term', async () => {
    // 2024-25: Kestrel Valley High 21.0 is the highest; 2025-26: Birchfield Middle 19.3 beats its 19.0.
    const verdict = await judge('Kestrel Valley High remains the school with the highest chronic absence rate.', [rows]);
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /Birchfield Middle/);
  });
});

describe('offline judge: a row named by a clock time', () => {
  it('"the 11:00 slot … 97.4%" where 97.4 is the 13:30 slot\'s fill', async () => {
    const slots = {
      file: 'slots.log',
      text: [
        '[tool=run_sql row=1] query=slot_fill slot=10:00 avg_sold=73.4 fill_pct=61.2',
        '[tool=run_sql row=2] query=slot_fill slot=11:00 avg_sold=118.9 fill_pct=99.1',
        '[tool=run_sql row=3] query=slot_fill slot=13:30 avg_sold=116.9 fill_pct=97.4',
      ].join('\n'),
    };
    const wrong = await judge('The 11:00 slot averaged 97.4% of capacity.', [slots]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /99\.1/);
    const right = await judge('The 13:30 slot averaged 97.4% of capacity.', [slots]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });
});

describe('offline judge: a movement said of every step', () => {
  const weeks = {
    file: 'sales_weekly.log',
    text: [
      '[tool=run_sql row=1] query=weekly iso_week=2026-W10 member=980 adult=4100',
      '[tool=run_sql row=2] query=weekly iso_week=2026-W11 member=1110 adult=4020',
      '[tool=run_sql row=3] query=weekly iso_week=2026-W12 member=1205 adult=4180',
      '[tool=run_sql row=4] query=weekly iso_week=2026-W13 member=1250 adult=4400',
    ].join('\n'),
  };

  it('"rose every week" needs each week up, not only the last above the first', async () => {
    // member: 980 → 1,110 → 1,205 → 1,250, up every week; adult: 4,100 → 4,020 (down) → 4,180 → 4,400.
    const member = await judge('Member visits rose every week.', [weeks]);
    assert.notEqual(member.partition, 'contradicted', member.reason);
    const adult = await judge('Adult visits rose every week.', [weeks]);
    assert.equal(adult.partition, 'contradicted', adult.reason);
    assert.match(adult.reason, /4100|4,100/);
  });

  it('a total said to rise every month sums each month\'s rows; its figures are sums no row holds', async () => {
    // July 200 + 300 = 500; August 400 + 350 = 750; September 380 + 360 = 740: August to September fell.
    const landings = {
      file: 'landings.csv',
      text: ['month,port,landed_t', '2024-07,Peterhead,200', '2024-07,Lerwick,300', '2024-08,Peterhead,400', '2024-08,Lerwick,350', '2024-09,Peterhead,380', '2024-09,Lerwick,360'].join('\n'),
    };
    const rose = await judge('Total landings rose in every month of the quarter, from 500 t in July to 740 t in September.', [landings], { decision: 'rules' });
    assert.equal(rose.partition, 'contradicted', rose.reason);
    assert.match(rose.reason, /750/);
  });

  it('"improved steadily every month" reads each step by the measure\'s better way (lower latency is better)', async () => {
    // 120 → 110 → 115 → 100: the March step up is a worsening of a latency.
    const latency = {
      file: 'latency.log',
      text: ['[tool=q row=1] month=2026-01 latency_ms=120', '[tool=q row=2] month=2026-02 latency_ms=110', '[tool=q row=3] month=2026-03 latency_ms=115', '[tool=q row=4] month=2026-04 latency_ms=100'].join('\n'),
    };
    const improved = await judge('Latency improved steadily every month.', [latency], { decision: 'rules' });
    assert.equal(improved.partition, 'contradicted', improved.reason);
  });

  it('a capitalised place name is no movement ("Alder Falls")', async () => {
    const months = { file: 'gen.log', text: ['[tool=q row=1] month=2026-01 plant="Alder Falls" availability_pct=98.1', '[tool=q row=2] month=2026-02 plant="Alder Falls" availability_pct=97.4', '[tool=q row=3] month=2026-03 plant="Alder Falls" availability_pct=99.0'].join('\n') };
    const verdict = await judge('Alder Falls ran at 97% availability or better in every month.', [months]);
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });
});

describe('offline judge: a rate compared, its unit written first', () => {
  const rows = {
    file: 'irrigation.log',
    text: [
      '[tool=q row=1] field=F-A month=2026-07 applied_mm=168 pump_kwh=5480',
      '[tool=q row=2] field=F-B month=2026-07 applied_mm=171 pump_kwh=4330',
      '[tool=q row=3] field=F-C month=2026-07 applied_mm=131 pump_kwh=4700',
    ].join('\n'),
  };

  it('"Per millimetre applied, F-C needed less pump energy than F-A" reads pump_kwh / applied_mm, F-C first', async () => {
    // F-C 4,700 / 131 = 35.9 kWh per mm; F-A 5,480 / 168 = 32.6: F-C needed more.
    const wrong = await judge('Per millimetre applied, F-C needed less pump energy than F-A.', [rows]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    const right = await judge('Per millimetre applied, F-A needed less pump energy than F-C.', [rows]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });
});

describe('offline judge: a figure that names no measure', () => {
  it('"ET31-A | 92.1% | 91.9%" is not contradicted by another percentage of ET31-A\'s records', async () => {
    const scans = { file: 'defect_scans.csv', text: ['ww,process_tool,killer_pct', '36,ET31-A,17', '39,ET31-A,18', '36,ET31-B,18'].join('\n') };
    // The row gives yields by week (the table's header says which week, not what is measured);
    // killer_pct is another measure, so neither grounds nor contradicts it.
    const verdict = await judge('ET31-A | 92.1% | 91.9%', [scans]);
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });
});

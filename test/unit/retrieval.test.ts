// Evidence retrieval and text features: what is read out of a line (identifiers, numbers with
// units, times, dates, fields) and which items a claim retrieves. Expected values are worked
// out by hand from the texts.
import * as assert from 'node:assert/strict';
import { buildEvidenceIndex, extractFeatures, splitProseSentences } from '../../src/core/retrieval/index';
import type { EvidenceItem, EvidenceKind } from '../../src/core/review-types';

function item(id: string, text: string, kind: EvidenceKind = 'log_line', fields: Record<string, string> = {}): EvidenceItem {
  return { id, file: 'e.log', line: 1, endLine: 1, text, kind, fields };
}

describe('text features', () => {
  it('reads identifiers: hosts, metric names, paths, versions, ids', () => {
    const f = extractFeatures('host=db-prod-1 wrote /var/log/app.log with cpu_pct after v2.3.1 and INC-4821');
    for (const id of ['db-prod-1', '/var/log/app.log', 'cpu_pct', 'v2.3.1', 'inc-4821']) assert.ok(f.identifiers.includes(id), id);
  });

  it('reads numbers with units in their base unit (seconds, bytes, percent)', () => {
    const [ms, pct, gb] = extractFeatures('took 2140ms at 97.2% using 4 GB').quantities;
    assert.deepEqual([ms!.dimension, ms!.value], ['duration', 2.14]);
    assert.deepEqual([pct!.dimension, pct!.value], ['percent', 97.2]);
    assert.deepEqual([gb!.dimension, gb!.value], ['bytes', 4e9]);
  });

  it('takes a unit from a field name (cpu_pct=97.2 is a percentage, p99_ms=840 a duration)', () => {
    const [cpu, p99] = extractFeatures('cpu_pct=97.2 p99_ms=840 rps=1175').quantities;
    assert.equal(cpu!.dimension, 'percent');
    assert.deepEqual(cpu!.key, ['cpu', 'percent']);
    // 840 ms = 0.84 s; the following `rps=` is the next field, not the unit of 840.
    assert.deepEqual([p99!.dimension, p99!.value], ['duration', 0.84]);
  });

  it('reads one compound duration, thousands separators and qualifiers', () => {
    assert.equal(extractFeatures('after 1 minute 33 seconds').quantities[0]!.value, 93);
    const [about] = extractFeatures('about 104,000 users').quantities;
    assert.deepEqual([about!.value, about!.qualifier], [104000, 'approx']);
    assert.equal(extractFeatures('still above 20,000').quantities[0]!.qualifier, 'lower');
    assert.equal(extractFeatures('fewer than 450 signups').quantities[0]!.qualifier, 'upper');
    // A bound written after the figure and its unit: "events of 10 minutes or more" is at least 10 minutes.
    assert.equal(extractFeatures('Events of 10 minutes or more are recorded').quantities[0]!.qualifier, 'lower');
    assert.equal(extractFeatures('a reply in 500 ms or less').quantities[0]!.qualifier, 'upper');
    assert.equal(extractFeatures('10 minutes or so').quantities[0]!.qualifier, undefined);
  });

  it('reads clock times in 24-hour and am/pm notation, with or without seconds', () => {
    const [a, b, c] = extractFeatures('at 14:02:01, then 2:01 PM and 2026-03-02T09:05Z').times;
    assert.deepEqual([a!.seconds, a!.hasSeconds], [14 * 3600 + 2 * 60 + 1, true]);
    assert.deepEqual([b!.seconds, b!.hasSeconds], [14 * 3600 + 60, false]);
    assert.equal(c!.seconds, 9 * 3600 + 5 * 60);
  });

  it('reads a unit written after a colon field (prose or YAML), but not after key=value, where a spaced word is the next field', () => {
    const read = (text: string) => extractFeatures(text).quantities.map((q) => [q.value, q.dimension]);
    // 10 minutes = 600 s.
    assert.deepEqual(read('idle_timeout: 10 minutes'), [[600, 'duration']]);
    assert.deepEqual(read('retries=3 min_ok=2'), [[3, 'count'], [2, 'count']]);
  });

  it('reads the first time of a range on the half of the day and in the zone the second gives', () => {
    const hours = (text: string) => extractFeatures(text).times.map((t) => [t.seconds / 3600, t.utc === undefined ? null : t.utc / 3600]);
    // EDT is UTC−4: 9:00 PM and 11:00 PM EDT are 01:00 and 03:00 UTC.
    assert.deepEqual(hours('the approved window of 9:00–11:00 PM EDT'), [[21, 1], [23, 3]]);
    assert.deepEqual(hours('inside the approved 9–10 PM window'), [[21, null], [22, null]]);
    // A range across noon opens in the morning; an am range stays as written.
    assert.deepEqual(hours('from 11:00 to 1:00 PM'), [[11, null], [13, null]]);
    assert.deepEqual(hours('from 10:15 to 10:45 AM'), [[10.25, null], [10.75, null]]);
    // A code's number is no hour: FERT-03 until 5:30 PM.
    assert.deepEqual(hours('locked by FERT-03 until 5:30 PM'), [[17.5, null]]);
  });

  it('reads dates in ISO and written forms, and a month with its year', () => {
    const dates = extractFeatures('valid until 12 October 2026, issued 2026-07-20, released in September 2025').dates;
    const sorted = dates.map((d) => [d.year, d.month, d.day]).sort();
    assert.deepEqual(sorted, [[2025, 9, undefined], [2026, 10, 12], [2026, 7, 20]].sort());
  });

  it('reads the first day of a day range in the month named after the second', () => {
    const days = (text: string) => extractFeatures(text).dates.map((d) => [d.month, d.day, d.year]).sort();
    assert.deepEqual(days('out of service from 10 to 27 June'), [[6, 10, undefined], [6, 27, undefined]]);
    assert.deepEqual(days('between 7 and 12 September 2025'), [[9, 12, 2025], [9, 7, 2025]]);
    assert.deepEqual(days('a heatwave on 14–21 June'), [[6, 14, undefined], [6, 21, undefined]]);
    // Only when the first day is the earlier one: "from 30 to 12 June" reads a count falling to a date.
    assert.deepEqual(days('rose from 30 to 12 June'), [[6, 12, undefined]]);
  });

  it('reads a glued one-letter size (1.2T) as bytes but "36.8 t of CO2" not; a field named "… per <thing>" is a ratio', () => {
    assert.equal(extractFeatures('used 1.2T of 2T').quantities[0]!.dimension, 'bytes');
    assert.notEqual(extractFeatures('released about 36.8 t of CO2').quantities[0]!.dimension, 'bytes');
    // A spaced "s" is still seconds.
    assert.deepEqual(extractFeatures('hangs up after more than 5 s in the queue').quantities.map((q) => [q.value, q.dimension]), [[5, 'duration']]);
    assert.equal(extractFeatures('diesel_kg_co2_per_litre=2.64').quantities[0]!.dimension, 'ratio');
    // An amount in a unit of time stays an amount: "140 MB a minute".
    assert.equal(extractFeatures('wal_mb_per_min=140').quantities[0]!.dimension, 'count');
  });

  it('reads a field named … _days or … _weeks as a duration, but not a count of days (n_days)', () => {
    assert.deepEqual(extractFeatures('p90_wait_days=81').quantities.map((q) => [q.value, q.dimension]), [[81 * 86400, 'duration']]);
    assert.deepEqual(extractFeatures('retention_weeks=2').quantities.map((q) => [q.value, q.dimension]), [[14 * 86400, 'duration']]);
    assert.deepEqual(extractFeatures('n_days=31').quantities.map((q) => [q.value, q.dimension]), [[31, 'count']]);
  });

  it('reads "a second" as a duration, but not the ordinal ("a second attempt", "a second `crontab -l`")', () => {
    assert.deepEqual(extractFeatures('about a second later').quantities.map((q) => [q.value, q.dimension]), [[1, 'duration']]);
    assert.deepEqual(extractFeatures('a second attempt failed').quantities, []);
    assert.deepEqual(extractFeatures('which a second `crontab -l` confirmed').quantities, []);
    assert.deepEqual(extractFeatures('a second deploy went out at 14:10').quantities, []);
    assert.deepEqual(extractFeatures('it answered in under a second.').quantities.map((q) => [q.value, q.dimension]), [[1, 'duration']]);
  });

  it('keeps a serial with colons as one identifier, not a time', () => {
    const f = extractFeatures('serial 04:A1:9C');
    assert.deepEqual(f.times, []);
    assert.ok(f.identifiers.includes('04:a1:9c'));
  });

  it('groups the words of a name and stems words', () => {
    const f = extractFeatures('The office of Stanford University is located in Chestnut Hill, Massachusetts.');
    assert.deepEqual(f.nameGroups, [['stanford', 'univers'], ['chestnut', 'hill'], ['massachusett']]);
    assert.ok(f.words.includes('locat'));
  });

  it('splits prose into sentences, also where a source glued two together', () => {
    assert.deepEqual(splitProseSentences('It was published in the 19th century.First for Women is a magazine.'), [
      'It was published in the 19th century.',
      'First for Women is a magazine.',
    ]);
  });
});

describe('evidence index', () => {
  const items = [
    item('E1', '[tool=query_metrics row=14:00:01] host=db-prod-1 cpu_pct=41.3', 'tool_row'),
    item('E2', '[tool=query_metrics row=14:02:01] host=db-prod-2 cpu_pct=38.4', 'tool_row'),
    item('E3', '[tool=query_metrics row=14:02:01] host=db-prod-1 cpu_pct=97.2', 'tool_row'),
    item('E4', '2026-03-02T14:06:30Z INFO oncall manual kill of long-running query pid=88213 on db-prod-1'),
    item('E5', 'Restarting the primary database requires approval. Killing a query needs none.', 'paragraph'),
  ];
  const index = buildEvidenceIndex(items);

  it('a record dated with a full date holds its weekday as a word, so "on Wednesday" finds the day', () => {
    // 2024-10-23 was a Wednesday (2024-10-21 a Monday); a month and day alone give no weekday.
    const days = buildEvidenceIndex([
      item('D1', 'date=2024-10-21 line=L21 packed=240211', 'tool_row'),
      item('D2', 'date=2024-10-23 line=L21 packed=198004', 'tool_row'),
      item('D3', 'Changeovers are planned for 23 October.', 'paragraph'),
    ]);
    const wednesday = extractFeatures('wednesday').words[0]!;
    assert.deepEqual(days.items.filter((unit) => unit.wordSet.has(wednesday)).map((unit) => unit.item.id), ['D2']);
  });

  it("each sentence of a longer item keeps its section heading's words and names, not its figures", () => {
    // The list item sits under "## 3.5.0 (2024-09-02)"; its second sentence must still be 3.5.0's.
    const note = { ...item('N1', 'Standard plan: the per-hold package limit is raised from 40 to 60 packages. The Enterprise limit is unchanged at 200 packages.', 'paragraph'), context: 'YardTrack release notes · 3.5.0 (2024-09-02)' };
    const units = buildEvidenceIndex([note]).items;
    assert.equal(units.length, 2);
    const release = extractFeatures('release').words[0]!;
    for (const unit of units) {
      assert.ok(unit.identifierSet.has('3.5.0'), unit.text);
      assert.ok(unit.wordSet.has(release), unit.text);
    }
    // The heading's date is not a figure of the sentence: the second sentence gives 200 alone.
    assert.deepEqual(units[1]!.features.quantities.map((q) => q.value), [200]);
  });

  it('ranks the row with the host, the value and the time first', () => {
    // E3 holds db-prod-1, 97 (as 97.2) and 14:02; E1 only the host, E2 only the time.
    const hits = index.search('CPU on db-prod-1 reached 97% at 14:02');
    assert.equal(hits[0]!.indexed.item.id, 'E3');
    assert.ok(hits.some((hit) => hit.indexed.item.id === 'E1'));
  });

  it('answers a query asked again as the first time, with hits of its own', () => {
    const fresh = buildEvidenceIndex(items);
    const first = fresh.search('CPU on db-prod-1 reached 97% at 14:02', { limit: 2 });
    const shown = first.map((hit) => [hit.indexed.item.id, hit.score]);
    first[0]!.score = -1;
    first.pop();
    const again = fresh.search(extractFeatures('CPU on db-prod-1 reached 97% at 14:02'), { limit: 2 });
    assert.deepEqual(again.map((hit) => [hit.indexed.item.id, hit.score]), shown);
    // Another limit is another query (a long posting only re-ranks once enough units are found).
    assert.deepEqual(fresh.search('CPU on db-prod-1 reached 97% at 14:02', { limit: 3 }).map((hit) => [hit.indexed.item.id, hit.score]), buildEvidenceIndex(items).search('CPU on db-prod-1 reached 97% at 14:02', { limit: 3 }).map((hit) => [hit.indexed.item.id, hit.score]));
  });

  it('a term in no unit changes nothing: queries differing only by absent specifics answer alike', () => {
    const fresh = buildEvidenceIndex(items);
    const hits = (query: string) => fresh.search(query, { limit: 2 }).map((hit) => [hit.indexed.item.id, hit.score]);
    const alone = buildEvidenceIndex(items).search('host db-prod-1 at 14:02', { limit: 2 }).map((hit) => [hit.indexed.item.id, hit.score]);
    assert.deepEqual(hits('host db-prod-1 at 14:02 rebooted by zyxwv-77'), alone);
    assert.deepEqual(hits('host db-prod-1 at 14:02 drained by qqq-12'), alone);
  });

  it('weighs an identifier above ordinary words', () => {
    // "pid 88213" is only in E4.
    assert.equal(index.search('the query with pid 88213').at(0)!.indexed.item.id, 'E4');
  });

  it('indexes prose by sentence, each sentence pointing to its item', () => {
    const sentences = index.items.filter((unit) => unit.item.id === 'E5');
    assert.deepEqual(sentences.map((unit) => unit.text), ['Restarting the primary database requires approval.', 'Killing a query needs none.']);
    // `position` stays the item's place in the evidence array (E5 is the fifth), `unit` the sentence's.
    assert.deepEqual(sentences.map((unit) => unit.position), [4, 4]);
    assert.deepEqual(sentences.map((unit) => unit.unit), [4, 5]);
    assert.equal(index.search('approval to restart the primary database').at(0)!.indexed.text, 'Restarting the primary database requires approval.');
  });

  it('returns nothing for a text sharing no term, and respects the limit', () => {
    assert.deepEqual(index.search('zebra'), []);
    assert.equal(index.search('db-prod-1 cpu', { limit: 2 }).length, 2);
  });

  it('knows document frequencies and whether records were given', () => {
    assert.equal(index.documentFrequency('i:db-prod-1'), 3);
    assert.equal(index.hasRecords, true);
    assert.equal(buildEvidenceIndex([items[4]!]).hasRecords, false);
  });

  it('finds the few relevant rows among many without scanning each for every query', () => {
    // 5,000 rows of other hosts and one row of db-prod-77: the rare host decides.
    const many = Array.from({ length: 5000 }, (_, i) => item(`E${i}`, `[tool=m row=${i}] host=db-prod-${i % 40} cpu_pct=${i % 90}`, 'tool_row'));
    many.push(item('E9999', '[tool=m row=9999] host=db-prod-77 cpu_pct=12', 'tool_row'));
    const hits = buildEvidenceIndex(many).search('cpu on db-prod-77 was 12%');
    assert.equal(hits[0]!.indexed.item.id, 'E9999');
  });
});

describe('units of energy, power and volume (units.json)', () => {
  const read = (text: string) => extractFeatures(text).quantities.map((q) => [q.dimension, q.value]);

  it('reads GWh, MWh and kWh as one energy, MW as power, litres as volume', () => {
    // 47.2 GWh = 47,200 MWh = 4.72e10 Wh; 9.7 MW = 9.7e6 W; 250 litres = 0.25 m³.
    assert.deepEqual(read('about 47.2 GWh'), [['energy', 47.2e9]]);
    assert.deepEqual(read('a peak of 9.7 MW'), [['power', 9.7e6]]);
    assert.deepEqual(read('250 litres'), [['volume', 0.25]]);
  });

  it('a field named in MWh or MW carries the unit', () => {
    // net_mwh=14820 is 14.82 GWh.
    assert.deepEqual(read('plant=alder month=2026-01 net_mwh=14820 peak_mw=61.5'), [['energy', 14820e6], ['power', 61.5e6]]);
  });

  it('cubic metres written with their power are a volume, and a unit with a power is no identifier', () => {
    assert.deepEqual(read('about 44.8 m³/t of dryer gas'), [['volume', 44.8]]);
    assert.deepEqual(read('line=L3 dryer_gas_m3=4614'), [['volume', 4614]]);
    assert.deepEqual(extractFeatures('at about 44.8 m³/t, 8 g/m² and 600 m³/h').identifiers, []);
    // The ASCII "M3" may name a motorway or an instance family: it stays an identifier.
    assert.deepEqual(extractFeatures('traffic on the M3 was light').identifiers, ['m3']);
  });
});

describe('sentences of a document block', () => {
  it('a line break inside a list item is a soft wrap; a break before the next list item is not', () => {
    const text = '- Borrowers can now have up to 50 items on loan\n  at once (previously 30). Loan periods are unchanged.\n- Alumni can place holds.';
    const sentences = splitProseSentences(text);
    assert.deepEqual(sentences, ['- Borrowers can now have up to 50 items on loan\n  at once (previously 30).', 'Loan periods are unchanged.', '- Alumni can place holds.']);
    // Each sentence is cut from the text as written.
    for (const sentence of sentences) assert.ok(text.includes(sentence));
  });
});

describe('number words and units', () => {
  it('a unit glued by a hyphen to more of a code is the code\'s: "Four KG-MAIN sessions" counts sessions, "six kg" weighs', () => {
    const figures = (text: string) => extractFeatures(text).quantities.map((q) => [q.raw, q.dimension, q.value]);
    assert.deepEqual(figures('Four KG-MAIN sessions were cancelled.'), [['Four', 'count', 4]]);
    assert.deepEqual(figures('six kg of flour'), [['six kg', 'mass', 6]]);
  });

  it('a duration written compactly (13m05s, 1h58m) is a duration, not an identifier', () => {
    const read = (text: string) => {
      const f = extractFeatures(text);
      return [f.quantities.filter((q) => q.dimension === 'duration').map((q) => q.value), f.identifiers];
    };
    // 13 min 5 s is 785 s; 1 h 58 min is 7,080 s.
    assert.deepEqual(read('migration applied in 13m05s rows=48211'), [[785], []]);
    assert.deepEqual(read('the index build took 1h58m'), [[7080], []]);
    // A code that only mixes letters and digits stays one.
    assert.deepEqual(read('node a1b2m3 rebooted'), [[], ['a1b2m3']]);
    // A reading glued to its unit is read once: 600 h is 2,160,000 s.
    assert.deepEqual(read('runtime 600h')[0], [2160000]);
  });

  it('the base of a rate is part of its unit: "2.2 per 1,000 delivered" gives 2.2 alone', () => {
    const values = (text: string) => extractFeatures(text).quantities.map((q) => q.value);
    assert.deepEqual(values('its unsubscribe rate rose from 1.6 to 2.2 per 1,000 delivered'), [1.6, 2.2]);
    // A count that is no round base stays a figure: "per 250 ml" is a serving.
    assert.deepEqual(values('5 drops per 250 ml'), [5, 0.00025]);
  });

  it('a hedge before a range is the whole range\'s: "from roughly 243,000 to 407,000" hedges both', () => {
    const qualifiers = (text: string) => extractFeatures(text).quantities.map((q) => [q.raw, q.qualifier]);
    assert.deepEqual(qualifiers('from roughly 243,000 to 407,000 gallons'), [['243,000', 'approx'], ['407,000', 'approx']]);
    // Without a hedge neither is approximate.
    assert.deepEqual(qualifiers('from 243,000 to 407,000 gallons'), [['243,000', undefined], ['407,000', undefined]]);
  });

  it('two numbers joined by a hyphen before a unit are a range in that unit, not an identifier', () => {
    const read = (text: string) => {
      const f = extractFeatures(text);
      return [f.quantities.map((q) => [q.dimension, q.value]), f.identifiers];
    };
    // 135 to 145 °C (a spaced C is Celsius); 7.6% to 8.1%; 1,200 to 1,500 grouped by thousands.
    assert.deepEqual(read('peak metal temperature 135-145 C'), [[['temperature', 135], ['temperature', 145]], []]);
    assert.deepEqual(read('a target band of 7.6-8.1% dry'), [[['percent', 7.6], ['percent', 8.1]], []]);
    assert.deepEqual(read('pallets 1,200-1,500 kg')[0], [['mass', 1200], ['mass', 1500]]);
    // 12 to 18 micrometres, written "um" as ASCII and "µm" in prose: 1.2e-5 m to 1.8e-5 m.
    assert.deepEqual(read('Basecoat dry film: 12-18 um.')[0], [['length', 12e-6], ['length', 18e-6]]);
    // Without a unit after it, or with a word that is no unit, it stays a code.
    assert.deepEqual(read('window 1200-1500')[1], ['1200-1500']);
    assert.deepEqual(read('ticket 2024-118 tickets')[1], ['2024-118']);
    assert.deepEqual(read('profile LP-28-v2 applied')[1], ['lp-28-v2']);
  });
});

describe('clock times with and without a zone', () => {
  const times = (text: string) => extractFeatures(text).times.map((t) => [t.raw, t.seconds, t.utc]);

  it('"13:45-14:00" is a window, not 13:45 at UTC−14; an ISO time keeps its offset', () => {
    // 13:45 is 49,500 s; with no zone it has no UTC reading.
    assert.deepEqual(times('window=13:45-14:00 value=2380')[0]!.slice(1), [49500, undefined]);
    // 09:15+01:00 is 08:15 UTC (29,700 s); 09:15:00-05:00 is 14:15 UTC (51,300 s).
    assert.deepEqual(times('2026-02-02T09:15:00+01:00 start')[0]!.slice(1), [33300, 29700]);
    assert.deepEqual(times('at 09:15:00-05:00 start')[0]!.slice(1), [33300, 51300]);
  });

  it('a range written with a hyphen gives both its times: the second is read, not swallowed as an offset', () => {
    // 02:00 is 7,200 s and 04:00 is 14,400 s; neither has a zone.
    assert.deepEqual(times('maintenance_window_utc=02:00-04:00'), [['02:00', 7200, undefined], ['04:00', 14400, undefined]]);
    // Within an ISO date-time the minus is the offset: 13:45 at UTC−5 is 18:45 UTC (67,500 s).
    assert.deepEqual(times('2026-03-17T13:45-05:00 start'), [['2026-03-17T13:45-05:00', 49500, 67500]]);
  });
});

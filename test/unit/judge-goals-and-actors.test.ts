// The offline judge reading goals said to be met across every row ("every route met the 95%
// target"), fields named in minutes or hours by a short suffix (avg_delay_min, period_h), a
// person the report writes as a name ("D. Osei") whom the records write as an id (d.osei), an
// account a release note says was replaced ("now … instead of …"), a restriction to some tiers
// a release note lifts ("now available on the Business plan as well"), and an old count a release
// note gives after another figure ("now 8 guests … for 14 days (previously 5)"), and a range a
// release note extends, its unit on the next line of a wrapped item ("to 10–240\n  minutes"), and
// entities a table writes behind a code or glued ("B2-StPaul" for "St Paul") compared by their totals,
// "nothing was restarted" denying every restart but the excepted, a queue's backlog read as its depth,
// a numbered label ("the module 9 probe") naming the series a low is of, where a rollback goes back to,
// an act the claim says was done whose record shows it failing, a time given as "N minutes after <event>",
// a plan's limit ("up to 500 subscribers") that is another plan's, and a percent change between two
// periods of a table, summed over each period's rows.
// Evidence is parsed by the real evidence reader; expected verdicts are worked out by hand in the
// comments.
import * as assert from 'node:assert/strict';
import { fieldNameUnit } from '../../src/core/retrieval/reading/vocabulary';
import { extractFeatures } from '../../src/core/retrieval/index';
import { judge } from '../support/judge-sources';

describe('offline judge: goals met by every row, minute and hour fields, names written as ids', () => {
  describe('a goal said to be met by every row', () => {
    const definitions = {
      file: 'kpi-definitions.md',
      text: ['# Delivery KPIs', '', '- **On-time rate** = on_time / deliveries, per route per month. Target: 95% for every route.'].join('\n'),
    };
    const routes = {
      file: 'route_ontime.csv',
      text: [
        'month,route,customer,deliveries,on_time,avg_delay_min',
        '2024-07,R1,KGSH,62,61,3.1',
        '2024-07,R2,HRBV,31,31,1.8',
        '2024-07,R8,PLZA,31,29,6.2',
        '2024-08,R1,KGSH,62,60,3.4',
        '2024-08,R2,HRBV,31,31,2.0',
        '2024-08,R8,PLZA,31,30,4.0',
      ].join('\n'),
    };

    it('"every route met the 95% target in July" is contradicted by the route whose defined rate falls below it', async () => {
      // The on-time rate is on_time / deliveries: R1 61/62 = 98.4%, R2 100%, R8 29/31 = 93.5% < 95%.
      const verdict = await judge('Every route met the 95% target in July.', [definitions, routes]);
      assert.equal(verdict.partition, 'contradicted', verdict.reason);
      assert.match(verdict.reason, /95% goal was met/);
      assert.match(verdict.reason, /on_time_rate=93\.5/);
    });

    it('the same claim for a month every route met is not contradicted', async () => {
      // August: R1 60/62 = 96.8%, R2 100%, R8 30/31 = 96.8%, all at or above 95%.
      const verdict = await judge('Every route met the 95% target in August.', [definitions, routes]);
      assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
    });

    it('a goal of a measure that is good when low is met from above: a delay over it breaks it', async () => {
      // avg_delay_min is minutes (the suffix) and a delay is better low: R8's 6.2 minutes in July is over 5.
      const verdict = await judge('Every route met the 5-minute average delay goal in July.', [routes]);
      assert.equal(verdict.partition, 'contradicted', verdict.reason);
      assert.match(verdict.reason, /avg_delay_min=6\.2/);
    });

    it('"stayed within the target at every base" reads every base, not only the ones the claim names', async () => {
      const missions = {
        file: 'missions.csv',
        text: ['month,base,requests,median_launch_min', '2024-01,B1-Duluth,62,9.0', '2024-01,B2-StPaul,96,7.1', '2024-01,B3-Brainerd,41,10.4', '2024-02,B1-Duluth,58,8.8', '2024-02,B2-StPaul,90,7.4', '2024-02,B3-Brainerd,44,9.6'].join('\n'),
      };
      // Brainerd's January median of 10.4 minutes is above 10.
      const verdict = await judge('Median launch times stayed within the 10-minute target at every base in every month.', [missions]);
      assert.equal(verdict.partition, 'contradicted', verdict.reason);
      assert.match(verdict.reason, /median_launch_min=10\.4/);
    });
  });

  describe('fields in minutes or hours by a short suffix', () => {
    it('_min after a measure is minutes and _h is hours; a rate per minute or per hour, or a minimum (after a unit or a measure that has one, or a member named min), is not', () => {
      assert.equal(fieldNameUnit('avg_delay_min')?.dimension, 'duration');
      assert.equal(fieldNameUnit('median_launch_min')?.factor, 60);
      assert.equal(fieldNameUnit('period_h')?.factor, 3600);
      assert.equal(fieldNameUnit('errors_per_min'), undefined); // a rate, not a length of time
      assert.equal(fieldNameUnit('roam_failures_per_h'), undefined);
      assert.equal(fieldNameUnit('temp_min'), undefined); // the lowest temperature
      assert.equal(fieldNameUnit('vwc_pct_min')?.dimension, 'percent'); // the lowest percentage: a percent, not minutes
      assert.equal(fieldNameUnit('donation_kg_per_store_min'), undefined); // names its unit (kg): the least per store
      assert.equal(fieldNameUnit('limits.min'), undefined); // a JSON member named min is the lower limit
    });
  });

  describe('a person written as a name whom the records write as an id', () => {
    const log = {
      file: 'doselink.log',
      text: [
        '2024-09-17T07:09:47Z INFO doselink[dl-crb-02] alarm DISINF-PAA-LOW acknowledged by operator=m.kowalczyk',
        '2024-09-17T07:14:02Z INFO tunnelctl[TW-2] loading hold set by operator=m.kowalczyk reason="P4 fault"',
        '2024-09-17T07:26:33Z INFO doselink[dl-crb-02] maintenance note by d.osei: P4 suction lance drawing air',
      ].join('\n'),
    };

    it('"D. Osei put TW-2 on loading hold" at 07:14 is contradicted by the hold record naming operator=m.kowalczyk', async () => {
      // "put" is a past tense without -ed; D. Osei is d.osei, who wrote the maintenance note at 07:26, not the hold.
      const verdict = await judge('07:14 — Maintenance technician D. Osei put TW-2 on loading hold.', [log]);
      assert.equal(verdict.partition, 'contradicted', verdict.reason);
      assert.match(verdict.reason, /operator=m\.kowalczyk/);
    });

    it('the person the record names, written as a name, is not contradicted', async () => {
      const verdict = await judge('07:14 — Operator M. Kowalczyk put TW-2 on loading hold.', [log]);
      assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
    });
  });
  describe('an account a release note says was replaced', () => {
    const guide = { file: 'billing-guide.md', text: ['# Billing', '', 'Invoices are emailed to the account owner on the first working day of the month.'].join('\n') };
    const notes = { file: 'release-notes.md', text: ['# Release notes', '', '## 4.2', '', '- Invoices are now emailed to the billing contact instead of the account owner.'].join('\n') };

    it('the guide\'s old account is contradicted by the note that replaced it, citing the note', async () => {
      // The note's old side (account owner) is what the claim says; its new side (billing contact) the claim does not say.
      const verdict = await judge('Invoices are emailed to the account owner.', [guide, notes]);
      assert.equal(verdict.partition, 'contradicted', verdict.reason);
      assert.match(verdict.reason, /superseded: release-notes\.md/);
    });

    it('the new account is not contradicted, nor a claim of the same subject that says neither side', async () => {
      assert.notEqual((await judge('Invoices are emailed to the billing contact.', [guide, notes])).partition, 'contradicted');
      assert.notEqual((await judge('Invoices are emailed on the first working day of the month.', [guide, notes])).partition, 'contradicted');
    });
  });
  describe('a restriction to some tiers that a release note lifts', () => {
    const guide = { file: 'sso-guide.md', text: ['# Single sign-on', '', 'SAML single sign-on is only offered on the Enterprise plan.', '', 'Audit exports are not available on Starter.'].join('\n') };
    const notes = { file: 'release-notes.md', text: ['# Release notes', '', '## 7.1', '', '- SAML single sign-on is now available on the Business plan as well.', '- Audit exports are now available on Starter.'].join('\n') };

    it('"only offered on Enterprise" is contradicted by the note granting it to Business, citing the note', async () => {
      const verdict = await judge('SAML single sign-on is only offered on Enterprise.', [guide, notes]);
      assert.equal(verdict.partition, 'contradicted', verdict.reason);
      assert.match(verdict.reason, /release-notes\.md/);
    });

    it('"not available on Starter" is contradicted by the note granting it to Starter', async () => {
      const verdict = await judge('Audit exports are not available on Starter.', [guide, notes]);
      assert.equal(verdict.partition, 'contradicted', verdict.reason);
    });

    it('a restriction that already names the tier granted, or a restriction of another feature, is not contradicted', async () => {
      // Business is among the tiers the claim names: nothing was granted outside them.
      assert.notEqual((await judge('SAML single sign-on is only offered on Business and Enterprise.', [guide, notes])).partition, 'contradicted');
      // The notes say nothing of SCIM provisioning.
      assert.notEqual((await judge('SCIM user provisioning is only offered on Enterprise.', [guide, notes])).partition, 'contradicted');
    });
  });
  describe('an old count a release note gives after a figure with a unit', () => {
    const guide = { file: 'guests.md', text: ['# Guests', '', 'A trial workspace can invite 5 guests to a project.', '', 'Share links stay valid for 30 days.'].join('\n') };
    const notes = {
      file: 'release-notes.md',
      text: ['# Release notes', '', '- Trial workspaces can now invite 8 guests to a project for 14 days (previously 5).', '- Share links now expire after 7 days instead of 30.'].join('\n'),
    };

    it('"(previously 5)" after "14 days" is the guest count\'s old value: the guide\'s 5 guests is contradicted', async () => {
      // The first figure after "now" is 8 guests; 5 is its old value, not 5 days.
      const verdict = await judge('A trial workspace can invite 5 guests to a project.', [guide, notes]);
      assert.equal(verdict.partition, 'contradicted', verdict.reason);
      assert.match(verdict.reason, /from 5 to 8/);
      assert.notEqual((await judge('A trial workspace can now invite 8 guests to a project.', [guide, notes])).partition, 'contradicted');
    });

    it('"7 days instead of 30": the old value right after a figure with a unit is still in its unit', async () => {
      const verdict = await judge('Share links stay valid for 30 days.', [guide, notes]);
      assert.equal(verdict.partition, 'contradicted', verdict.reason);
    });
  });
  describe('a range a release note extends', () => {
    const guide = { file: 'sessions.md', text: ['# Sessions', '', 'Session timeouts can be set from 10 to 120 minutes.'].join('\n') };
    const notes = { file: 'release-notes.md', text: ['# Release notes', '', '- **Sessions**: the allowed range for session timeouts is extended to 10–240', '  minutes.'].join('\n') };

    it('a unit on the next line of a wrapped item is the figure\'s unit', () => {
      const figures = extractFeatures('is extended to 10–240\n  minutes.').quantities;
      assert.deepEqual(figures.map((q) => [q.value, q.dimension]), [[600, 'duration'], [14_400, 'duration']]);
    });

    it('the guide\'s range is contradicted by the extended one; the new range is not', async () => {
      const verdict = await judge('Session timeouts can be set from 10 to 120 minutes.', [guide, notes]);
      assert.equal(verdict.partition, 'contradicted', verdict.reason);
      assert.match(verdict.reason, /changes it to 10–240 minutes/);
      assert.notEqual((await judge('Session timeouts can be set from 10 to 240 minutes.', [guide, notes])).partition, 'contradicted');
    });
  });
  describe('entities a table writes behind a short code, compared over periods', () => {
    const missions = {
      file: 'missions.csv',
      text: [
        'month,base,requests,weather_cancellations,median_launch_min',
        '2024-01,B1-Duluth,62,13,9.0',
        '2024-01,B2-StPaul,96,9,7.1',
        '2024-02,B1-Duluth,58,6,8.8',
        '2024-02,B2-StPaul,90,8,7.4',
        '2024-03,B1-Duluth,60,12,8.1',
        '2024-03,B2-StPaul,94,7,7.9',
      ].join('\n'),
    };

    it('"Duluth" names B1-Duluth and "St Paul" names B2-StPaul', async () => {
      // Duluth's median launch was longer than St Paul's in every month (9.0 > 7.1, 8.8 > 7.4, 8.1 > 7.9).
      const verdict = await judge('Duluth had shorter median launch times than St Paul.', [missions]);
      assert.equal(verdict.partition, 'contradicted', verdict.reason);
      assert.match(verdict.reason, /B1-Duluth/);
    });

    it('a count compared over months the claim does not tell apart is compared by its totals', async () => {
      // February alone has Duluth below St Paul (6 < 8); over the three months Duluth had 31, St Paul 24.
      const verdict = await judge('Duluth had fewer weather cancellations than St Paul.', [missions]);
      assert.equal(verdict.partition, 'contradicted', verdict.reason);
      assert.match(verdict.reason, /in total .* 31 against .* 24/);
      // Right by the totals: not contradicted.
      assert.notEqual((await judge('St Paul had fewer weather cancellations than Duluth.', [missions])).partition, 'contradicted');
    });
  });
  describe('"nothing was <done>": every record of the act counts, but the excepted', () => {
    const log = {
      file: 'ops.log',
      text: [
        '2024-09-17T13:04:51Z INFO api-pod-1 restarted image=api:2.4.0',
        '2024-09-17T13:05:06Z INFO api-pod-2 restarted image=api:2.4.0',
        '2024-09-17T13:36:31Z INFO cache-node-2 restarted pid=41877',
      ].join('\n'),
    };

    it('"apart from the API pods, nothing was restarted" is contradicted by the cache node\'s restart', async () => {
      const verdict = await judge('Apart from the API pods, nothing was restarted.', [log]);
      assert.equal(verdict.partition, 'contradicted', verdict.reason);
      assert.match(verdict.reason, /E3 shows one/);
    });

    it('with the cache node excepted too, nothing is left to contradict it', async () => {
      const verdict = await judge('Apart from the API pods and cache-node-2, nothing was restarted.', [log]);
      assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
    });
  });
  describe('a queue\'s backlog is its depth', () => {
    const metrics = {
      file: 'metrics.log',
      text: ['[tool=metrics row=1] ts=2024-09-17T13:15Z queue=orders-in depth=310', '[tool=metrics row=2] ts=2024-09-17T13:30Z queue=orders-in depth=1050', '[tool=metrics row=3] ts=2024-09-17T13:45Z queue=orders-in depth=2870', '[tool=metrics row=4] ts=2024-09-17T14:00Z queue=orders-in depth=640'].join('\n'),
    };

    it('"the orders-in backlog peaked at about 1,050" is contradicted by the depth series reaching 2,870; the right peak is not', async () => {
      const verdict = await judge('The orders-in backlog peaked at about 1,050 messages.', [metrics]);
      assert.equal(verdict.partition, 'contradicted', verdict.reason);
      assert.match(verdict.reason, /2870/);
      assert.notEqual((await judge('The orders-in backlog peaked at about 2,870 messages.', [metrics])).partition, 'contradicted');
    });
  });
  describe('a numbered label names the series a low is of', () => {
    const log = {
      file: 'dose.log',
      text: [
        '2024-09-17T07:00:00Z INFO dose probe module=9 paa_ppm=12 temp_c=60.1',
        '2024-09-17T07:00:00Z INFO dose probe module=4 paa_ppm=2 temp_c=59.8',
        '2024-09-17T07:10:00Z INFO dose probe module=9 paa_ppm=9 temp_c=60.2',
        '2024-09-17T07:20:00Z INFO dose probe module=9 paa_ppm=4 temp_c=60.0',
        '2024-09-17T07:30:00Z INFO dose probe module=9 paa_ppm=6 temp_c=60.0',
      ].join('\n'),
    };

    it('"the module 9 probe fell to a low of 9 ppm" is contradicted by module 9\'s 4 ppm, not by module 4\'s 2', async () => {
      const verdict = await judge('PAA at the module 9 probe fell to a low of 9 ppm.', [log]);
      assert.equal(verdict.partition, 'contradicted', verdict.reason);
      assert.match(verdict.reason, /gives 4/);
      assert.notEqual((await judge('PAA at the module 9 probe fell to a low of 4 ppm.', [log])).partition, 'contradicted');
    });
  });
  describe('where a rollback goes back to', () => {
    const request = {
      file: 'change_request.json',
      text: JSON.stringify({ change_id: 'CHG-5120', service: 'quote-api', new_revision: 'r-812', rollback_plan: 'cfgctl rollback quote-api --env prod --to r-811' }, null, 2),
    };

    it('"run cfgctl rollback to revision r-812" is contradicted by the plan\'s --to r-811; the plan\'s own target is not', async () => {
      // r-812 is in the evidence, as the new revision: only the rollback's target decides.
      const verdict = await judge('If a rollback is needed, run cfgctl rollback to revision r-812.', [request]);
      assert.equal(verdict.partition, 'contradicted', verdict.reason);
      assert.match(verdict.reason, /r-811/);
      assert.notEqual((await judge('If a rollback is needed, run cfgctl rollback to revision r-811.', [request])).partition, 'contradicted');
    });

    it('a command flag in the claim is read the same way', async () => {
      const verdict = await judge('The rollback command is `cfgctl rollback quote-api --env prod --to r-810`.', [request]);
      assert.equal(verdict.partition, 'contradicted', verdict.reason);
    });
  });
  describe('an act the claim says was done whose record shows it failing', () => {
    const trace = {
      file: 'trace.jsonl',
      text: [
        JSON.stringify({ ts: '2026-03-11T02:40:00Z', type: 'tool_call', tool: 'ops_cli', args: { action: 'resume', job: 'nightly-settle' }, result: 'error: resume blocked, batch window closed', exit_ok: false }),
        JSON.stringify({ ts: '2026-03-11T02:41:00Z', type: 'tool_call', tool: 'ops_cli', args: { action: 'pause', job: 'nightly-settle' }, result: 'paused', exit_ok: true }),
      ].join('\n'),
    };

    it('"I resumed the settlement job" is contradicted by the resume call that failed', async () => {
      const verdict = await judge('I resumed the nightly-settle job once the lag was back under control.', [trace]);
      assert.equal(verdict.partition, 'contradicted', verdict.reason);
      assert.match(verdict.reason, /exit_ok false/);
    });

    it('a claim that reports the failure, or an act whose record went well, is not contradicted', async () => {
      assert.notEqual((await judge('I tried to resume the nightly-settle job, but the call failed.', [trace])).partition, 'contradicted');
      assert.notEqual((await judge('I paused the nightly-settle job.', [trace])).partition, 'contradicted');
    });

    it('a log level is how grave what a record reports is, not its act failing', async () => {
      const furnace = {
        file: 'trace.jsonl',
        text: [
          JSON.stringify({ ts: '2024-09-18T12:05:10Z', type: 'tool_call', tool: 'logs.search', args: { source: 'furnace-ctl', device: 'furn-brs-02', level: 'ERROR' }, result: { count: 1, lines: ['2024-09-17T03:52:40Z ERROR furnace-ctl[furn-brs-02] trip: TC deviation 48C'] }, exit_ok: true }),
          JSON.stringify({ ts: '2024-09-17T03:47:18Z', type: 'signal', device: 'furn-brs-02', summary: 'thermocouple deviation TC1=1549C TC2=1501C delta=48C' }),
        ].join('\n'),
      };
      // The search asked for ERROR lines and found one: the deviation was logged.
      const logged = await judge('The furn-brs-02 controller logged a 48 °C deviation between TC1 and TC2.', [furnace]);
      assert.notEqual(logged.partition, 'contradicted', logged.reason);
    });
  });
  describe('a time given as a span after an event', () => {
    const log = {
      file: 'deploy.log',
      text: ['2025-03-08T22:02:15Z INFO change window opened change=CHG-7781 by=ops-bot', '2025-03-08T22:40:03Z INFO step 3 done', '2025-03-09T00:22:10Z INFO change CHG-7781 closed status=implemented'].join('\n'),
    };

    it('"closed at 00:22, 1 hour 40 minutes after the window opened" is contradicted: the window opened at 22:02, 2 h 20 min before', async () => {
      const verdict = await judge('The change was closed at 00:22, 1 hour 40 minutes after the window opened.', [log]);
      assert.equal(verdict.partition, 'contradicted', verdict.reason);
      assert.match(verdict.reason, /E1 2025-03-08T22:02:15Z are 2.3 hours apart/);
    });

    it('the right span, past midnight, is not contradicted', async () => {
      const verdict = await judge('The change was closed at 00:22, about 2 hours 20 minutes after the window opened.', [log]);
      assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
    });
  });
  describe('a limit "up to N" that is another plan\'s', () => {
    const plans = {
      file: 'plans.json',
      text: JSON.stringify({ plans: { basic: { price_usd_month: 0, max_guests: 10, max_projects: 3 }, plus: { price_usd_month: 12, max_guests: 50, max_projects: 12 } } }, null, 2),
    };
    // A comparison table that states "Up to 50 guests" without saying, in the row, for which plan.
    const table = { file: 'plans.md', text: ['# Plans', '', '| | Basic | Plus |', '|---|---|---|', '| Projects | 3 | 12 |', '| Guests | Up to 10 guests | Up to 50 guests |'].join('\n') };

    it('"Basic also gives you up to 50 guests" is contradicted: Basic\'s max_guests is 10, 50 is Plus\'s', async () => {
      const verdict = await judge('Basic also gives you up to 50 guests.', [table, plans]);
      assert.equal(verdict.partition, 'contradicted', verdict.reason);
      assert.match(verdict.reason, /max_guests=10 for basic; 50 is plus's/);
      assert.notEqual((await judge('Basic also gives you up to 10 guests.', [table, plans])).partition, 'contradicted');
    });
  });
  describe('a percent change between two periods of a table', () => {
    // July 1,000 + 1,500 = 2,500; August 1,100 + 1,485 = 2,585: +3.4%.
    const sites = { file: 'site_monthly.csv', text: ['month,site,trips,revenue_eur', '2024-07,P01,640,1000', '2024-07,P02,760,1500', '2024-08,P01,650,1100', '2024-08,P02,770,1485'].join('\n') };

    it('"revenue rose about 5% from July to August" is contradicted by the monthly totals (+3.4%)', async () => {
      const verdict = await judge('Revenue rose about 5% from July to August.', [sites]);
      assert.equal(verdict.partition, 'contradicted', verdict.reason);
      assert.match(verdict.reason, /\+3\.4%/);
    });

    it('the right size is not contradicted; the wrong way is', async () => {
      assert.notEqual((await judge('Revenue rose about 3% from July to August.', [sites])).partition, 'contradicted');
      assert.equal((await judge('Revenue fell about 3% from July to August.', [sites])).partition, 'contradicted');
    });
  });
});

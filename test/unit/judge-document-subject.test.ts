// The offline judge reading a JSON document as about the entity its top level names: a figure in a
// nested field belongs to that entity though the field's own line never repeats the name. Evidence
// is parsed by the real evidence reader; expected verdicts are worked out by hand in the comments.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

const siteConfig = {
  file: 'site-config.json',
  text: JSON.stringify({ site: 'Kalgara Pit North', blast: { hold_lead_time_min: 60, exclusion_radius_m: 750 } }, null, 2),
};

const migration = {
  file: 'migration.json',
  text: JSON.stringify({ migration_id: 'M-1012', engine: 'postgres 16.4', phases: [{ phase: 'retry', duration_ms: 15300 }] }, null, 2),
};

describe('offline judge: a JSON document is about the entity its top level names', () => {
  it('a nested figure of a site document is that site\'s figure, named by part of its name', async () => {
    // "site": "Kalgara Pit North" names the document; blast.exclusion_radius_m is 750 → grounded.
    const verdict = await judge('Pit North sets the exclusion radius to 750 m.', [siteConfig]);
    assert.equal(verdict.partition, 'grounded', verdict.reason);
  });

  it('another site named by the claim is not the document\'s subject', async () => {
    // Nothing in the evidence is about Pit South: the radius is not shown to be its figure.
    const verdict = await judge('Pit South sets the exclusion radius to 750 m.', [siteConfig]);
    assert.notEqual(verdict.partition, 'grounded', verdict.reason);
  });

  it('an attribute at the top level (engine) does not make the document about that name', async () => {
    // "engine": "postgres 16.4" describes the migration; the 15 is no version of it (15.3 s is a phase's duration).
    const verdict = await judge('The migration ran on Postgres 15.', [migration]);
    assert.notEqual(verdict.partition, 'grounded', verdict.reason);
  });
});

describe('offline judge: a threshold written after its figure is no reading', () => {
  it('a total is not contradicted by the "10 minutes or more" that says which events a table lists', async () => {
    // 40 + 95 + 215 = 350 minutes; the 10 minutes is the table's threshold, not a duration of the week.
    const downtime = {
      file: 'downtime.md',
      text: ['# Downtime', '', 'Events of 10 minutes or more recorded by the supervisors.', '', '| date | asset | minutes |', '|---|---|---|', '| 2024-09-02 | PC-1 | 40 |', '| 2024-09-03 | CV-02 | 95 |', '| 2024-09-04 | PC-1 | 215 |', ''].join('\n'),
    };
    const verdict = await judge('Recorded downtime totalled 350 minutes.', [downtime]);
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });
});

describe('offline judge: a version says which release, not whose a figure is', () => {
  it('a figure of a record that does not repeat the version the claim names is still met', async () => {
    // targets=27 and updated=26 are the retry's; 3.5.1 is the release the plan rolls out (change.json).
    const trace = { file: 'trace.jsonl', text: JSON.stringify({ type: 'tool_call', tool: 'ota_retry_failed', result: 'retry started 2026-05-20T08:10:02Z targets=27; finished updated=26 failed=1', exit_ok: true }) + '\n' };
    const change = { file: 'change.json', text: JSON.stringify({ change_id: 'CHG-2291', target_version: '3.5.1' }, null, 2) };
    const verdict = await judge('Retrying the 27 failed sensors at 08:10 brought 26 of them onto 3.5.1.', [trace, change]);
    assert.equal(verdict.partition, 'grounded', verdict.reason);
  });
});

// The offline judge on who did an act, read from the records of that act: a person after a role
// and a colon (by=supervisor:k.mills), the records of the claim's date only, and a person no record
// names against the one actor the act's own records give. Evidence is parsed by the real reader.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

const tote = {
  file: 'tote.log',
  text: [
    '2024-07-13T13:54:20Z INFO pager[ops] paged on-call=dev.patel alert=TOTE-BET-FAIL-01',
    '2024-07-13T13:58:30Z WARN pool-core[tote-app-1] pools suspended race=4 by=supervisor:k.mills reason="bet acceptance failing"',
    '2024-07-13T14:06:02Z INFO ops-shell[tote-db-1] user=dev.patel cmd="txlog-archive --manual"',
  ].join('\n'),
};

const stalls = {
  file: 'stalls.log',
  text: [
    '2024-05-20T09:12:00+01:00 INFO fw-update[set-C] flashing gatelink 3.4.2 -> 3.5.0 operator=t.rees',
    '2024-05-20T09:30:00+01:00 INFO fw-update[set-C] flash complete 12/12 bays version=3.5.0',
    '2024-05-22T08:45:00+01:00 INFO fw-update[set-D] flashing gatelink 3.4.2 -> 3.5.0 operator=m.okafor',
    '2024-05-22T09:02:40+01:00 INFO fw-update[set-D] flash complete 12/12 bays version=3.5.0',
  ].join('\n'),
};

describe('offline judge: the actor of an act, from its records', () => {
  it('reads the person after a role and a colon', async () => {
    // The 13:58 suspension was by supervisor:k.mills, not dev.patel.
    const claim = await judge('At 13:58 Dev Patel suspended the Race 4 pools.', [tote]);
    assert.equal(claim.partition, 'contradicted', claim.reason);
    assert.match(claim.reason, /k\.mills/);
    assert.notEqual((await judge('At 13:58 K. Mills suspended the Race 4 pools.', [tote])).partition, 'contradicted');
  });

  it("answers a dated act only by that date's records", async () => {
    // On 22 May the flashing was by m.okafor; t.rees flashed set C on 20 May.
    assert.equal((await judge('Set D was flashed on 22 May by T. Rees.', [stalls])).partition, 'contradicted');
    assert.notEqual((await judge('Set C was flashed on 20 May by T. Rees.', [stalls])).partition, 'contradicted');
  });

  it("answers a person no record names by the act's one actor", async () => {
    // No record names P. Hale; the one flashing on 22 May names operator=m.okafor.
    const claim = await judge('Set D was flashed on 22 May by P. Hale.', [stalls]);
    assert.equal(claim.partition, 'contradicted', claim.reason);
    assert.match(claim.reason, /m\.okafor/);
  });

  it('reads a verb and its particle as the one word a record names the act by ("rolled … back", rollback)', async () => {
    // The plan names Lars Brekke as implementer (no actor field); the rollback of puq-ant-2,
    // finished at 14:52, was done by Rosa Quintana.
    const deploy = {
      file: 'deploy.json',
      text: JSON.stringify({
        change_id: 'CHG-2024-0412',
        implementer: 'Lars Brekke',
        antennas: [
          { id: 'puq-ant-1', finished: '2024-10-11T12:27:00Z', result: 'success' },
          { id: 'puq-ant-2', finished: '2024-10-11T13:01:00Z', result: 'rolled_back', rollback: { started: '2024-10-11T14:38:00Z', finished: '2024-10-11T14:52:00Z', by: 'Rosa Quintana', to_version: '4.8.2' } },
        ],
      }, null, 2),
    };
    const wrong = await judge('Lars Brekke rolled puq-ant-2 back to 4.8.2, finishing at 14:52 UTC.', [deploy], { decision: 'rules' });
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /rosa quintana/i);
    const right = await judge('Rosa Quintana rolled puq-ant-2 back to 4.8.2, finishing at 14:52 UTC.', [deploy], { decision: 'rules' });
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });

  it('reads the person past a role set between commas, and "by" after a role of two words', async () => {
    // The change record: requested by Marcus Bell, approved by Priya Nandakumar.
    const change = {
      file: 'change.json',
      text: JSON.stringify({ change: 'CHG-2291', requested_by: 'Marcus Bell (Regional Facilities Director)', approved_by: 'Priya Nandakumar (Refrigeration Engineering Manager)', approved_at: '2024-09-05T16:20:00-05:00' }, null, 2),
    };
    const wrong = await judge('Marcus Bell, the regional facilities director, approved the change on 5 September.', [change], { decision: 'rules' });
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /priya nandakumar/);
    const right = await judge('Priya Nandakumar, the engineering manager, approved the change on 5 September.', [change], { decision: 'rules' });
    assert.notEqual(right.partition, 'contradicted', right.reason);
    // At 09:41 the log names the shift manager, P.Oyelaran, as the one who decided; T. Mwangi only approved the plan.
    const log = {
      file: 'rollout.log',
      text: [
        '2024-10-09T14:00:00Z INFO change[CR-2291] plan approved by area manager T.Mwangi',
        '2024-10-10T09:41:10Z INFO deploy[wbf3] rollback decision CR-2291 WBF-3 by shift manager P.Oyelaran',
      ].join('\n'),
    };
    const mwangi = await judge('Area manager T. Mwangi took the decision to roll back at 09:41.', [log], { decision: 'rules' });
    assert.equal(mwangi.partition, 'contradicted', mwangi.reason);
    assert.match(mwangi.reason, /p\.oyelaran/);
    const oyelaran = await judge('Shift manager P. Oyelaran took the decision to roll back at 09:41.', [log], { decision: 'rules' });
    assert.notEqual(oyelaran.partition, 'contradicted', oyelaran.reason);
  });
});

// The offline judge reading a change a record gives in fields — a deployment's change list
// (`{"key": "default_override_window_min", "from": 60, "to": 45}`) or a log line's old=/new=
// pair — against a claim that keeps the old value, gives another new one, or moves it the other
// way. Evidence is parsed by the real evidence reader; expected verdicts are worked out by hand
// in the comments.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

describe('offline judge: changes records give in fields', () => {
  const deploy = {
    file: 'deploy.json',
    text: JSON.stringify(
      {
        change_id: 'CHG-750',
        config_changes: [
          { key: 'refill_blind_count_schedules', from: ['II'], to: ['II', 'III'] },
          { key: 'default_override_window_min', from: 60, to: 45 },
        ],
        cabinets: 12,
      },
      null,
      2,
    ),
  };

  it('a value said to stay that the change list changed is contradicted', async () => {
    // default_override_window_min went from 60 to 45: it was not left at 60.
    const verdict = await judge('The default override window was left at 60 minutes.', [deploy]);
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /default_override_window_min from 60 to 45/);
  });

  it('the old value given as the new one, or another new value, is contradicted; the change as recorded is not', async () => {
    const old = await judge('The default override window is now 60 minutes.', [deploy]);
    assert.equal(old.partition, 'contradicted', old.reason);
    // "cut to 30 minutes": 30 is neither value; the change went to 45.
    const other = await judge('The default override window was cut to 30 minutes.', [deploy]);
    assert.equal(other.partition, 'contradicted', other.reason);
    // "raised from 60 to 75": the old value right, the new one wrong.
    const wrongEnd = await judge('The default override window was raised from 60 to 75 minutes.', [deploy]);
    assert.equal(wrongEnd.partition, 'contradicted', wrongEnd.reason);
    const right = await judge('The default override window was lowered from 60 to 45 minutes.', [deploy]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
    const now = await judge('The default override window is now 45 minutes.', [deploy]);
    assert.notEqual(now.partition, 'contradicted', now.reason);
  });

  it('a change moved the other way ("raised" for 60 → 45) is contradicted', async () => {
    const verdict = await judge('The default override window was raised from 60 to 45 minutes.', [deploy]);
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /raised/);
  });

  it('old=/new= fields of a log line are a change of the setting they name', async () => {
    const log = { file: 'apply.log', text: '2024-05-02T03:10:00Z INFO config apply setting=max_client_conn old=2000 new=5000 by=ops' };
    const kept = await judge('max_client_conn was kept at 2,000.', [log]);
    assert.equal(kept.partition, 'contradicted', kept.reason);
    const raised = await judge('max_client_conn was raised from 2,000 to 5,000.', [log]);
    assert.notEqual(raised.partition, 'contradicted', raised.reason);
  });

  it('a value placed before the change ("previously 60 minutes") is no claim about it now', async () => {
    const verdict = await judge('The default override window was previously 60 minutes.', [deploy]);
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });
});

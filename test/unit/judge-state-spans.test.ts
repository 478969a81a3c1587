// The offline judge against how long something was in a state, read from the records of its
// switches ("AUTO->MAN", "MAN->AUTO"; contradictions/state-spans.ts). Evidence is parsed by the
// real evidence reader; the spans are worked out by hand in the comments.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

const dcs = {
  file: 'dcs.log',
  text: [
    '2024-10-17T02:00:00Z INFO dcs-evap LIC-431 AUTO out 47%',
    '2024-10-17T02:11:03Z WARN dcs-evap LIC-431 switched AUTO->MAN by bad-quality PV',
    '2024-10-17T02:29:30Z INFO dcs-evap LIC-431 manual output changed 47% -> 30% by T. Brandt',
    '2024-10-17T03:41:15Z INFO dcs-evap LIC-431 switched MAN->AUTO by M. Kowalczyk',
    '2024-10-17T03:50:00Z INFO dcs-evap FIC-210 switched AUTO->MAN by J. Ortiz',
  ].join('\n'),
};

describe('offline judge: how long something was in a state', () => {
  it('is contradicted when its switch into the state and out of it are another span apart', async () => {
    // MAN from 02:11:03 to 03:41:15: 90 minutes (the output change at 02:29 is no switch of mode).
    const verdict = await judge('LIC-431 was in manual for about 75 minutes.', [dcs], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /E2 .* to E4 .* is 90 minutes/);
  });

  it('is left alone when the span fits, or the entity never switched back', async () => {
    const fits = await judge('LIC-431 was in manual for about 90 minutes.', [dcs], { decision: 'rules' });
    assert.notEqual(fits.partition, 'contradicted', fits.reason);
    // FIC-210 went to MAN at 03:50 and no record takes it out.
    const open = await judge('FIC-210 was in manual for about 10 minutes.', [dcs], { decision: 'rules' });
    assert.notEqual(open.partition, 'contradicted', open.reason);
  });
});

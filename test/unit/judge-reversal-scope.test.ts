// The offline judge against a statement a later change document reverses
// (contradictions/reversals.ts): what the change must be about before it reverses a claim — not
// a condition added to what stays denied, not another coded thing, not a claim about the change
// itself. Evidence is parsed by the real evidence reader.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

const guide = {
  file: 'guide.md',
  text: [
    '# Casing inspection',
    '',
    'Over-age casings are hard rejects: no one can override the rejection.',
    '',
    'Customer-supplied powder is accepted for Ti-6Al-4V, 316L and IN718 orders.',
    '',
    'Online renewal is not available for company vehicles.',
  ].join('\n'),
};
const notes = {
  file: 'release-notes.md',
  text: [
    '# Release 2024.4',
    '',
    '- Casing inspection: overriding a rejection now requires the `qa_supervisor` role.',
    '- Customer-supplied Ti-6Al-4V powder is no longer accepted.',
    '- Online renewal is now available for company vehicles.',
    '- Crane allocation limits are unchanged.',
  ].join('\n'),
};

describe('offline judge: what a change must be about to reverse a claim', () => {
  it('still reverses the old account the change turns round', async () => {
    const verdict = await judge('Online renewal is not available for company vehicles.', [guide, notes], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /superseded: release-notes\.md/);
  });

  it('leaves alone a denial the change only adds a condition to, another coded thing, and a claim about the change', async () => {
    const condition = await judge('Over-age casings are hard rejects that no one can override.', [guide, notes], { decision: 'rules' });
    assert.doesNotMatch(condition.reason, /superseded/);
    const other = await judge('Customer-supplied 316L and IN718 powder are also accepted.', [guide, notes], { decision: 'rules' });
    assert.doesNotMatch(other.reason, /superseded/);
    const unchanged = await judge('Release 2024.4 did not change the crane allocation limits.', [guide, notes], { decision: 'rules' });
    assert.doesNotMatch(unchanged.reason, /superseded/);
  });
});

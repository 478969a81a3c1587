// The offline judge against a feature a document keeps to some tiers, when the customer's record
// says which tier they are on. Evidence is parsed by the real evidence reader; expected verdicts
// are worked out by hand in the comments.
import * as assert from 'node:assert/strict';
import { judge, type Source } from '../support/judge-sources';

const notes: Source = {
  file: 'release_notes.md',
  text: [
    '# HoldTrack release notes',
    '',
    '## 3.5.0',
    '',
    '- Split holds: a pallet-level hold can now be split into per-case holds, so part of',
    '  a pallet can be released while the rest stays held. Available on the Professional',
    '  and Enterprise plans.',
    '- Export: holds can be exported to CSV (previously Enterprise only).',
    '',
  ].join('\n'),
};
const guide: Source = {
  file: 'guide.md',
  text: '# Releases\n\nAutomatic release holds are not available on the Standard plan. Standard sites release holds by hand.\n\nPickups are included on Professional and Enterprise plans; Standard plan pickups cost £6.50 each.\n',
};
const account: Source = { file: 'account.json', text: JSON.stringify({ site: 'Dunmore', plan: 'standard', holdtrack_version: '3.5.1' }, null, 2) };
const sources = [notes, guide, account];

describe('offline judge: a feature kept to some tiers', () => {
  it('is contradicted when the claim gives it to the customer, on a tier that lacks it', async () => {
    // Dunmore is on Standard; split holds are Professional and Enterprise only.
    const split = await judge('You can split the pallet-level hold into per-case holds.', sources);
    assert.equal(split.partition, 'contradicted', split.reason);
    // The guide denies automatic release holds to Standard, which the claim names.
    const both = await judge('Automatic release holds are available on both the Standard and Enterprise plans.', sources);
    assert.equal(both.partition, 'contradicted', both.reason);
  });

  it('is left alone for a tier that has it, a past restriction, what the tier gets instead, or an upgrade', async () => {
    const enterprise = await judge('On Enterprise you can split the pallet-level hold into per-case holds.', sources);
    assert.notEqual(enterprise.partition, 'contradicted', enterprise.reason);
    // "(previously Enterprise only)": exports are open to every plan now.
    const exported = await judge('You can export your holds to CSV.', sources);
    assert.notEqual(exported.partition, 'contradicted', exported.reason);
    // The same item says what Standard pickups cost.
    const pickups = await judge('On Standard each pickup costs £6.50.', sources);
    assert.notEqual(pickups.partition, 'contradicted', pickups.reason);
    const upgrade = await judge('Upgrading to Professional would let you split holds into per-case holds.', sources);
    assert.notEqual(upgrade.partition, 'contradicted', upgrade.reason);
  });
});

describe('offline judge: a row of another tier than the customer\'s', () => {
  const fees: Source = {
    file: 'fees.csv',
    text: ['service,tier,unit,price_cad', 'cleaning,standard,per_tonne,18.00', 'cleaning,premier,per_tonne,14.00', 'treating,standard,per_tonne,11.20', 'treating,premier,per_tonne,9.50', ''].join('\n'),
  };
  const question = "I'm a Standard member. What does cleaning and treating cost?";

  it('is contradicted when the claim gives the customer another tier\'s price', async () => {
    // The question names Standard: treating is 11.20 per tonne for Standard, 9.50 for Premier.
    const verdict = await judge('Treating costs $9.50 per tonne.', [fees], {}, question);
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /11\.20/);
  });

  it('is left alone for the customer\'s own price, or a price said of the tier it is', async () => {
    const own = await judge('Treating costs $11.20 per tonne.', [fees], {}, question);
    assert.notEqual(own.partition, 'contradicted', own.reason);
    const premier = await judge('Premier members pay $9.50 per tonne for treating.', [fees], {}, question);
    assert.notEqual(premier.partition, 'contradicted', premier.reason);
  });
});

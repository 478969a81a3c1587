// The offline judge against release notes whose changes are listed under version headings, when a
// record says which version the system runs: a change of a later release is not in effect yet, so
// its new value is wrong for this system and its old value still right. Evidence is parsed by the
// real evidence reader; expected verdicts are worked out by hand in the comments.
import * as assert from 'node:assert/strict';
import { judge, type Source } from '../support/judge-sources';

const notes: Source = {
  file: 'release_notes.md',
  text: [
    '# Dosing controller release notes',
    '',
    '## 5.2.0 (4 November 2024)',
    '',
    '- New flush programmes default to a 90-second rinse (was 60 seconds).',
    '',
    '## 5.1.0 (12 August 2024)',
    '',
    '- The daily dose limit per line is raised from 400 to 500 litres.',
    '',
  ].join('\n'),
};
const guide: Source = { file: 'guide.md', text: '# Flushing\n\nA new flush programme rinses for 60 seconds unless you change it. Each line may dose up to 400 litres a day.\n' };
const site: Source = { file: 'site_config.json', text: JSON.stringify({ site: 'Harbour Road', controller: 'DC-07', software_version: '5.1.3' }, null, 2) };

describe('offline judge: a value of a release later than the one installed', () => {
  it('is contradicted when the claim gives the later release\'s new value for this system', async () => {
    // The site runs 5.1.3; the 90-second default arrives with 5.2.0, so it is still 60 seconds.
    const verdict = await judge('On your controller, a new flush programme rinses for 90 seconds by default.', [notes, guide, site]);
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /5\.2\.0/);
  });

  it('keeps the old value in effect: the guide\'s 60 seconds is not superseded by a release not installed', async () => {
    const verdict = await judge('On your controller, a new flush programme rinses for 60 seconds by default.', [notes, guide, site]);
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });

  it('applies a change of a release already installed, and leaves a claim about the later release alone', async () => {
    // 5.1.0 ≤ 5.1.3: the limit is 500 litres now, 400 is superseded.
    const old = await judge('The daily dose limit is 400 litres per line.', [notes, guide, site]);
    assert.equal(old.partition, 'contradicted', old.reason);
    // A claim that names the release speaks of it.
    const later = await judge('From 5.2.0, new flush programmes rinse for 90 seconds by default.', [notes, guide, site]);
    assert.notEqual(later.partition, 'contradicted', later.reason);
  });
});

// The offline judge against a product default the customer's configuration overrides: a claim
// giving the documented default for a setting the site's config holds another value of.
// Evidence is parsed by the real evidence reader; expected verdicts are worked out by hand.
import * as assert from 'node:assert/strict';
import { judge, type Source } from '../support/judge-sources';

const guide: Source = {
  file: 'admin-guide.md',
  text: [
    '# Retention',
    '',
    '| Data | Default retention |',
    '|---|---|',
    '| Raw readings (10 s) | 90 days |',
    '| Daily averages | 10 years |',
    '',
    'Retention can be shortened per site in the `retention` section of the site configuration.',
    '',
  ].join('\n'),
};
const config: Source = {
  file: 'config.json',
  text: JSON.stringify({ site: 'Eastfield', retention: { raw_days: 60, daily_years: 10 }, alarms: { max_gap_min: 30, max_flight_h: 8 } }, null, 2),
};

describe('offline judge: a default the site configuration overrides', () => {
  it('is contradicted when the claim gives the default for a setting the site sets otherwise', async () => {
    // retention.raw_days is 60 at this site; 90 days is the product default.
    const raw = await judge('Raw readings are kept for 90 days.', [guide, config]);
    assert.equal(raw.partition, 'contradicted', raw.reason);
    assert.match(raw.reason, /raw_days|60/);
  });

  it('is left alone when the claim speaks of the default, or when the site keeps the default', async () => {
    const product = await judge('By default, raw readings are kept for 90 days.', [guide, config]);
    assert.notEqual(product.partition, 'contradicted', product.reason);
    // daily_years is 10, the default too.
    const daily = await judge('Daily averages are kept for 10 years.', [guide, config]);
    assert.notEqual(daily.partition, 'contradicted', daily.reason);
  });
});

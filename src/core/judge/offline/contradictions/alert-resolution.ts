// "All alerts had cleared by 04:05" against TG-INGEST-LAG resolved_at=04:09; "Both FRA3-CRAH-FAULT
// alerts have since resolved" against resolved_at=none. The alerts are those the claim names, else
// — "all", "both", "every" — the signals of the incident's day; each must record that it cleared,
// and by the claim's time if it gives one. Words and fields are data (alerts.json).
import { extractFeatures } from '../../../retrieval/index';
import { type ClaimVerdict, type ClaimView, contradicted, hasIdentifier } from '../claim-view';
import { phrasePattern } from '../vocabulary/index';
import { dayOf, signalName, signalsOf } from '../records/signals';
import alerts from '../vocabulary/alerts.json';

const ALERT_RE = phrasePattern(alerts.nouns);
const RESOLVED_RE = phrasePattern(alerts.resolvedWords);
const EVERY_RE = /\b(?:all|both|every|each)\b/i;
const OPEN_VALUES = new Set(alerts.openValues);
const BY_TIME_RE = /\bby\s+(\d{1,2}):(\d{2})\b/i;

export function contradictAlertResolution(view: ClaimView): ClaimVerdict | undefined {
  const { wording } = view;
  const text = view.claim.text;
  if (wording.hedge || wording.negated.length > 0 || wording.absent.length > 0 || !ALERT_RE.test(text) || !RESOLVED_RE.test(text)) return undefined;
  const { all, incidentDay } = signalsOf(view.index);
  if (all.length === 0) return undefined;
  // "cleared by 04:05" sets a deadline ("cleared at 14:18, four minutes before …" dates one alert: another check's).
  const by = BY_TIME_RE.exec(text);
  const deadline = by ? { seconds: Number(by[1]) * 3600 + Number(by[2]) * 60 + 59, raw: `${by[1]}:${by[2]}` } : undefined;
  const named = all.filter((unit) => view.features.identifiers.some((id) => hasIdentifier(unit, id)));
  const scoped = named.length > 0 ? named : EVERY_RE.test(text) ? all.filter((unit) => dayOf(unit) === incidentDay) : [];
  for (const unit of scoped) {
    const field = alerts.resolvedFields.find((name) => unit.item.fields[name] !== undefined);
    if (field === undefined) continue;
    const value = unit.item.fields[field]!.trim();
    if (OPEN_VALUES.has(value.toLowerCase())) return contradicted(unit, `claim says the alerts cleared, ${unit.item.id} records ${signalName(unit)} with ${field}=${value || '(empty)'}`);
    const cleared = extractFeatures(value).times[0];
    if (deadline !== undefined && cleared !== undefined && cleared.seconds > deadline.seconds) {
      return contradicted(unit, `claim says the alerts cleared by ${deadline.raw}, ${unit.item.id} records ${signalName(unit)} with ${field}=${value}`);
    }
  }
  return undefined;
}


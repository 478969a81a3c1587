// "No other alerts fired during the incident", "no advance warning of the expiry was raised":
// a signal record of the evidence within the claim's scope contradicts the denial. The scope is
// the entities the claim names, else — after "no other", "apart from" — every alert the report
// has not named so far, else the signals that share a content word of the claim ("expiry" in
// CERT-EXPIRY-14D). Alert nouns and the fields that name an alert are data (alerts.json).
import { canonicalStem, extractFeatures, type IndexedItem } from '../../../retrieval/index';
import { type ClaimVerdict, type ClaimView, contradicted, hasIdentifier } from '../claim-view';
import { LIGHT_WORDS, NARRATION_WORDS } from '../words';
import { escapePhrase } from '../vocabulary/index';
import { dayOf, signalName, signalsOf } from '../records/signals';
import alerts from '../vocabulary/alerts.json';

const NOUNS = alerts.nouns.map(escapePhrase).join('|');
// The denial governs the alert: "no other alerts", "without any warnings", "never tripped its site alert",
// "no other kiln raised an alarm".
const DENIED_ALERT_RE = new RegExp(`\\b(?:no|never|without|not|nor)\\b(?:\\s+[\\p{L}-]+){0,6}?\\s+(?:${NOUNS})\\b`, 'iu');
// "No other fridges … raised alerts": the others are fridges, not every alert.
const OTHER_THINGS_RE = /\bno other (\p{L}+)/iu;
const ALERT_STEMS = new Set(alerts.nouns.flatMap((noun) => noun.split(/\s+/)).map(canonicalStem));
const OTHER_RE = /\b(?:no|none of the|not any) other\b|\bnothing else\b|\b(?:apart from|except(?: for)?|other than|besides|aside from)\b/i;
const NOT_TOPIC = new Set(alerts.notTopic.map((w) => canonicalStem(w)));

export function contradictAlertAbsence(view: ClaimView): ClaimVerdict | undefined {
  const { wording } = view;
  const text = view.claim.text;
  if (wording.hedge || (wording.absent.length === 0 && wording.negated.length === 0) || !DENIED_ALERT_RE.test(text)) return undefined;
  const { all, incidentDay } = signalsOf(view.index);
  // "Since 07:05, gw-eu-3 has logged no warnings": only what fired from then on, on the day most
  // signals fired (the incident's), not a warning of weeks before.
  const firedAfter = (unit: IndexedItem): boolean => wording.after === undefined || (dayOf(unit) === incidentDay && unit.features.times[0] !== undefined && unit.features.times[0].seconds >= wording.after);
  const signals = all.filter(firedAfter);
  if (signals.length === 0) return undefined;
  const idOf = signalName;
  let scoped: IndexedItem[];
  const identifiers = view.features.identifiers.filter((id) => /\d/.test(id));
  if (OTHER_RE.test(text)) {
    // Every alert the report has not named so far; "no other fridges": those about fridges.
    const said = [text, ...(view.surroundings.before ?? view.surroundings.previous).map((c) => c.text)].join('\n').toLowerCase();
    const things = OTHER_THINGS_RE.exec(text)?.[1];
    const thing = things && !ALERT_STEMS.has(canonicalStem(things.toLowerCase())) ? canonicalStem(things.toLowerCase()) : undefined;
    const unsaid = signals.filter((unit) => !said.includes(idOf(unit).toLowerCase()));
    scoped = unsaid.filter((unit) => thing === undefined || unit.wordSet.has(thing));
    // "No other setter raised an alarm" after the report named S-07: the records call setters by
    // code, so another code of S-07's shape (S-08) is another of them.
    if (thing !== undefined && scoped.length === 0) {
      const saidIds = extractFeatures(said).identifiers.filter((id) => /\d/.test(id) && /\p{L}/u.test(id));
      const shapes = new Set(saidIds.map(codeShape));
      scoped = unsaid.filter((unit) => unit.features.identifiers.some((id) => !saidIds.includes(id) && shapes.has(codeShape(id)) && unitNames(unit, id)));
    }
  } else if (identifiers.length > 0) {
    // "No load alarms were raised for FDR-102, FDR-208 or FDR-315": only their signals.
    scoped = signals.filter((unit) => identifiers.some((id) => hasIdentifier(unit, id)));
  } else {
    const topic = [...view.words.keys()].filter((stem) => !LIGHT_WORDS.has(stem) && !NARRATION_WORDS.has(stem) && !ALERT_STEMS.has(stem) && !NOT_TOPIC.has(stem));
    scoped = topic.length === 0 ? [] : signals.filter((unit) => topic.some((stem) => unit.wordSet.has(stem)));
  }
  const signal = scoped[0];
  if (!signal) return undefined;
  const fired = signal.item.fields.fired_at ?? signal.features.times[0]?.raw;
  return contradicted(signal, `claim says no such alert was raised, ${signal.item.id} records ${idOf(signal)}${fired ? ` (fired ${fired})` : ''}`);
}

/** A code's shape: its letters and separators, its digits as one mark (S-07 and S-08 are both "s-#"). */
function codeShape(id: string): string {
  return id.toLowerCase().replace(/\d+/g, '#');
}

/** Whether a signal names the code as the thing it is about (unit=S-08), not inside its alert's own name. */
function unitNames(unit: IndexedItem, id: string): boolean {
  return Object.values(unit.item.fields).some((value) => value.toLowerCase() === id);
}

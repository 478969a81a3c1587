// "No other alerts fired during the incident", "no advance warning of the expiry was raised":
// a signal record of the evidence within the claim's scope contradicts the denial. The scope is
// the entities the claim names, else — after "no other", "apart from" — every alert the report
// has not named so far, else the signals that share a content word of the claim ("expiry" in
// CERT-EXPIRY-14D). Alert nouns and the fields that name an alert are data (alerts.json).
import { canonicalStem, extractFeatures, type IndexedItem } from '../../../retrieval/index';
import { type ClaimVerdict, type ClaimView, alnum, contradicted, hasIdentifier } from '../claim-view';
import { LIGHT_WORDS, NARRATION_WORDS } from '../words';
import { escapePhrase } from '../vocabulary/index';
import { dayOf, signalName, signalsOf } from '../records/signals';
import alerts from '../vocabulary/alerts.json';

const NOUNS = [...alerts.nouns, ...alerts.verbs].map(escapePhrase).join('|');
// The denial governs the alert within its clause: "no other alerts", "without any warnings", "never
// tripped its site alert", "no other bay in the dryer house raised an alarm", "no other unit on line
// EV-2 alarmed".
const DENIED_ALERT_RE = new RegExp(`\\b(?:no|never|without|not|nor)\\b((?:\\s+[\\p{L}\\p{N}-]+){0,10}?)\\s+(${NOUNS})\\b`, 'iu');
const VERBS = new Set(alerts.verbs);
/** Words before the alert noun that are no kind of alert: "raised an alarm", "logged any warnings". */
const NOT_KIND = new Set(['a', 'an', 'any', 'the', 'its', 'their', 'other', 'no', 'single', 'further', 'new', 'or', 'and', 'nor']);
// "No other fridges … raised alerts": the others are fridges, not every alert.
const OTHER_THINGS_RE = /\bno other (\p{L}+)/iu;
const ALERT_STEMS = new Set(alerts.nouns.flatMap((noun) => noun.split(/\s+/)).map(canonicalStem));
const OTHER_RE = /\b(?:no|none of the|not any) other\b|\bnothing else\b|\b(?:apart from|except(?: for)?|other than|besides|aside from)\b/i;
const NOT_TOPIC = new Set(alerts.notTopic.map((w) => canonicalStem(w)));

export function contradictAlertAbsence(view: ClaimView): ClaimVerdict | undefined {
  const { wording } = view;
  const text = view.claim.text;
  const denied = DENIED_ALERT_RE.exec(text);
  if (wording.hedge || (wording.absent.length === 0 && wording.negated.length === 0) || !denied) return undefined;
  // "no gauge on the other girders of BR-0417": others of a thing the claim does not set apart by "no other".
  if (/\bother\b/i.test(text) && !OTHER_RE.test(text)) return undefined;
  // (A verb, "no other bay alarmed", names no kind.)
  const kinds = VERBS.has(denied[2]!.toLowerCase()) ? [] : kindWords(denied[1]!);
  const things = OTHER_THINGS_RE.exec(text)?.[1];
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
    const earlier = (view.surroundings.before ?? view.surroundings.previous).map((c) => c.text).join('\n');
    const said = `${text}\n${earlier}`.toLowerCase();
    const thing = things && !ALERT_STEMS.has(canonicalStem(things.toLowerCase())) ? canonicalStem(things.toLowerCase()) : undefined;
    // Not the signals of what the report named before ("no other pump" after BP-3: FD2-BP3-TEMP; after "bay 2": bay=2's).
    const namedBefore = extractFeatures(earlier).identifiers.filter((id) => /\d/.test(id) && /\p{L}/u.test(id)).map(alnum).filter((id) => id.length >= 3 && !identifiers.some((own) => alnum(own) === id));
    const unsaid = signals.filter((unit) => !said.includes(idOf(unit).toLowerCase()) && !namedBefore.some((id) => alnum(idOf(unit)).includes(id)) && !(things && namesSaidMember(unit, things.toLowerCase(), said)));
    // "No other equipment on line EV-2": the others of what the claim names (EV2-OLR-VAC).
    const within = identifiers.length > 0 ? unsaid.filter((unit) => identifiers.some((id) => hasIdentifier(unit, id) || alnum(idOf(unit)).includes(alnum(id)))) : [];
    scoped = within.length > 0 ? within : unsaid.filter((unit) => thing === undefined || unit.wordSet.has(thing));
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
  // "no other pump raised a temperature warning": among the other things, a signal of that kind.
  // (Of a named scope, "no climate alarms", the kind is what the scope's signals are, however written.)
  const signal = scoped.find((unit) => things === undefined || kinds.length === 0 || kinds.some((kind) => unit.wordSet.has(kind) || unit.lowerText.includes(kind)));
  if (!signal) return undefined;
  const fired = signal.item.fields.fired_at ?? signal.features.times[0]?.raw;
  return contradicted(signal, `claim says no such alert was raised, ${signal.item.id} records ${idOf(signal)}${fired ? ` (fired ${fired})` : ''}`);
}

/** The kind words just before the alert noun ("a level or controller-mode alarm": level, controller-mode). */
function kindWords(between: string): string[] {
  const words = between.toLowerCase().trim().split(/\s+/).filter(Boolean);
  const kinds: string[] = [];
  for (let at = words.length - 1; at >= 0; at--) {
    const word = words[at]!;
    if (word === 'or' || word === 'and') continue;
    if (NOT_KIND.has(word) || LIGHT_WORDS.has(canonicalStem(word)) || NARRATION_WORDS.has(canonicalStem(word)) || NOT_TOPIC.has(canonicalStem(word))) break;
    kinds.push(canonicalStem(word));
    if (words[at - 1] !== 'or' && words[at - 1] !== 'and') break;
  }
  return kinds;
}

/** Whether a signal is of the member the report named: its field for the thing holds a value written after the thing ("bay 2" and bay=2). */
function namesSaidMember(unit: IndexedItem, thing: string, said: string): boolean {
  const stem = canonicalStem(thing);
  return Object.entries(unit.item.fields).some(([key, value]) => canonicalStem(key.toLowerCase()) === stem && new RegExp(`\\b${escapePhrase(thing)}s?\\s+${escapePhrase(value.toLowerCase())}\\b`).test(said));
}

/** A code's shape: its letters and separators, its digits as one mark (S-07 and S-08 are both "s-#"). */
function codeShape(id: string): string {
  return id.toLowerCase().replace(/\d+/g, '#');
}

/** Whether a signal names the code as the thing it is about (unit=S-08), not inside its alert's own name. */
function unitNames(unit: IndexedItem, id: string): boolean {
  return Object.values(unit.item.fields).some((value) => value.toLowerCase() === id);
}

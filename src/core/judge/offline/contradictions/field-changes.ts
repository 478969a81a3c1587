// A change a record gives in fields, said otherwise: "the default override window was left at 60
// minutes" while the deployment's change list has `default_override_window_min` from 60 to 45;
// "… is now 60 minutes"; "… was raised from 60 to 75 minutes"; "… was cut to 30 minutes". The
// change is the one whose name the claim words (most of its words, units aside); the claim keeps
// the old value, gives the old one as the new, gives another new value, or moves it the other way.
import { canonicalStem, type Quantity } from '../../../retrieval/index';
import { quantityMatches } from '../derive/matching';
import { type ClaimVerdict, type ClaimView, contradicted } from '../claim-view';
import { fieldChangesOf } from '../records/field-changes';
import { NEUTRAL_KEY_PARTS, UNIT_KEY_PARTS, phrasePattern } from '../vocabulary/index';
import { periodNumbers } from '../align/table-alignment';
import changes from '../vocabulary/changes.json';

/** Wording that says a value stayed ("left at", "unchanged"). */
export const STAYS_RE = phrasePattern(changes.fieldChanges.stays);
const SET_TO_RE = new RegExp(`(?:${changes.fieldChanges.setTo.map((phrase) => phrase.replace(/\s+/g, '\\s+')).join('|')})\\s+(?:about\\s+|around\\s+|roughly\\s+)?[$€£]?$`, 'i');
const UP_RE = phrasePattern(changes.fieldChanges.raised);
const DOWN_RE = phrasePattern(changes.fieldChanges.lowered);
/** Where one clause of a sentence ends and another begins ("the 16 spm tryout failed, with three parts dropped"). */
const CLAUSE_BREAK_RE = /;|,\s*(?:with|while|which|whereas|so|but|and|after|before|when)\b|\s[-\u2013\u2014]\s/iu;
/** A value placed before the change ("previously 60"): no claim about what it is now. */
const PAST_RE = phrasePattern(changes.fieldChanges.past);
/** A value in a plan still to come ("the retry is scheduled with the gain at 1.05"): no recorded change is about it. */
const PLANNED_RE = phrasePattern(changes.fieldChanges.planned);

export function contradictFieldChange(view: ClaimView): ClaimVerdict | undefined {
  const { wording } = view;
  const text = view.claim.text;
  if (wording.hedge || wording.negated.length > 0 || wording.absent.length > 0 || PAST_RE.test(text) || PLANNED_RE.test(text)) return undefined;
  const labels = periodNumbers(text);
  const figures = view.features.quantities.filter((q) => q.qualifier !== 'delta' && !(labels.has(q.raw.trim()) && !q.hasUnit));
  if (figures.length === 0) return undefined;
  // (A change known only by the key it stands under says nothing of which entity it is of: not for a claim that names one by code.)
  const named = fieldChangesOf(view.index).filter((change) => change.old.quantity && change.now.quantity && namedBy(view, change.name) && !(change.underKey && view.features.identifiers.some((id) => /\p{L}-\p{L}|\p{L}-\d/u.test(id) && !change.unit.identifierSet.has(id))));
  // One change the claim words; several of one name (per site) it does not tell apart are left alone.
  if (named.length !== 1) return undefined;
  const change = named[0]!;
  const [old, now] = [change.old.quantity!, change.now.quantity!];
  const isOld = (q: Quantity): boolean => quantityMatches(q, old);
  const isNew = (q: Quantity): boolean => quantityMatches(q, now);
  const moved = `${change.unit.item.id} changes ${change.name} from ${change.old.raw} to ${change.now.raw}`;
  // "raised …" of a value the change lowered.
  const up = UP_RE.exec(text);
  const down = DOWN_RE.exec(text);
  const verb = up ?? down;
  if (!up !== !down && figures.some((q) => (isOld(q) || isNew(q)) && sameClause(text, verb!.index, q.start)) && Math.sign(now.value - old.value) === (up ? -1 : 1)) return contradicted(change.unit, `claim says it was ${up ? 'raised' : 'lowered'}; ${moved}`);
  if (figures.some(isNew)) {
    // "from 45 to 60" against 60 → 45: the change told the other way round.
    const [first, second] = figures;
    if (second && isNew(first!) && isOld(second) && /\bfrom\b/i.test(text.slice(0, first!.start))) return contradicted(change.unit, `claim goes from ${first!.raw.trim()} to ${second.raw.trim()}; ${moved}`);
    return undefined;
  }
  // "left at 60 minutes", "still 60": the value the change replaced, said to stay.
  const stayed = figures.find((q) => isOld(q) && STAYS_RE.test(text));
  if (stayed) return contradicted(change.unit, `claim says it stayed at ${stayed.raw.trim()}; ${moved}`);
  // "raised from 60 to 75 minutes": the old value right, another new one.
  const [from, to] = figures;
  if (to && isOld(from!) && comparable(to, now) && /\bfrom\s+[$€£]?$/i.test(text.slice(0, from!.start)) && /^\s*(?:[\p{L}%]+\s+)?to\s+[$€£]?$/iu.test(text.slice(from!.start + from!.raw.length, to.start))) {
    return contradicted(change.unit, `claim goes from ${from!.raw.trim()} to ${to.raw.trim()}; ${moved}`);
  }
  // "is now 60", "was cut to 30 minutes": the value the claim gives as the new one.
  const given = figures.find((q) => SET_TO_RE.test(text.slice(0, q.start)) && (isOld(q) || comparable(q, now)));
  if (given) return contradicted(change.unit, `claim gives ${given.raw.trim()} as the new value; ${moved}`);
  return undefined;
}

/** Whether the claim words the change's name: most of its words (units and neutral words aside), two at least when it has two. */
function namedBy(view: ClaimView, name: string): boolean {
  const parts = name
    .toLowerCase()
    .split(/[_.\s-]+/)
    .filter((part) => part.length > 1 && !UNIT_KEY_PARTS.has(part) && !NEUTRAL_KEY_PARTS.has(part))
    .map(canonicalStem);
  if (parts.length === 0) return false;
  // (A part the claim writes as a code, "CO2" of co2_limit_ppm, is held too.)
  const codes = new Set(view.features.identifiers.map((id) => canonicalStem(id.toLowerCase())));
  const held = parts.filter((part) => view.words.has(part) || codes.has(part)).length;
  return held >= Math.min(2, parts.length) && held * 2 >= parts.length;
}

/** A figure of the same kind as the change's values (60 minutes and 45 minutes; not 3 cabinets). */
function comparable(q: Quantity, value: Quantity): boolean {
  return q.dimension === value.dimension && (q.hasUnit || !value.hasUnit);
}

/** Whether the words at `a` and `b` are in one clause: a verb of change speaks of the figures of its own clause. */
function sameClause(text: string, a: number, b: number): boolean {
  return !CLAUSE_BREAK_RE.test(text.slice(Math.min(a, b), Math.max(a, b)));
}

// How long something was in a state, against the records of its switches: "LIC-431 was in manual
// for about 75 minutes" while the DCS logs "LIC-431 switched AUTO->MAN" at 02:11:03 and
// "LIC-431 switched MAN->AUTO" at 03:41:15 (90 minutes). The state is the word after "in" (a mode:
// manual, bypass, standby); a record of the claim's entities enters it where a switch ("A->B",
// "A → B", "from A to B") goes to it and leaves it where one goes from it, a state written short
// (MAN) standing for the word it opens. The span runs from the first entry to the first exit after it.
import { type ClaimVerdict, type ClaimView, contradicted, hasIdentifier } from '../claim-view';
import { durationHolds, momentOf, spanText, type Moment } from '../records/events';

const IN_STATE_RE = /\b(?:was|were|stayed|remained|sat|ran|been|spent)\s+(?:(?:about|around|roughly|nearly|almost|some|just over|just under|over)\s+)?(?:[\d\s\p{L}]*?\s+)?in\s+(\p{L}{3,})(?:\s+(?:mode|control|operation))?\s+for\s+(?:(?:about|around|roughly|nearly|almost|some|approximately|just over|just under|over|under)\s+)?$/iu;
const APPROXIMATE_RE = /\b(?:about|around|roughly|nearly|almost|some|approximately)\s+$/i;
/** A switch of state: "AUTO->MAN", "AUTO → MAN", "from AUTO to MAN". */
const SWITCH_RE = /\b([A-Za-z][\w-]*)\s*(?:->|→|=>)\s*([A-Za-z][\w-]*)|\bfrom\s+([A-Za-z][\w-]*)\s+to\s+([A-Za-z][\w-]*)/g;

export function contradictStateSpan(view: ClaimView): ClaimVerdict | undefined {
  const { wording, features } = view;
  if (wording.hedge || wording.negated.length > 0 || features.identifiers.length === 0) return undefined;
  const durations = features.quantities.filter((q) => q.dimension === 'duration' && q.hasUnit && q.qualifier !== 'delta');
  if (durations.length !== 1) return undefined;
  const duration = durations[0]!;
  const text = view.claim.text;
  const state = IN_STATE_RE.exec(text.slice(0, duration.start))?.[1]?.toLowerCase();
  if (!state) return undefined;
  const switches: Array<{ moment: Moment; enters: boolean; leaves: boolean }> = [];
  for (const unit of view.index.items) {
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning' || unit.features.times.length === 0) continue;
    if (!unit.text.includes('->') && !unit.text.includes('→') && !unit.text.includes('=>') && !/\bfrom\b/i.test(unit.text)) continue;
    if (!features.identifiers.every((id) => hasIdentifier(unit, id))) continue;
    for (const m of unit.text.matchAll(SWITCH_RE)) {
      const [from, to] = [m[1] ?? m[3]!, m[2] ?? m[4]!];
      const [enters, leaves] = [stands(to, state), stands(from, state)];
      if (enters !== leaves) switches.push({ moment: momentOf(unit), enters, leaves });
    }
  }
  switches.sort((a, b) => a.moment.at - b.moment.at);
  const entry = switches.find((s) => s.enters);
  if (!entry) return undefined;
  const exit = switches.find((s) => s.leaves && s.moment.at > entry.moment.at);
  if (!exit) return undefined;
  const span = exit.moment.at - entry.moment.at;
  if (span <= 0 || durationHolds(duration, span, APPROXIMATE_RE.test(text.slice(0, duration.start)))) return undefined;
  return contradicted(exit.moment.unit, `claim says ${duration.raw.trim()} in ${state}, ${entry.moment.unit.item.id} (${entry.moment.raw}) to ${exit.moment.unit.item.id} (${exit.moment.raw}) is ${spanText(span)}`);
}

/** Whether a state as a record writes it stands for the claim's word: the word itself, or its opening letters (MAN for manual). */
function stands(written: string, word: string): boolean {
  const lower = written.toLowerCase();
  return lower === word || (lower.length >= 3 && word.startsWith(lower));
}

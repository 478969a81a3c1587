// Every row of a subset the claim names holding one value, which the rows go against: "All five
// first-pass failures came from the night shift" while a failed batch ran on the day shift; "The
// three unsold lots were all BOPF" while an unsold lot is BP. The value the claim names last is
// the one held, after its "all"; the subset is the rows of the other values it names
// (status=unsold) and of a yes/no column its words name ("first-pass failures": qc_first_pass=N,
// vocabulary/flag-values.json noWords). A subset needs one of those and two rows at least. The
// universal is the sentence's opening ("All five …", "Every downgraded spool …") or follows the
// subset ("… were all BOPF"); the value held is a category (a few values), written right after a
// verb of being or a preposition ("came from the night shift"); a claim that makes an exception
// ("although", "except", "apart from") is not read.
import type { ClaimVerdict, ClaimView } from '../claim-view';
import type { Table } from '../records/tables';
import { canonicalStem } from '../../../retrieval/index';
import { columnWords, firstTableVerdict, namedAt, namedValues, statedPlainly } from '../align/table-alignment';
import { saysYes, yesNoColumns } from '../records/yes-no-columns';
import flagWords from '../vocabulary/flag-values.json';

/** "All five first-pass failures …", "Every downgraded spool …": the universal opening the sentence. */
const OPENING_ALL_RE = /^\s*(?:all|every|each)\b/i;
/** "… were all BOPF", "… are all from R2": the universal after its subset. */
const TRAILING_ALL_RE = /\b(?:were|was|are|is)\s+all\b/i;
const EXCEPTION_RE = /\b(?:except|apart\s+from|other\s+than|although|though|but|only|besides)\b/i;
/** The word right before a value held: a verb of being or a preposition, with up to two words between. */
const HELD_AFTER_RE = /\b(?:were|was|are|is|been|all|from|on|in|at|by)\s+(?:[\p{L}\d-]+\s+){0,2}$/iu;
/** A column of more values than this names things one by one (lots, tickets), not a category they share. */
const MAX_CATEGORIES = 12;
/** "in every week", "each month": a universal over periods, which the series checks read. */
const EVERY_PERIOD_RE = /\b(?:every|each)\s+(?:single\s+)?(?:day|week|month|quarter|year|period|night|shift)s?\b/i;
const NO_WORDS = new Set(flagWords.noWords);
/** More rows than this are a log, not a list to read row by row. */
const MAX_ROWS = 400;

export function contradictSubsetValue(view: ClaimView): ClaimVerdict | undefined {
  const text = view.claim.text;
  if (!statedPlainly(view) || EXCEPTION_RE.test(text) || EVERY_PERIOD_RE.test(text)) return undefined;
  if (!OPENING_ALL_RE.test(text) && !TRAILING_ALL_RE.test(text)) return undefined;
  return firstTableVerdict(view, (table, claim) => subsetIn(view, table, claim));
}

function subsetIn(view: ClaimView, table: Table, claim: Set<string>): ClaimVerdict | null | undefined {
  if (table.rows.length < 3 || table.rows.length > MAX_ROWS) return undefined;
  const text = view.claim.text;
  const named = [...namedValues(view, table, claim)]
    .filter(([, values]) => values.length === 1)
    .map(([column, [value]]) => ({ column, value: value!, at: namedAt(text, value!) }))
    .sort((a, b) => a.at - b.at);
  const held = named.at(-1);
  const trailing = OPENING_ALL_RE.test(text) ? undefined : TRAILING_ALL_RE.exec(text)!.index;
  if (!held || !Number.isFinite(held.at) || (trailing !== undefined && held.at < trailing) || !HELD_AFTER_RE.test(text.slice(0, held.at))) return undefined;
  if (new Set(table.rows.map((row) => row.values.get(held.column))).size > MAX_CATEGORIES) return undefined;
  // The subset is named before the value held, and before a trailing "were all".
  const cues = named.slice(0, -1).filter((cue) => cue.column !== held.column && (trailing === undefined || cue.at < trailing));
  const flag = flagCue(table, claim);
  if (cues.length === 0 && !flag) return undefined;
  const subset = table.rows.filter((row) => cues.every((cue) => row.values.get(cue.column) === cue.value) && (!flag || saysYes(row, flag.column) === flag.yes));
  if (subset.length < 2) return undefined;
  const others = subset.filter((row) => row.values.get(held.column) !== held.value);
  if (others.length === 0) return null;
  const what = [...cues.map((cue) => `${cue.column}=${cue.value}`), ...(flag ? [`${flag.column}=${flag.yes ? 'yes' : 'no'}`] : [])].join(', ');
  const shown = others.slice(0, 4).map((row) => `${held.column}=${row.values.get(held.column)} (${row.refs[0]})`);
  return {
    partition: 'contradicted',
    type: 'synthesis',
    evidence_refs: others.slice(0, 8).map((row) => row.refs[0]!),
    reason: `claim says all rows of ${what} have ${held.column}=${held.value}; ${others.length} of the ${subset.length} do not: ${shown.join(', ')}`,
  };
}

/** A yes/no column every specific word of whose name the claim uses; its rows saying no when a failure word is among the claim's words. */
function flagCue(table: Table, claim: Set<string>): { column: string; yes: boolean } | undefined {
  const named = yesNoColumns(table).filter((column) => {
    const parts = columnWords(column.toLowerCase()).filter((part) => part.length > 2);
    return parts.length > 0 && parts.filter((part) => claim.has(part) || claim.has(canonicalStem(part))).length >= Math.min(2, parts.length);
  });
  if (named.length !== 1) return undefined;
  const no = [...claim].some((token) => NO_WORDS.has(token));
  return { column: named[0]!, yes: !no };
}

// The wording the offline judge reacts to: causal and certainty language (over-reach), hedges
// (alternative hypotheses), negation and absence, and state words with their opposites.
import stateGroups from './vocabulary/state-groups.json';
import { DENIED_COMPARISON_RE, canonicalStem, isStopword } from '../../retrieval/features';

export interface Wording {
  /** The causal phrase ("caused by", "root cause", "due to"), when present. */
  causal?: string;
  /** The certainty word ("definitely", "confirmed"), when present. */
  certainty?: string;
  /** The hedge ("may", "might", "another possibility"), when present. */
  hedge?: string;
  /** Stems of the events a negation denies: "was not restarted" → restart. */
  negated: string[];
  /** Stems of the things an absence claim says there were none of: "no errors were logged" → error. */
  absent: string[];
  /** State words of the claim, with their polarity after negation. */
  states: StateMention[];
  /** Time bounds of the claim ("after 14:10" → lower bound), in seconds since midnight. */
  after?: number;
  before?: number;
  /** The day of a bound set by an event's record ("after the upgrade" on 2024-10-15), as yyyy-mm-dd: records of later days are after it. */
  afterDay?: string;
  beforeDay?: string;
}

export interface StateMention {
  group: string;
  polarity: 1 | -1;
  word: string;
}

const CAUSAL_RE =
  /\b(caused by|caused|causing|causes|cause of|root[- ]caus(?:e|ed)|due to|because(?: of)?|led to|leads? to|leading to|resulted in|results? in|as a result of|result of|triggered by|responsible for|attributable to|attributed to|owing to|consequently|was the reason|the reason for|brought down|stems? from|stemmed from|driven by|drove(?!\s+(?:about|around|roughly|nearly|almost|over|some|just|\d))|drives(?!\s+(?:about|around|roughly|nearly|almost|over|some|just|\d))|thanks to|(?:which|that|this) is why|explains? why|explained why|(?:is|was|are|were) what (?:(?:finally|really|actually|eventually|ultimately|first)\s+)?(?:caused|pushed|set off|triggered|drove|tipped|broke|started|brought|fixed|made|cleared|resolved|stopped|ended|killed|saved|solved|cured|restored|prevented|kept|led|tripped|took down|knocked out)|(?:main|primary|chief|real|biggest|sole|only) (?:reason|cause|driver)|set off|sets off|setting off|(?:fixed|resolved|solved|cured|restored)\s+(?:the|this|that)\s+(?:problem|issue|incident|outage|errors?|degradation)|reflect(?:s|ed|ing)|(?:is|was|are|were|comes|came) down to(?!\s+(?:about|around|roughly|nearly|just|only|under|below|zero|none|[$€£]?\d))|(?:the|a) result of|contribut(?:ed|es|ing) to)\b/iu;
const CERTAINTY_RE =
  /\b(definitely|certainly|clearly|undoubtedly|without (?:a )?doubt|confirmed|confirms|proves?|proved|proven|conclusively|guaranteed|guarantees?|ensures? that|must have|surely|beyond doubt|for good|once and for all)\b/i;
const FIX_BEFORE_RE = /\b(?:fix|fixe[sd]|fixing|resolve[sd]?|solve[sd]?|cure[sd]?|stop(?:ped|s)?|end(?:ed|s)?|eliminate[sd]?|prevent(?:ed|s)?|settle[sd]?|sorted)\b/i;
const HEDGE_RE =
  /\b(may(?! \d)|might|(?<!\bso that\b[^.;:]*)(?<!\bin order\b[^.;:]*)(?<!\bhow (?:much|many|long|far|often)\b[^.;:,]*)could(?!\s+(?:not|no longer|never)\b)(?!n['’]t)|possibly|perhaps|potentially|conceivably|another possibility|one possibility|it is (?:also |quite |entirely )?possible|alternatively|an alternative|a hypothesis|hypothesi[sz]e|we suspect|is suspected|cannot rule out|can['’]t rule out|not (?:yet )?ruled out|worth (?:checking|investigating))\b/i;
const HEDGES = new RegExp(HEDGE_RE.source, 'gi');
const NEGATION_RE =
  /\b(?:not|never|no longer|didn['’]t|wasn['’]t|weren['’]t|isn['’]t|aren['’]t|hasn['’]t|haven['’]t|hadn['’]t|don['’]t|doesn['’]t|won['’]t|couldn['’]t|cannot|can['’]t)((?:\s+[\p{L}][\p{L}'’-]*){1,3})/giu;
/** Just before a negation: a relative pronoun after a noun ("hours that are", "slots which were"), or a noun phrase and its subject pronoun ("any hours you"). */
const RELATIVE_BEFORE_RE = /\p{L}\s+(?:that|which|who)\s+(?:(?:are|were|is|was|have|has|had|do|does|did)\s+)?$|\b(?:any|all|every|each|the)\s+(?:[\p{L}-]+\s+){1,2}(?:you|we|they)\s+$/iu;
const NEGATION_FILLERS = new Set(['even', 'actually', 'yet', 'get', 'got', 'fully', 'successfully', 'automatically', 'manually', 'ever', 'really', 'properly']);
const ABSENCE_RE =
  /\b(?:no|zero|none of the|nothing|without any|absence of|no sign of|no signs of|no evidence of|free of)\s+(?:(?:new|further|other|additional|more|recent|related|obvious|unusual|such)\s+)*([\p{L}\p{N}][\p{L}\p{N}_-]*)/giu;
/** After "no X": up to two more words of the noun phrase, then its verb and, maybe, a participle. */
const ABSENCE_PHRASE_RE =
  /^((?:\s+(?!(?:was|were|is|are|has|have|had|got|in|on|at|during|for|from|to|of|by|with|and|or|after|before|since)\b)[\p{L}][\p{L}\p{N}_-]*){0,2})\s+(?:was|were|is|are|has|have|had|got)\s+(?:been\s+)?(?:ever\s+)?([\p{L}]+)?/iu;
/** After "no X": "had its counter hardware or firmware changed", "has any pods restarted". */
const HAD_DONE_RE = /^\s+(?:had|has|have)\s+(?:its|their|his|her|any|a|an|the)\s+(?:[\p{L}-]+\s+){0,4}?(\p{L}+ed)\b/iu;
/** After "no X" with no auxiliary: "None of the origin-web pods restarted", "no rollback criterion met". */
const ACTIVE_ABSENCE_RE =
  /^((?:\s+(?!(?:in|on|at|during|for|from|to|of|by|with|and|or|after|before|since|that|which|who)\b)[\p{L}][\p{L}\p{N}_-]*){0,2}?)\s+(\p{L}+ed|met|hit|seen|found|shown|given)\b(?!\s+(?:to|by)\b)/iu;
/** Verbs that report an observation rather than name the event observed. */
const REPORTING_VERBS = new Set(['met', 'hit', 'reached', 'occurred', 'happened', 'appeared', 'existed', 'related', 'affected', 'logged', 'recorded', 'reported', 'seen', 'observed', 'detected', 'found', 'noticed', 'needed', 'required', 'raised', 'written', 'shown', 'given', 'returned', 'sent', 'received', 'emitted', 'triggered', 'fired', 'registered', 'captured', 'measured']);
const STATE_MODIFIED_RE = /^\s+(?:criterion|criteria|rate|ratio|threshold|budget|count|counts|metric|target|path|mode|case|cases|code|codes|message|messages|page|handler|state|status)\b/i;
const BETWEEN_RE = /\bbetween\s+(\d{1,2}):(\d{2})(?::\d{2})?\s+and\s+(\d{1,2}):(\d{2})/i;
const ACTION_EFFECT_RE =
  /^\s*(?:\p{Lu}\p{Ll}+ing)\b[^.;:]*?\b(cut|reduced|halved|fixed|resolved|eliminated|ended|stopped|cured|doubled|tripled|brought down|lowered|improved)\b/u;
const AFTER_RE = /\b(?:after|since|from)\s+(\d{1,2}):(\d{2})(?::(\d{2}))?/i;
const BEFORE_RE = /\b(?:before|until|till|prior to|by)\s+(\d{1,2}):(\d{2})(?::(\d{2}))?/i;

const PARTIAL_OUTCOME_RE = /\bpartial(?:ly)?[\s_-]+(?:completed?|succeeded|successful|applied|done)\b|\bcompleted?[\s_-]+with[\s_-]+(?:exceptions|errors|warnings|failures)\b/gi;
// A status (rolled_back) or a passive ("was rolled back"); "ci-run-07 rolled back …" is an action that may well succeed.
const ROLLED_BACK_RE = /\brolled_back\b|\b(?:was|were|been|being|is|are)\s+rolled[\s-]back\b/gi;
/** State words by group (vocabulary/state-groups.json): the positive ones have polarity +1, the negative ones −1, opposite ways of one property. */
const STATE_INDEX = new Map<string, Array<{ group: string; polarity: 1 | -1 }>>();
for (const [group, { positive, negative }] of Object.entries(stateGroups.groups)) {
  for (const word of positive) STATE_INDEX.set(word, [...(STATE_INDEX.get(word) ?? []), { group, polarity: 1 }]);
  for (const word of negative) STATE_INDEX.set(word, [...(STATE_INDEX.get(word) ?? []), { group, polarity: -1 }]);
}
const CONDITION_BEFORE_RE = /\b(?:if|unless|whether|provided that)\b(?:(?!\b(?:and|then|but|so)\b)[^,;])*$/i;

/** Words that are only weak states (up/down/on/off/yes/no/open are often not about state). */
const WEAK_STATE_WORDS = new Set(stateGroups.weak);

/** Reads the wording of a claim (or an evidence item). */
export function readWording(text: string): Wording {
  const wording: Wording = { negated: [], absent: [], states: [] };
  wording.causal = CAUSAL_RE.exec(text)?.[1];
  wording.certainty = CERTAINTY_RE.exec(text)?.[1];
  // "fixed … for good" is certainty about a fix; "the logs are gone for good" says they are lost.
  if (wording.certainty?.toLowerCase() === 'for good' && !FIX_BEFORE_RE.test(text.slice(0, text.toLowerCase().indexOf('for good')))) wording.certainty = undefined;
  // "May" capitalised is the month unless a verb follows ("May be", "May also have").
  for (const hedge of text.matchAll(HEDGES)) {
    const month = hedge[1] === 'May' && !/^May\s+(?:be|have|also|not|well|still|explain|indicate|point)\b/.test(text.slice(hedge.index));
    if (!month) {
      wording.hedge = hedge[1];
      break;
    }
  }

  const negatedSpans: Array<[number, number]> = [];
  for (const match of text.matchAll(NEGATION_RE)) {
    // "never goes above 15 minutes", "does not exceed 8 GiB": a bound on a figure, not a denied event.
    if (DENIED_COMPARISON_RE.test(text.slice(match.index))) continue;
    // "had not run out of disk space but of inodes": a correction of one detail, not a denied event.
    if (/^[^.;,]*?\bbut\s+(?:of|in|on|at|to|for|by|from|with)\b/i.test(text.slice(match.index))) continue;
    // "Hours that are not executed roll over", "any hours you don't use": a relative clause says which
    // things are meant; the claim's own verb comes after it and is not denied.
    if (RELATIVE_BEFORE_RE.test(text.slice(Math.max(0, match.index - 60), match.index))) continue;
    // The denied event is the first content word after the negation ("was not even restarted").
    const word = match[1]!.trim().split(/\s+/).find((w) => !isStopword(w) && !NEGATION_FILLERS.has(w.toLowerCase()));
    negatedSpans.push([match.index, match.index + match[0].length]);
    if (word) wording.negated.push(canonicalStem(word));
  }
  // "Neither Redis node was restarted": the denied event is the verb after the subject.
  for (const match of text.matchAll(/\bneither\b[^,.;]*?\b(?:was|were|is|are|has|have|had|did|got)\s+(?:been\s+)?([\p{L}][\p{L}'’-]*)/giu)) {
    wording.negated.push(canonicalStem(match[1]!));
  }
  for (const match of text.matchAll(ABSENCE_RE)) {
    if (DENIED_COMPARISON_RE.test(text.slice(match.index))) continue;
    // "no worse than before", "no later than 09:00": a comparison, not an absence.
    if (/^no\s+(?:\p{L}+er|worse|better|more|less|fewer)\s+than\b/iu.test(text.slice(match.index))) continue;
    const word = match[1]!;
    if (/^\d+$/.test(word)) continue;
    // "no longer", "not only": not an absence.
    if (/^(longer|only|more|one|doubt)$/i.test(word)) continue;
    // "if no region is given, …": a condition, not a claim that there is none.
    if (/\b(?:if|when|whenever|where|given|in case of)\s+$/i.test(text.slice(Math.max(0, match.index - 16), match.index))) continue;
    // "from zero to 412": a value, not an absence.
    if (isStopword(word) && /^zero\b/i.test(match[0])) continue;
    const stemOf = (w: string): string => (w.toLowerCase().includes('-') || /\d/.test(w) ? w.toLowerCase() : canonicalStem(w));
    // "no PgBouncer restart was needed": the denied thing is the head of the noun phrase, the
    // last word before its verb; "No publishers were blocked": a state the verb gives is denied too.
    const rest = text.slice(match.index + match[0].length);
    // "No other store had its counter hardware changed": what is denied is the change.
    const hadDone = HAD_DONE_RE.exec(rest);
    if (hadDone && !REPORTING_VERBS.has(hadDone[1]!.toLowerCase())) {
      wording.absent.push(canonicalStem(hadDone[1]!));
      continue;
    }
    const phrase = ABSENCE_PHRASE_RE.exec(rest) ?? ACTIVE_ABSENCE_RE.exec(rest);
    const head = phrase?.[1]?.trim().split(/\s+/).at(-1);
    // A specific modifier ("prepared-statement errors") names the thing more exactly than its head.
    const specific = /[-_\d]/.test(word) || !head || isStopword(head);
    const participle = phrase?.[2]?.toLowerCase();
    // "No OSD was restarted": the denied thing is the restart, not the OSD (which exists); a verb
    // that only reports ("no errors were logged", "no restart was needed") leaves the noun denied.
    if (participle && /(?:ed|en)$/.test(participle) && !REPORTING_VERBS.has(participle) && !STATE_INDEX.has(participle)) {
      wording.absent.push(canonicalStem(participle));
      continue;
    }
    wording.absent.push(stemOf(specific ? word : head));
    if (participle && STATE_INDEX.has(participle)) wording.absent.push(canonicalStem(participle));
  }

  // "completed_with_exceptions", "partially completed": an outcome short of complete, whatever its words.
  const partial = [...text.matchAll(PARTIAL_OUTCOME_RE)].map((m): [number, number] => [m.index, m.index + m[0].length]);
  for (const [start, end] of partial) wording.states.push({ group: 'outcome', polarity: -1, word: text.slice(start, end).toLowerCase() });
  for (const match of text.matchAll(/[\p{L}]+/gu)) {
    const lower = match[0].toLowerCase();
    const entries = STATE_INDEX.get(lower);
    if (!entries) continue;
    if (partial.some(([start, end]) => match.index >= start && match.index < end)) continue;
    // "the 95% success criterion", "failure rate": a state word naming a measure states nothing.
    if (STATE_MODIFIED_RE.test(text.slice(match.index + match[0].length))) continue;
    // "only if wave 2 passes the gate": a condition names a state, it does not state one.
    if (CONDITION_BEFORE_RE.test(text.slice(0, match.index).split(/[.;:!?]/).pop() ?? '')) continue;
    const negated = negatedSpans.some(([start, end]) => match.index >= start && match.index < end);
    for (const entry of entries) {
      wording.states.push({ group: entry.group, polarity: negated ? (-entry.polarity as 1 | -1) : entry.polarity, word: lower });
    }
  }
  // A step undone ("status": "rolled_back", "was rolled back") did not complete.
  for (const match of text.matchAll(ROLLED_BACK_RE)) {
    // "was rolled back successfully": the rollback is what succeeded.
    if (/^\s+(?:successfully|cleanly|without (?:errors?|issues?|problems?))\b/i.test(text.slice(match.index + match[0].length))) continue;
    const negated = negatedSpans.some(([start, end]) => match.index >= start && match.index < end);
    wording.states.push({ group: 'outcome', polarity: negated ? 1 : -1, word: match[0].toLowerCase() });
  }

  const after = AFTER_RE.exec(text);
  // "after 14:03:05" to the second excludes 14:03:05 itself ("since"/"from" include it; a minute
  // bound such as "after 14:10" keeps the whole minute, as its seconds are not given).
  if (after) {
    const strict = /^after$/i.test(after[0].split(/\s/)[0]!) && after[3] !== undefined;
    wording.after = Number(after[1]) * 3600 + Number(after[2]) * 60 + Number(after[3] ?? 0) + (strict ? 1 : 0);
  }
  const before = BEFORE_RE.exec(text);
  if (before) wording.before = Number(before[1]) * 3600 + Number(before[2]) * 60 + Number(before[3] ?? 0);
  // "between 21:06 and 21:08": both ends, the later one inclusive of its minute.
  const between = BETWEEN_RE.exec(text);
  if (between && wording.after === undefined && wording.before === undefined) {
    wording.after = Number(between[1]) * 3600 + Number(between[2]) * 60;
    wording.before = Number(between[3]) * 3600 + Number(between[4]) * 60;
  }
  // "Scaling to 16 replicas cut the time in half": an action said to have an effect is a causal claim.
  wording.causal ??= ACTION_EFFECT_RE.exec(text)?.[1];
  return wording;
}

export function isWeakStateWord(word: string): boolean {
  return WEAK_STATE_WORDS.has(word);
}

/** Whether a text states a cause (so a causal claim restating it is not over-reach). */
export function statesCause(text: string): boolean {
  return CAUSAL_RE.test(text);
}

/** Whether a text reports zero of something ("0 matches", "count=0", "no errors found"). */
export function reportsNothing(text: string): boolean {
  // Not the index of a JSON path ("steps[0].action = restart worker-5"), nor a digit of a decimal ("2.0 s", "0.5").
  return /\b(?:no|none|zero|nothing)\b|(?<![[.,]|\d[.,])\b0\b(?!\]|[.,]\d)|(?:count|matches|errors|hits|total|n)\s*[=:]\s*0\b|\bnot found\b/i.test(text);
}

/** Nationalities: after a name ("Tim McIlrath American") they describe it, they are not part of it. */
const NATIONALITIES = new Set(
  ('american canadian mexican brazilian argentine argentinian chilean colombian peruvian cuban british english scottish welsh irish ' +
    'french german dutch belgian swiss austrian italian spanish portuguese greek turkish polish czech slovak hungarian romanian ' +
    'bulgarian serbian croatian ukrainian russian swedish norwegian danish finnish icelandic estonian latvian lithuanian ' +
    'australian chinese japanese korean taiwanese vietnamese thai indian pakistani iranian iraqi israeli egyptian nigerian ' +
    'kenyan ethiopian moroccan algerian filipino indonesian malaysian singaporean jewish arab european african asian').split(' '),
);
const NATIONALITY_STEMS = new Set([...NATIONALITIES].map(canonicalStem));

/** Whether a word, as written or as a stem ("chines" for "Chinese"), is a nationality. */
export function isNationality(word: string): boolean {
  const lower = word.toLowerCase();
  return NATIONALITIES.has(lower) || NATIONALITY_STEMS.has(lower);
}

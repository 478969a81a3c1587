// How an act was done, said otherwise: "Tomas Verhoeven then rolled the R3-04 drivers back to
// 3.3.9 by hand" while the record of that rollback reads `auto_rollback to 3.3.9 triggered by
// health gate`; "the orchestrator rolled both gates back automatically" while each rollback was
// `initiated by operator=j.tanaka`. The claim gives a mode (automatic or manual) to one act (the
// act's wording nearest its mode word); the records of that act — of the claim's numbered
// entity and at its time, when it gives them — say how it was done by the words around the act
// (auto-rollback, "(auto)", manual, a person in an operator= field, a system that triggered it).
// Only when every record of the act that gives a mode gives the other one is the claim
// contradicted; a record that agrees, or none that says, leaves it alone. Where a person did it from
// (remotely, on site) is read the same way, on its own: "the NOC reset the SIS-3 interlock remotely"
// while the record reads `reset acknowledged locally at panel`.
import type { IndexedItem } from '../../../retrieval/index';
import { escapePhrase, phrasePattern } from '../vocabulary';
import { timeMatches } from '../derive/matching';
import { type ClaimVerdict, type ClaimView, VERSION_RE, contradicted, hasIdentifier, numberedIdentifiers, siblingRecord } from '../claim-view';
import modes from '../vocabulary/act-modes.json';
import { codeAliases } from '../records/code-aliases';

type Mode = 'automatic' | 'manual' | 'remote' | 'local';

/** An act's wording as a pattern: '…' is one to five words of any kind ("rolled the 12 R3-04 drivers back"). */
function formPattern(form: string): string {
  return form
    .split(/\s+/)
    .map((word) => (word === '…' ? '(?:[\\w.:/-]+[\\s_-]+){0,4}[\\w.:/-]+' : escapePhrase(word)))
    .join('[\\s_-]+');
}

const ACTS: Array<{ act: string; re: RegExp }> = Object.entries(modes.acts).map(([act, forms]) => ({
  act,
  re: new RegExp(`(?<![\\p{L}])(?:${[...forms].sort((a, b) => b.length - a.length).map(formPattern).join('|')})(?![\\p{L}])`, 'giu'),
}));

const words = (list: readonly string[]): string => [...list].sort((a, b) => b.length - a.length).map(escapePhrase).join('|');
/** "by the on-call engineer", "requested by rollout operator", "after approver sign-off": a person's role after "by" or "after". */
const BY_ROLE = `\\b(?:by|after)\\s+(?:the\\s+|a\\s+|an\\s+|its\\s+|their\\s+)?(?:[\\p{L}-]+\\s+){0,2}?(?:${words(modes.personRoles)})(?![\\p{L}])`;
const BY_ROLE_RE = new RegExp(BY_ROLE, 'iu');
const APPROVED_BEFORE_RE = new RegExp(`(?<![\\p{L}])(?:${modes.approvalWords.map((word) => escapePhrase(word).replace(/\\\*/g, '\\p{L}*')).join('|')})\\s*$`, 'iu');
const CLAIM_MODES: Array<{ mode: Mode; re: RegExp; adjective: boolean }> = [
  { mode: 'automatic', re: new RegExp(`(?<![\\p{L}])(?:${words(modes.automatic)})(?![\\p{L}])`, 'giu'), adjective: false },
  { mode: 'manual', re: new RegExp(`(?<![\\p{L}])(?:${words(modes.manual)})(?![\\p{L}])`, 'giu'), adjective: false },
  { mode: 'manual', re: new RegExp(BY_ROLE, 'giu'), adjective: false },
  { mode: 'automatic', re: new RegExp(`(?<![\\p{L}])(?:${words(modes.automaticAdjectives)})[\\s_-]+`, 'giu'), adjective: true },
  { mode: 'manual', re: new RegExp(`(?<![\\p{L}])(?:${words(modes.manualAdjectives)})[\\s_-]+`, 'giu'), adjective: true },
];

const CLAIM_PLACES: typeof CLAIM_MODES = [
  { mode: 'remote', re: new RegExp(`(?<![\\p{L}])(?:${words(modes.remote)})(?![\\p{L}])`, 'giu'), adjective: false },
  { mode: 'local', re: new RegExp(`(?<![\\p{L}])(?:${words(modes.local)})(?![\\p{L}])`, 'giu'), adjective: false },
  { mode: 'remote', re: new RegExp(`(?<![\\p{L}])(?:${words(modes.remoteAdjectives)})[\\s_-]+`, 'giu'), adjective: true },
  { mode: 'local', re: new RegExp(`(?<![\\p{L}])(?:${words(modes.localAdjectives)})[\\s_-]+`, 'giu'), adjective: true },
];
const REMOTE_RECORD_RE = new RegExp(`(?<![\\p{L}])(?:${words(modes.remoteRecord)})(?![\\p{L}])`, 'u');
const LOCAL_RECORD_RE = new RegExp(`(?<![\\p{L}])(?:${words(modes.localRecord)})(?![\\p{L}])`, 'u');

/** Where a piece of a record says its act was done from, or undefined when it says neither or both. */
function recordPlace(window: string): Mode | undefined {
  const remote = REMOTE_RECORD_RE.test(window);
  const local = LOCAL_RECORD_RE.test(window);
  return remote === local ? undefined : remote ? 'remote' : 'local';
}

/** Wording of a rule or a setting, not of an act that happened ("rolls back automatically if …", "automatic rollback enabled"). */
const RULE_RE = phrasePattern(modes.ruleWords);
/** A record's own word for the act's mode, and the way it names who started it. */
const AUTO_RE = /(?<![a-z])(?:auto|automatic|automatically)(?![a-z])/;
const MANUAL_RE = /(?<![a-z])(?:manual|manually|by hand)(?![a-z])/;
const SETTING_RE = /(?<![a-z])auto(?:matic)?[_-]?[a-z_]*["']?\s*[=:]\s*["']?(true|false|yes|no|on|off|enabled|disabled)\b/;
const STARTED_BY_RE = /\b(?:triggered|initiated|started|requested|performed|executed|issued)\s+(?:by|because(?:\s+of)?)\s*[=:]?\s*(?:the\s+)?([\w.:-]+)/g;
const FIELD_RE = new RegExp(`(?<![\\w.])(${words(modes.personFields)})\\s*[=:]\\s*["']?([\\w.@-]+)`, 'g');
const USER_ID_RE = /^[a-z][a-z-]*\.[a-z][a-z-]+$/;
/** "by hump conductor r. okafor": a person written with an initial, after their role. */
const BY_PERSON_RE = /\bby\s+(?:[a-z-]+\s+){0,3}[a-z]\.\s?[a-z'-]{2,}(?![\w.])/;
const SYSTEM = new Set(modes.systemActors);

/** Whether a name starts acts as a system (health, policy, auto-gate) or as a person (j.tanaka); undefined for neither. */
function actorMode(name: string): Mode | undefined {
  const value = name.toLowerCase().replace(/[.:]+$/, '');
  if (USER_ID_RE.test(value)) return 'manual';
  if (value.split(/[-_.]/).some((part) => SYSTEM.has(part)) || SYSTEM.has(value)) return 'automatic';
  return undefined;
}

/** The mode a piece of a record gives its act, or undefined when it gives none or both. */
function recordMode(window: string, fieldsArePeople: boolean): Mode | undefined {
  const setting = SETTING_RE.exec(window);
  if (setting) return ['true', 'yes', 'on', 'enabled'].includes(setting[1]!) ? 'automatic' : 'manual';
  const found = new Set<Mode>();
  if (AUTO_RE.test(window)) found.add('automatic');
  if (MANUAL_RE.test(window) || BY_PERSON_RE.test(window) || BY_ROLE_RE.test(window)) found.add('manual');
  for (const m of window.matchAll(STARTED_BY_RE)) {
    const mode = actorMode(m[1]!);
    if (mode) found.add(mode);
  }
  for (const m of window.matchAll(FIELD_RE)) {
    const mode = actorMode(m[2]!) ?? (fieldsArePeople && m[1] !== 'by' ? 'manual' : undefined);
    if (mode) found.add(mode);
  }
  return found.size === 1 ? [...found][0] : undefined;
}

/** The act the claim gives a mode, and that mode: the act's wording nearest the mode word. */
function claimedMode(text: string, wordings: typeof CLAIM_MODES): { act: string; mode: Mode } | undefined {
  const marks: Array<{ mode: Mode; at: number; end: number; adjective: boolean }> = [];
  for (const { mode, re, adjective } of wordings) {
    for (const m of text.matchAll(re)) {
      // ("approved by the on-call engineer": who agreed to the act, not who did it.)
      if (APPROVED_BEFORE_RE.test(text.slice(Math.max(0, m.index! - 24), m.index!))) continue;
      marks.push({ mode, at: m.index!, end: m.index! + m[0].length, adjective });
    }
  }
  if (marks.length === 0 || new Set(marks.map((mark) => mark.mode)).size > 1) return undefined;
  const acts = ACTS.flatMap(({ act, re }) => [...text.matchAll(re)].map((m) => ({ act, at: m.index!, end: m.index! + m[0].length })));
  let best: { act: string; mode: Mode; distance: number } | undefined;
  for (const mark of marks) {
    for (const act of acts) {
      // An adjective names the act right after it ("a manual reset"), not one elsewhere.
      if (mark.adjective && act.at !== mark.end) continue;
      const distance = act.at >= mark.end ? act.at - mark.end : mark.at - act.end;
      if (distance < 0 || distance > 60) continue;
      if (!best || distance < best.distance) best = { act: act.act, mode: mark.mode, distance };
    }
  }
  return best;
}

export function contradictActMode(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  const { wording } = view;
  if (wording.hedge || wording.negated.length > 0 || wording.absent.length > 0) return undefined;
  const text = view.claim.text;
  if (RULE_RE.test(text)) return undefined;
  const byMode = claimedMode(text, CLAIM_MODES);
  const byPlace = claimedMode(text, CLAIM_PLACES);
  return (
    (byMode && modeAgainstRecords(view, candidates, byMode, (window, unit) => recordMode(window, unit.item.kind !== 'json_field'))) ??
    (byPlace && modeAgainstRecords(view, candidates, byPlace, recordPlace))
  );
}

/** The claimed mode of an act against the records of that act that give one. */
function modeAgainstRecords(view: ClaimView, candidates: IndexedItem[], claimed: { act: string; mode: Mode }, modeOf: (window: string, unit: IndexedItem) => Mode | undefined): ClaimVerdict | undefined {
  const re = ACTS.find((entry) => entry.act === claimed.act)!.re;
  // The act's object: its numbered entity (api-4) rather than a version both hosts went back to.
  const numbered = numberedIdentifiers(view);
  const entities = numbered.filter((id) => !VERSION_RE.test(id));
  const identifiers = entities.length > 0 ? entities : numbered;
  const times = view.features.times;
  const pool = new Set([...candidates, ...view.index.items]);
  const said: Array<{ unit: IndexedItem; mode: Mode }> = [];
  for (const unit of pool) {
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning') continue;
    const lower = unit.lowerText;
    const mentions = [...lower.matchAll(re)];
    if (mentions.length === 0) continue;
    // (A record may name the entity by another code its JSON object gives it: hc-pp-75 for TH-75.)
    if (identifiers.length > 0 && !identifiers.some((id) => hasIdentifier(unit, id) || codeAliases(view.index, id).some((alias) => hasIdentifier(unit, alias)))) continue;
    if (siblingRecord(view, unit, true)) continue;
    if (times.length > 0 && !times.some((t) => unit.features.times.some((u) => timeMatches(t, u)))) continue;
    // The words around each mention of the act: before it for a setting or a mode word, after it for who started it.
    for (const m of mentions) {
      const window = lower.slice(Math.max(0, m.index! - 40), m.index! + m[0].length + 70);
      const mode = modeOf(window, unit);
      if (mode) said.push({ unit, mode });
    }
  }
  // What happened outweighs what a document set up: a plan's auto_rollback=true does not say how a rollback went.
  const events = said.filter((record) => record.unit.item.kind !== 'json_field');
  const told = events.length > 0 ? events : said;
  if (told.length === 0 || told.some((record) => record.mode === claimed.mode)) return undefined;
  const record = told[0]!;
  return contradicted(record.unit, `claim says the ${claimed.act} was ${claimed.mode}, ${record.unit.item.id} shows it ${record.mode}`);
}

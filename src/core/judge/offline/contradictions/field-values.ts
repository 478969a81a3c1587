// A record field the claim's own words name, holding another value than the claim's: an
// identifier (issued ~ issuer=R11), the version running now, who had a role (requested_by), a
// level (risk=low, severity=warning).
import { canonicalStem, extractFeatures, type IndexedItem } from '../../../retrieval/index';
import { type ClaimVerdict, type ClaimView, contradicted, hasIdentifier, numberedIdentifiers } from '../claim-view';
import { LIGHT_WORDS, splitKeyWords, surfaceWord } from '../words';
import { periodKey } from '../records/periods';
import { timeMatches } from '../derive/matching';
import { NEW_REFERENCE_RE } from '../vocabulary/index';
import { HISTORICAL_RE } from '../records/changes';

/**
 * "The new certificate was issued by R3" against `issuer=R11`: an identifier the evidence never
 * mentions, where a record has a field named by the claim's own word (issued ~ issuer) holding
 * another identifier-like value.
 */
export function contradictFieldValue(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  // A period code (Q1, H2, W15) names a time, not the thing a record's field holds.
  const unknown = view.features.identifiers.filter((id) => /\d/.test(id) && /\p{L}/u.test(id) && periodKey(id) === undefined && !candidates.some((unit) => hasIdentifier(unit, id)));
  if (unknown.length !== 1 || NEW_REFERENCE_RE.test(view.claim.text)) return undefined;
  const prefix = idPrefix(unknown[0]!);
  const claimWords = [...view.words.keys()].filter((word) => word.length >= 4 && !LIGHT_WORDS.has(word));
  for (const unit of candidates) {
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning') continue;
    for (const [key, value] of Object.entries(unit.features.fields)) {
      if (!/^[\p{L}\p{N}][\p{L}\p{N}._:-]{0,23}$/u.test(value) || !/\d/.test(value) || value.toLowerCase() === unknown[0]) continue;
      // An identifier against a plain number (VND-5531 vs licensed_tunnels=1000) is not the same kind of value.
      if (!/\p{L}/u.test(value)) continue;
      // Another kind of identifier (ticket FEE-881 against schedule=FS-2025-01a) names another thing.
      if (idPrefix(value) !== prefix) continue;
      const keyWords = splitKeyWords(key);
      if (keyWords.some((k) => claimWords.some((c) => k === c || (k.length >= 4 && (k.startsWith(c) || c.startsWith(k)))))) {
        return contradicted(unit, `claim says ${unknown[0]}, ${unit.item.id} says ${key}=${value}`);
      }
    }
  }
  return undefined;
}

/** The letters an identifier starts with (chg-8847 → chg, R11 → r): its kind. */
const idPrefix = (id: string): string => /^\p{L}+/u.exec(id)?.[0].toLowerCase() ?? '';

/** A version as a field writes it (2.31.4, v5.3.0). */
export const VERSION_VALUE_RE = /^v?\d+(?:\.\d+){1,3}$/;

/**
 * "Version 2.32.0 is still running on two pods" against `running_version: 2.31.4`: what is the
 * case now is given by a field named for it (the claim's own verb), holding another version.
 */
export function contradictCurrentVersion(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  // ("Your organisation is on ClimbDesk 7.3.1", "the site runs 5.4.1": the present tense says what runs now.)
  const now = /\b(?:still|now|currently|remains?)\b/i.test(view.claim.text);
  if (!now && (!/\b(?:is|are)\s+(?:on|running)\b|\bruns\b/i.test(view.claim.text) || HISTORICAL_RE.test(view.claim.text))) return undefined;
  const versions = view.features.identifiers.filter((id) => VERSION_VALUE_RE.test(id));
  if (versions.length !== 1) return undefined;
  const version = versions[0]!.replace(/^v/, '');
  // The claim's own verb ("running"), light or not, names the field.
  const predicate = [...view.words.keys()].filter((word) => word !== 'version' && word.length >= 3);
  // The product's name written right before the version ("ClimbDesk 7.3.1"), a capitalised word.
  const product = new RegExp(`\\b(\\p{Lu}[\\p{L}\\p{N}-]{2,})\\s+v?${versions[0]!.replace(/^v/, '').replace(/\./g, '\\.')}\\b`, 'u').exec(view.claim.text)?.[1]?.toLowerCase();
  let against: { unit: IndexedItem; key: string; value: string } | undefined;
  for (const unit of candidates) {
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning') continue;
    const fields = Object.entries({ ...unit.item.fields, ...unit.features.fields });
    // A record naming the claim's product in another field (platform=ClimbDesk) gives its version in a field of versions.
    const namesProduct = product !== undefined && fields.some(([, value]) => value.toLowerCase() === product);
    for (const [key, value] of fields) {
      // (A version of the claimed one's scheme: avg_road_closure_s=162.9 is a decimal, not a version beside 4.4.0.)
      if (!VERSION_VALUE_RE.test(value) || value.split('.').length !== versions[0]!.split('.').length) continue;
      // (In the plain present, only a record of the product the claim names: "Your Back Nine controller is on firmware 2.5.1" is not the Front Nine's.)
      if (!splitKeyWords(key).some((word) => (now && predicate.includes(word)) || (namesProduct && word === 'version'))) continue;
      // A record whose field of that name gives the claimed version bears it out ("back online, still running 4.2.1" after an earlier 4.1.7).
      if (value.replace(/^v/, '') === version) return undefined;
      against ??= { unit, key, value };
    }
  }
  return against ? contradicted(against.unit, `claim says ${versions[0]}, ${against.unit.item.id} says ${against.key}=${against.value}`) : undefined;
}

const ROLE_RE = /\b(\p{L}+ed)\s+by\s+([\p{L}\p{N}]+(?:[._-][\p{L}\p{N}]+)+)/gu;

/**
 * "requested by t.lindqvist and approved by m.oyelaran" against `requested_by: m.oyelaran`: a
 * record's field named for the role (requested_by, approver) holds the person who had it.
 */
export function contradictRole(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  // "requested by l.fischer … and approved by t.adeyemi": each role is checked on its own.
  roles: for (const match of view.claim.text.matchAll(ROLE_RE)) {
    const role = extractFeatures(match[1]!).words[0];
    const person = match[2]!.toLowerCase();
    if (!role) continue;
    let other: { unit: IndexedItem; key: string; value: string } | undefined;
    // The record must be about the claim's subject: another of its identifiers, or, with none, one of its words (the pause).
    const anchors = view.features.identifiers.filter((id) => id !== person);
    const subjectWords = [...view.words.keys()].filter((word) => word !== role && !LIGHT_WORDS.has(word) && !person.includes(word));
    // "It was approved by p.lindqvist" names no subject at all: any record with the role's field is about it.
    // (A field of a JSON document is about what its sibling fields name: approved_by beside requested_by=l.fischer.)
    const about = (unit: IndexedItem): boolean =>
      anchors.length > 0
        ? anchors.some((id) => hasIdentifier(unit, id) || Object.values(unit.item.fields).some((value) => value.toLowerCase() === id))
        : subjectWords.length === 0 || subjectWords.some((word) => unit.wordSet.has(word));
    for (const unit of candidates) {
      if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning' || !about(unit)) continue;
      // A call's arguments are fields too (args.requested_by).
      for (const [key, value] of Object.entries({ ...unit.item.fields, ...unit.features.fields })) {
        if (!splitKeyWords(key).some((word) => word === role || (word.length >= 5 && role.startsWith(word.slice(0, 5))))) continue;
        if (value.toLowerCase() === person) continue roles;
        if (/^[\p{L}\p{N}]+(?:[._-][\p{L}\p{N}]+)+$/u.test(value)) other ??= { unit, key, value };
      }
    }
    if (other) return contradicted(other.unit, `claim says ${match[1]} by ${match[2]}, ${other.unit.item.id} says ${other.key}=${other.value}`);
  }
  return undefined;
}

/** Ordered levels a record field takes as a word (risk=low, severity=warning), as stems. */
const LEVEL_SCALES: string[][] = [
  ['low', 'medium', 'moder', 'high', 'critic'],
  ['info', 'inform', 'notic', 'warn', 'error', 'critic'],
  ['minor', 'major', 'critic'],
];
/** Keys that hold a level even when the claim does not name them ("a critical alert" for severity=warning). */
const LEVEL_KEYS = new Set(['sever', 'level', 'prioriti']);

/**
 * "The change is rated high risk" against `risk=low`; "CI-4410, a critical alert" against its
 * `severity=warning`: a field that holds a level word, named by the claim (or a severity of the
 * claim's own numbered entity), and a different level of the same scale in the claim.
 */
export function contradictLevel(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  if (view.wording.absent.length > 0 || view.wording.negated.length > 0) return undefined;
  const claimWords = new Set(view.words.keys());
  // A level as a word of its own: not inside a name like vpn_auth_reject_rate_high or queue-age-high.
  // "a warning-level alert" is a warning alert.
  const text = view.claim.text.replace(/-(level|severity|priority|risk|impact|urgency)\b/gi, ' $1');
  const written = [...text.matchAll(/(?<![\p{L}\p{N}_.-])(\p{L}+)(?![\p{L}\p{N}_-])/gu)].map((match) => canonicalStem(match[1]!.toLowerCase()));
  const claimLevels = LEVEL_SCALES.flat().filter((level) => written.includes(level));
  if (claimLevels.length === 0) return undefined;
  const numbered = numberedIdentifiers(view);
  for (const unit of candidates) {
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning') continue;
    // "fired at 07:24 as a warning": the level at the claim's moment, not after a later escalation.
    if (view.features.times.length > 0 && unit.features.times.length > 0 && !view.features.times.some((t) => unit.features.times.some((u) => timeMatches(t, u)))) continue;
    for (const [key, value] of Object.entries(unit.features.fields)) {
      const stated = canonicalStem(value.toLowerCase());
      const scales = LEVEL_SCALES.filter((scale) => scale.includes(stated));
      if (scales.length === 0 || claimWords.has(stated)) continue;
      const other = claimLevels.find((level) => scales.some((scale) => scale.includes(level)));
      if (!other) continue;
      const keyWords = splitKeyWords(key);
      const named = keyWords.some((word) => claimWords.has(word));
      const level = surfaceWord(view.claim.text, other);
      // Unnamed, the level must qualify the alert itself ("a critical alert", "severity warning"), not a measure ("error rate").
      // ("… alert was a warning", "fired as a critical", "RB-5XX-011 fired at 19:44 as a warning" say it of the alert as well.)
      const qualifiesAlert = new RegExp(
        `\\b${level}\\s+(?:level\\s+)?(?:alert|alarm|page|incident|severity|priority)\\b|\\b(?:severity|priority)\\s+(?:of\\s+)?${level}\\b|\\b(?:alert|alarm|page|incident)\\s+(?:was|is|were|fired as|came in as|was raised as|was classed as)\\s+(?:a\\s+|an\\s+)?${level}\\b|\\b(?:fired|raised|opened|triggered|went off)\\b[^.;]{0,30}?\\bas\\s+(?:a\\s+|an\\s+)?${level}\\b`,
        'i',
      );
      // The alert is the one the claim names: by a numbered id, else by its own id (MM-ENQUEUE-ERR).
      const ids = numbered.length > 0 ? numbered : view.features.identifiers.filter((id) => id.includes('-') && unit.item.kind === 'signal');
      const ownSeverity = keyWords.some((word) => LEVEL_KEYS.has(word)) && ids.length > 0 && ids.every((id) => hasIdentifier(unit, id)) && qualifiesAlert.test(text);
      if (!named && !ownSeverity) continue;
      // The level of an alert the claim names is that alert's own record's (GATE-P95-LAT's, not the next alert's).
      const alerts = view.features.identifiers.filter((id) => id.includes('-') && [...view.index.itemsWith(`i:${id}`)].some((p) => view.index.items[p]!.item.kind === 'signal'));
      if (!alerts.every((id) => hasIdentifier(unit, id))) continue;
      return contradicted(unit, `claim says "${level}", ${unit.item.id} says ${key}=${value}`);
    }
  }
  return undefined;
}

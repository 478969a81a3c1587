// Alignment: the records a proposition is about. Candidates come from the evidence index
// (BM25 over words, identifiers, numbers and times); each is scored by how many of the claim's
// entities it names and how much of the claim's wording it holds.
import type { EvidenceIndex, IndexedItem } from '../../../retrieval/index';
import type { Proposition } from '../claims/proposition';

export interface AlignedRecord {
  unit: IndexedItem;
  /** BM25 score from retrieval. */
  score: number;
  /** Share of the claim's entities (identifiers and names) the record names; 1 when the claim names none. */
  entityShare: number;
  /** Share of the claim's content words the record holds. */
  wordShare: number;
}

export interface Alignment {
  records: AlignedRecord[];
  /** Entities of the claim found nowhere in the evidence (a name, when one of its words is nowhere). */
  missingEntities: string[];
  entityCount: number;
  /** Content words of the claim found in no candidate, and how many words the claim has. */
  missingWords: string[];
  wordCount: number;
  /** Share of the claim's content words held by the best single record, and by the best three together. */
  bestWordShare: number;
  unionWordShare: number;
  /** Inverse-document-frequency-weighted share of the claim's words missing from every candidate. */
  missingWeight: number;
}

export function namesEntity(unit: IndexedItem, identifier: string): boolean {
  return unit.identifierSet.has(identifier) || unit.lowerText.includes(identifier);
}

export function namesGroup(unit: IndexedItem, group: readonly string[]): boolean {
  return group.every((stem) => unit.wordSet.has(stem) || unit.lowerText.includes(stem));
}

export function align(prop: Proposition, index: EvidenceIndex, limit = 16): Alignment {
  const hits = index.search(prop.features, { limit });
  const words = [...new Set(prop.features.words)];
  const entities = [...prop.identifiers.map((id) => ({ id, group: undefined as string[] | undefined })), ...prop.names.map((group) => ({ id: group.join(' '), group }))];
  const records = hits.map(({ indexed, score }) => {
    const named = entities.filter((e) => (e.group ? namesGroup(indexed, e.group) : namesEntity(indexed, e.id))).length;
    const held = words.filter((word) => indexed.wordSet.has(word)).length;
    return { unit: indexed, score, entityShare: entities.length ? named / entities.length : 1, wordShare: words.length ? held / words.length : 1 };
  });
  records.sort((a, b) => b.entityShare + b.wordShare - (a.entityShare + a.wordShare) || b.score - a.score);
  const missingEntities = entities
    .filter((e) => (e.group ? e.group.some((stem) => index.documentFrequency(`w:${stem}`) === 0) : index.documentFrequency(`i:${e.id}`) === 0 && !hits.some((h) => h.indexed.lowerText.includes(e.id))))
    .map((e) => e.id);
  const top = records.slice(0, 3);
  const inUnion = (word: string): boolean => top.some((r) => r.unit.wordSet.has(word));
  const missingWords = words.filter((word) => !records.some((r) => r.unit.wordSet.has(word)));
  let weightAll = 0;
  let weightMissing = 0;
  for (const word of words) {
    const idf = index.idf(`w:${word}`);
    weightAll += idf;
    if (missingWords.includes(word)) weightMissing += idf;
  }
  return {
    records,
    missingEntities,
    entityCount: entities.length,
    missingWords,
    wordCount: words.length,
    bestWordShare: records.length ? Math.max(...records.map((r) => r.wordShare)) : 0,
    unionWordShare: words.length ? words.filter(inUnion).length / words.length : 1,
    missingWeight: weightAll > 0 ? weightMissing / weightAll : 0,
  };
}

// The evidence's signal records (alerts that fired, with their fired_at and resolved_at), read
// once per index, and the name each gives its alert. Shared by the alert checks.
import type { EvidenceIndex, IndexedItem } from '../../../retrieval/index';
import { perIndex } from './per-index';
import alerts from '../vocabulary/alerts.json';

export interface Signals {
  all: IndexedItem[];
  /** The day most signals fired: the incident's. */
  incidentDay: string | undefined;
}

export const dayOf = (unit: IndexedItem): string => {
  const date = unit.features.dates[0];
  return date ? `${date.year ?? ''}-${date.month}-${date.day ?? ''}` : '';
};

/** The evidence's signal records and the incident's day, read once per index. */
export const signalsOf = perIndex((index: EvidenceIndex): Signals => {
  const all = index.items.filter((unit) => unit.item.kind === 'signal' && unit.sentence === 0);
  const days = new Map<string, number>();
  for (const unit of all) days.set(dayOf(unit), (days.get(dayOf(unit)) ?? 0) + 1);
  return { all, incidentDay: [...days].sort((a, b) => b[1] - a[1])[0]?.[0] };
});

/** A signal's alert id (alert_id=AIR-TEMP-LOW-C3), from its fields or its text; '' when it gives none. */
export function alertIdOf(unit: IndexedItem): string {
  return alerts.idFields.map((field) => unit.item.fields[field] ?? unit.features.fields[field]).find((value): value is string => typeof value === 'string' && value.length > 0) ?? '';
}

/** The alert a signal record names (alert_id=TG-INGEST-LAG), else its evidence id. */
export function signalName(unit: IndexedItem): string {
  return alerts.idFields.map((field) => unit.item.fields[field]).find((value): value is string => typeof value === 'string' && value.length > 0) ?? unit.item.id;
}

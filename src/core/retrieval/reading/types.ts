// The features a text is read into (see ../features.ts): content words, names, identifiers,
// quantities with units, clock times, calendar dates and key=value fields.

/** The physical dimension of a quantity; values of one dimension are compared in its base unit. */
export type Dimension = 'percent' | 'duration' | 'bytes' | 'rate' | 'ratio' | 'count' | 'energy' | 'power' | 'volume' | 'temperature' | 'speed' | 'mass' | 'length' | 'pressure' | 'concentration' | 'conductivity';

export interface Quantity {
  /** Value in the base unit of its dimension (seconds, bytes, percent, count). */
  value: number;
  dimension: Dimension;
  /** True when the unit was written (or implied by a field name such as `cpu_pct`). */
  hasUnit: boolean;
  /** Decimal places as written, so "97%" matches 97.2 but "97.0%" does not. */
  decimals: number;
  /** The written unit's size in the base unit (1 for ms → 0.001): a rounding step of 1 in the written unit. */
  scale: number;
  /** Stemmed words naming what is measured: a field's key parts, or the words before it in prose. */
  key: string[];
  raw: string;
  start: number;
  /**
   * How the number is meant: approximately ("about 104,000"), a lower or upper bound ("above
   * 20,000", "fewer than 450"), or a change ("cut by 30%"). Absent: the exact value.
   */
  qualifier?: 'approx' | 'lower' | 'upper' | 'delta';
  /**
   * A unit written after the number but left unread, since the letter may mean two things ("20 t":
   * tonnes, or terabytes when glued): what it means beside a value of that dimension ("20 000 kg").
   */
  unreadUnit?: { dimension: Dimension; factor: number };
}

export interface ClockTime {
  /** Seconds since midnight. */
  seconds: number;
  /** The same moment in UTC, when the text gives its zone or offset (Z, +02:00, CEST). */
  utc?: number;
  /** Whether seconds were written: 14:02 matches 14:02:01, 14:02:05 does not match 14:02:01. */
  hasSeconds: boolean;
  raw: string;
  start: number;
  /** Stemmed words around it: the event it dates ("alert fired at 14:02"). */
  key: string[];
}

export interface CalendarDate {
  month: number;
  day?: number;
  year?: number;
  raw: string;
  start: number;
  key: string[];
}

export interface TextFeatures {
  /** Canonical stems of the content words, in order (duplicates kept for term frequency). */
  words: string[];
  /** Canonical stems of the words of names (capitalised words; see `nameGroups`). */
  names: string[];
  /** Names as groups of stems: "Stanford University" → [stanford, univers]. */
  nameGroups: string[][];
  /** Lower-cased identifiers (db-prod-1, cpu_pct, /var/log/app.log, v2.3.1, INC-4821). */
  identifiers: string[];
  quantities: Quantity[];
  times: ClockTime[];
  dates: CalendarDate[];
  /** key=value pairs written in the text (lower-cased keys). */
  fields: Record<string, string>;
}

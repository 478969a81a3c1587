// What the judge reads from the whole evidence once per review (its tables, the writes it
// records, the changes its documents state), kept beside the index it was read from.
import type { EvidenceIndex } from '../../../retrieval/index';

/** `read`, computed once per index and kept for as long as the index lives. */
export function perIndex<T>(read: (index: EvidenceIndex) => T): (index: EvidenceIndex) => T {
  const cache = new WeakMap<EvidenceIndex, T>();
  return (index) => {
    let value = cache.get(index);
    if (value === undefined) {
      value = read(index);
      cache.set(index, value);
    }
    return value;
  };
}

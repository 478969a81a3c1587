// The USE-lite SentencePiece tokenizer, token for token the one in @energetic-ai/embeddings 0.2.0
// (its quirks included: the `best === 0` test, backtracking by the vocabulary string's UTF-16
// length, merged runs of unknowns), built faster: its trie stored each node's whole prefix as an
// array (~120 ms CPU to build, much of it garbage) and every position sliced the rest of the input.
// Checked against the package's own tokenizer in test/unit/encoder-tokenizer.test.ts.

/** [piece, score] rows of vocab.json; the first `reserved` rows are never matched. */
export type Vocabulary = readonly (readonly [string, number])[];

const SEPARATOR = '\u2581';
const RESERVED_SYMBOLS = 6;

export class UseLiteTokenizer {
  /** Dense ids (1..) of the code points the vocabulary uses; a symbol without one starts no piece. */
  private readonly symbolIds = new Map<number, number>();
  /** Trie edges: node id × alphabet + symbol id → child id (small integers: fast Map keys). Node 0 is the root. */
  private readonly edges = new Map<number, number>();
  private readonly alphabet: number;
  /** Per node, the vocabulary piece ending there: its id (-1: none), score and length in code points. */
  private readonly pieceIndex: Int32Array;
  private readonly pieceScore: Float64Array;
  private readonly pieceLength: Int32Array;

  // Built once per load, mostly by code that has not been optimised yet: flat typed arrays and one
  // Map, no per-node objects or per-piece arrays (garbage collection dominated the first version).
  constructor(private readonly vocabulary: Vocabulary) {
    let units = 0;
    for (let index = RESERVED_SYMBOLS; index < vocabulary.length; index++) units += vocabulary[index][0].length;
    // The pieces as symbol ids, one after the other; starts[i] indexes piece RESERVED_SYMBOLS + i.
    const symbols = new Int32Array(units);
    const starts = new Int32Array(Math.max(0, vocabulary.length - RESERVED_SYMBOLS) + 1);
    let count = 0;
    for (let index = RESERVED_SYMBOLS; index < vocabulary.length; index++) {
      starts[index - RESERVED_SYMBOLS] = count;
      const word = vocabulary[index][0];
      for (let at = 0; at < word.length; at++) {
        const code = word.codePointAt(at)!;
        if (code > 0xffff) at++;
        let id = this.symbolIds.get(code);
        if (id === undefined) this.symbolIds.set(code, (id = this.symbolIds.size + 1));
        symbols[count++] = id;
      }
    }
    starts[starts.length - 1] = count;
    this.alphabet = this.symbolIds.size + 1;
    this.pieceIndex = new Int32Array(count + 1).fill(-1);
    this.pieceScore = new Float64Array(count + 1);
    this.pieceLength = new Int32Array(count + 1);
    let nodes = 1;
    for (let w = 0; w + 1 < starts.length; w++) {
      let node = 0;
      for (let at = starts[w]; at < starts[w + 1]; at++) {
        const key = node * this.alphabet + symbols[at];
        let child = this.edges.get(key);
        if (child === undefined) this.edges.set(key, (child = nodes++));
        node = child;
      }
      // A repeated piece keeps its last id and score, as in the original; an empty one ends nowhere.
      if (starts[w + 1] > starts[w]) {
        this.pieceIndex[node] = RESERVED_SYMBOLS + w;
        this.pieceScore[node] = vocabulary[RESERVED_SYMBOLS + w][1];
        this.pieceLength[node] = starts[w + 1] - starts[w];
      }
    }
  }

  /** Token ids of `input` (NFKC-normalised, spaces as ▁, a leading ▁). */
  encode(input: string): number[] {
    const normalized = input.normalize('NFKC');
    const text = normalized.length > 0 ? SEPARATOR + normalized.replace(/ /g, SEPARATOR) : normalized;
    const codes: number[] = [];
    for (const symbol of text) codes.push(this.symbolIds.get(symbol.codePointAt(0)!) ?? 0);
    const n = codes.length;

    // ends[e]: the pieces ending at e, as [start, score, index], in increasing start order.
    const ends: number[][] = Array.from({ length: n + 1 }, () => []);
    for (let start = 0; start < n; start++) {
      let matched = false;
      let node = codes[start] === 0 ? undefined : this.edges.get(codes[start]);
      for (let i = start; node !== undefined; ) {
        if (this.pieceIndex[node] >= 0) {
          ends[start + this.pieceLength[node]].push(start, this.pieceScore[node], this.pieceIndex[node]);
          matched = true;
        }
        if (++i >= n || codes[i] === 0) break;
        node = this.edges.get(node * this.alphabet + codes[i]);
      }
      // No piece starts here: the symbol alone, unknown (id 0, score 0).
      if (!matched) ends[start + 1].push(start, 0, 0);
    }

    const best = new Array<number>(n + 1).fill(0);
    const words = new Array<number>(n + 1).fill(0);
    for (let end = 0; end <= n; end++) {
      const candidates = ends[end];
      for (let c = 0; c < candidates.length; c += 3) {
        const score = candidates[c + 1] + best[candidates[c]];
        if (best[end] === 0 || score >= best[end]) {
          best[end] = score;
          words[end] = candidates[c + 2];
        }
      }
    }

    const results: number[] = [];
    for (let at = n; at > 0; at -= this.vocabulary[words[at]][0].length) results.push(words[at]);
    const merged: number[] = [];
    let previousUnknown = false;
    for (const id of results) {
      if (!(previousUnknown && id === 0)) merged.push(id);
      previousUnknown = id === 0;
    }
    return merged.reverse();
  }
}

// Names: runs of capitalised words ("Stanford University", "Bank of America"), as groups of stems.
import sentenceOpeners from './sentence-openers.json';

/** Common words a sentence may open with before a name ("Total Iopamix deliveries"): no part of it. */
const OPENERS = new Set(sentenceOpeners.words);

export interface NameToken {
  word: string;
  stem: string | undefined;
  isFirst: boolean;
  capital: boolean;
  start: number;
  end: number;
}

/** Lower-case words that join the parts of one name ("Bank of America", "Estadio de la Plata"). */
const NAME_CONNECTORS = new Set(['of', 'de', 'del', 'della', 'la', 'le', 'da', 'van', 'von', 'der', 'y', 'du', 'des', 'the']);

/**
 * Names: runs of capitalised words separated only by spaces (a comma or other punctuation ends
 * a name). A sentence's first word starts a name only when a capitalised word follows it.
 */
export function groupNames(tokens: readonly NameToken[], text: string): string[][] {
  const groups: string[][] = [];
  let current: string[] = [];
  let lastEnd = -1;
  const close = (): void => {
    if (current.length > 0) groups.push(current);
    current = [];
  };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const joined = lastEnd >= 0 && /^\s+$|^\s*-\s*$|^['’]s?\s+$/.test(text.slice(lastEnd, token.start));
    if (!joined) close();
    const next = tokens[i + 1];
    const nextJoins = next !== undefined && /^\s+$/.test(text.slice(token.end, next.start)) && next.capital;
    // A code in capitals opening a sentence as its label ("OT: 17.9% …") names something.
    const opener = token.isFirst && OPENERS.has(token.word.toLowerCase());
    if (token.capital && !opener && (!token.isFirst || nextJoins || (/^\p{Lu}{2,}$/u.test(token.word) && text[token.end] === ':'))) {
      if (token.stem) current.push(token.stem);
      lastEnd = token.end;
    } else if (current.length > 0 && NAME_CONNECTORS.has(token.word.toLowerCase()) && nextJoins) {
      lastEnd = token.end;
    } else {
      close();
      lastEnd = -1;
    }
  }
  close();
  return groups.filter((group) => group.length > 0);
}

// A name written with a hyphen that the records write glued: "the gauge profile 2-sigma" for the
// field 2sigma=5.2%. Read as written, "2" is a figure no record holds and the name is lost; where
// an identifier of the evidence is the number and the word run together, the claim names it.
import type { EvidenceIndex } from '../../../retrieval/index';

/** "2-sigma", "3-phase": a number bound by a hyphen to a word. */
const NUMBER_WORD_RE = /\b(\d+)-(\p{L}+)\b/gu;

/** The claim's text with each such compound glued where the evidence has it as an identifier; the compounds glued. */
export function gluedNames(text: string, index: EvidenceIndex): { text: string; glued: string[] } {
  const compounds = [...text.matchAll(NUMBER_WORD_RE)];
  if (compounds.length === 0) return { text, glued: [] };
  const glued: string[] = [];
  const out = text.replace(NUMBER_WORD_RE, (whole, number: string, word: string) => {
    const name = `${number}${word}`;
    if (index.itemsWith(`i:${name.toLowerCase()}`).length === 0) return whole;
    glued.push(whole);
    return name;
  });
  return { text: out, glued };
}

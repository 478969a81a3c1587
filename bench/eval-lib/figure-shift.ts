// A claim with one of its figures made wrong: the first figure of two significant digits or more
// (not a year, a clock time, a date, a version or part of an identifier) raised by 13%, written
// as the claim wrote it (same decimals, thousands separators). 13% is beyond the 5% an "about"
// allows, so a judge that still says grounded found the figure somewhere it does not belong.

/** The shift applied to a figure; far enough to be wrong even for a rounded figure. */
export const FIGURE_SHIFT = 1.13;

// A number standing alone: not inside a word, an identifier, a version, a time or a date.
const FIGURE_RE = /(?<![\p{L}\p{N}_.:/-])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?![\p{L}\p{N}_:/-]|\.\d)/gu;

/** The claim with its first shiftable figure raised by `FIGURE_SHIFT`, or undefined when it has none. */
export function shiftFigure(text: string): string | undefined {
  for (const match of text.matchAll(FIGURE_RE)) {
    const written = match[0];
    const whole = match[1]!.replace(/,/g, '');
    const fraction = match[2] ?? '';
    const value = Number(whole + fraction);
    if (!Number.isFinite(value) || value === 0) continue;
    if (/^(?:19|20)\d\d$/.test(written)) continue;
    // One significant digit ("5 minutes", "Wave 2") is a label or a count too often.
    const significant = (whole.replace(/^0+/, '') + fraction.slice(1)).replace(/0+$/, '');
    if (significant.length < 2) continue;
    const decimals = Math.max(0, fraction.length - 1);
    let shifted = (value * FIGURE_SHIFT).toFixed(decimals);
    if (match[1]!.includes(',')) {
      const [integer, rest] = shifted.split('.');
      shifted = Number(integer).toLocaleString('en-US') + (rest ? `.${rest}` : '');
    }
    if (shifted === written) continue;
    return text.slice(0, match.index) + shifted + text.slice(match.index + written.length);
  }
  return undefined;
}

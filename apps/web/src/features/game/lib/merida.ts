import font from 'chess-merida-font/fonts/chessmerida-webfont.svg?raw';

/**
 * The Merida piece set (Armando Hernandez Marroquin's font, as packed by the npm package
 * chess-merida-font, MPL-2.0; see the README), made into the same SVG symbols as the bundled set:
 * `sbc-wk` ... `sbc-bp`. The font draws a white piece as its outline and a black piece solid with
 * open detail lines, each letter in a 2048-unit em with y upwards. Each symbol lays both glyphs of
 * its piece in white under its own glyph in black, which fills a white piece and the lines of a
 * black one. Its view box leaves the margin of the bundled set's 40-unit drawings.
 */

/** The font's letters (its README's keymap): the white piece's, then the black piece's. */
const LETTERS: Record<string, [string, string]> = {
  k: ['k', 'l'],
  q: ['q', 'w'],
  r: ['r', 't'],
  b: ['b', 'v'],
  n: ['n', 'm'],
  p: ['p', 'o'],
};

function glyph(letter: string): string {
  const match = font.match(new RegExp(`<glyph glyph-name="${letter}"[^>]*?\\sd="([^"]*)"`));
  if (!match) throw new Error(`chess-merida-font has no glyph ${letter}`);
  return match[1];
}

function symbol(id: string, under: string[], top: string): string {
  const paths = under.map((d) => `<path fill="#fff" d="${d}"/>`).join('');
  return `<symbol id="sbc-${id}" viewBox="-112 -112 2272 2272"><g transform="matrix(1 0 0 -1 0 2048)">${paths}<path fill="#000" d="${top}"/></g></symbol>`;
}

export const meridaSymbols = Object.entries(LETTERS)
  .flatMap(([piece, [white, black]]) => {
    const under = [glyph(white), glyph(black)];
    return [symbol(`w${piece}`, under, under[0]), symbol(`b${piece}`, under, under[1])];
  })
  .join('');

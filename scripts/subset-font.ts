// Cuts the Inter variable font (the @fontsource-variable/inter registry
// package, SIL Open Font License) down to the characters the site's English
// text uses (accented letters other than é fall back to the system font), so the one font file the pages load stays small (the home page
// must stay under 200 KB with it). Run after upgrading the package:
//   npx tsx scripts/subset-font.ts
// Writes app/assets/fonts/inter-subset.woff2; characters outside it fall
// back to the system font through the @font-face's unicode-range (app.css).
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import subsetFont from "subset-font";

const root = path.resolve(import.meta.dirname, "..");
const source = path.join(root, "node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2");
const target = path.join(root, "app/assets/fonts/inter-subset.woff2");

/** Keep in step with UNICODE_RANGE in app/app.css. */
const RANGES: [number, number][] = [
  [0x20, 0x7e], // ASCII
  [0xa0, 0xa0], // no-break space
  [0xa3, 0xa3], // £
  [0xa9, 0xa9], // ©
  [0xb0, 0xb0], // °
  [0xb7, 0xb7], // ·
  [0xd7, 0xd7], // ×
  [0xe9, 0xe9], // é
  [0x2009, 0x2009], // thin space
  [0x2013, 0x2014], // en and em dashes
  [0x2018, 0x201d], // quotation marks
  [0x2022, 0x2022], // bullet
  [0x2026, 0x2026], // ellipsis
  [0x20ac, 0x20ac], // euro
  [0x2190, 0x2192], // arrows
  [0x2212, 0x2212], // minus
  [0x2264, 0x2265], // ≤ ≥
];

const text = RANGES.flatMap(([from, to]) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)),
).join("");
const input = await readFile(source);
// The weight axis is kept from 400 to 700 (the weights the pages use), so one file serves them all.
const output = await subsetFont(input, text, {
  targetFormat: "woff2",
  // Only the glyphs of these characters, not the alternates their ligatures and stylistic sets could reach.
  noLayoutClosure: true,
  variationAxes: { wght: { min: 400, max: 700, default: 400 } },
});
await writeFile(target, output);
console.log(
  `${path.relative(root, target)}: ${(output.length / 1024).toFixed(1)} KB (from ${(input.length / 1024).toFixed(1)} KB)`,
);

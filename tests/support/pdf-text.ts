import { inflateSync } from "node:zlib";

/**
 * The text of a PDF made with the standard fonts (as the depot report is):
 * every content stream inflated, the strings shown by Tj/TJ decoded from
 * WinAnsi, one line per text object. Enough to check what a reader sees,
 * without a PDF library in the tests.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  const lines: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf("endstream", start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString("latin1");
    } catch {
      continue;
    }
    for (const block of content.matchAll(/BT([\s\S]*?)ET/g)) {
      let line = "";
      for (const shown of block[1]!.matchAll(
        /(<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\))|(-?\d+(?:\.\d+)?)\s*(?=[<(\]])/g,
      )) {
        const token = shown[1];
        if (!token) {
          // A large negative kerning inside TJ is a space between words.
          if (Number(shown[2]) < -200) line += " ";
          continue;
        }
        line += token.startsWith("<")
          ? Buffer.from(token.slice(1, -1).replace(/\s+/g, ""), "hex").toString("latin1")
          : token.slice(1, -1).replace(/\\([()\\])/g, "$1");
      }
      if (line) lines.push(line);
    }
  }
  return lines.join("\n");
}

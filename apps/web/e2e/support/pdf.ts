import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows, for tests: PDFKit writes each content stream Flate-compressed and each run of text as
 * hex strings in TJ arrays (standard fonts, WinAnsi), so the streams are inflated and the hex decoded as latin1.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const runs: string[] = [];
  const streams = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streams.exec(raw))) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    if (end === -1) break;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      content = raw.slice(start, end);
    }
    for (const array of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      runs.push([...array[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) => Buffer.from(hex[1]!, 'hex').toString('latin1')).join(''));
    }
    streams.lastIndex = end;
  }
  return runs.join('\n');
}

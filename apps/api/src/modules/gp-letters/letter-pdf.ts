import PDFDocument from 'pdfkit';
import { pdfBytes } from '../../lib/pdf';
import type { GpLetterContent } from '@elmwood/domain';

const MARGIN = 56;
const INK = '#1d2b2a';
const MUTED = '#5b6b69';
const ACCENT = '#1f5f57';

/**
 * The letter to the GP on the clinic's letterhead, drawn with PDFKit as the receipt is. Its words are the domain's
 * gpLetterContent, which the console's print view shows too.
 */
export function renderGpLetter(content: GpLetterContent): Promise<Buffer> {
  const { brandName } = content.letterhead;
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: `${brandName}: letter to the GP (${content.regarding})`, Author: brandName } });
  const done = pdfBytes(doc);
  const width = doc.page.width - MARGIN * 2;
  const text = (value: string, options: { bold?: boolean; size?: number; colour?: string; gap?: number } = {}) => {
    doc.font(options.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(options.size ?? 11).fillColor(options.colour ?? INK).text(value, MARGIN, doc.y, { width });
    doc.moveDown(options.gap ?? 0.2);
  };

  // Letterhead: the clinic, its address and how to reach the prescriber.
  doc.font('Helvetica-Bold').fontSize(20).fillColor(ACCENT).text(brandName, MARGIN, MARGIN, { width });
  content.letterhead.lines.forEach((line, index) => text(line, { size: 9, colour: MUTED, gap: index === content.letterhead.lines.length - 1 ? 1 : 0.2 }));
  doc.moveTo(MARGIN, doc.y).lineTo(MARGIN + width, doc.y).strokeColor(ACCENT).stroke();
  doc.moveDown(1);

  if (content.recipient) text(content.recipient.join('\n'), { gap: 1 });
  text(content.date, { gap: 1 });
  text(content.regarding, { bold: true });
  if (content.patientAddress) text(content.patientAddress, { colour: MUTED, gap: 1 });

  text(content.salutation, { gap: 0.6 });
  text(content.opening, { gap: 0.8 });

  for (const section of content.sections) {
    text(section.heading, { bold: true, size: 12 });
    section.lines.forEach((line, index) => text(section.bulleted ? `• ${line}` : line, { gap: !section.link && index === section.lines.length - 1 ? 0.8 : 0.2 }));
    if (section.link) {
      doc.font('Helvetica').fontSize(10).fillColor(ACCENT).text(section.link, MARGIN, doc.y, { width, link: section.link, underline: true });
      doc.moveDown(0.6);
    }
    section.after.forEach((line) => text(line, { gap: 1 }));
  }

  text(content.closing.valediction, { gap: 0.4 });
  text(content.closing.name, { bold: true });
  for (const line of content.closing.lines) text(line, { colour: MUTED });

  doc.end();
  return done;
}

import PDFDocument from 'pdfkit';
import { pdfBytes } from '../../lib/pdf';
import { formatLongDate, type GpLetterFacts, type IsoDate } from '@elmwood/domain';

export interface LetterInput {
  brandName: string;
  facts: GpLetterFacts;
  /** The GP's signed link to answer 'No concerns' or 'I have concerns'. */
  answerUrl: string;
  /** The link's last day. */
  answerBy: IsoDate;
  writtenOn: IsoDate;
}

const MARGIN = 56;
const INK = '#1d2b2a';
const MUTED = '#5b6b69';
const ACCENT = '#1f5f57';

const REASON_LINE: Record<GpLetterFacts['reason'], string> = {
  first_prescription: 'We have started your patient on a new medicine',
  dose_change: 'We have changed the dose of your patient’s medicine',
};

function bmiLine(bmi: GpLetterFacts['bmi']): string {
  if (!bmi) return 'BMI: not recorded';
  const measured = [bmi.weightKg === null ? null : `${bmi.weightKg} kg`, bmi.heightCm === null ? null : `${bmi.heightCm} cm`].filter(Boolean).join(', ');
  const basis = bmi.basis === 'verified' ? 'verified by the prescriber' : 'as declared by the patient, not yet verified';
  return `BMI: ${bmi.value.toFixed(1)}${measured ? ` (${measured})` : ''}, ${basis}`;
}

/** The letter to the GP on the clinic's letterhead, drawn with PDFKit as the receipt is. */
export function renderGpLetter({ brandName, facts, answerUrl, answerBy, writtenOn }: LetterInput): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: `${brandName}: letter to the GP about ${facts.patient.name}`, Author: brandName } });
  const done = pdfBytes(doc);
  const width = doc.page.width - MARGIN * 2;
  const text = (value: string, options: { bold?: boolean; size?: number; colour?: string; gap?: number } = {}) => {
    doc.font(options.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(options.size ?? 11).fillColor(options.colour ?? INK).text(value, MARGIN, doc.y, { width });
    doc.moveDown(options.gap ?? 0.2);
  };

  // Letterhead: the clinic, its address and how to reach the prescriber.
  doc.font('Helvetica-Bold').fontSize(20).fillColor(ACCENT).text(brandName, MARGIN, MARGIN, { width });
  text([facts.contact.service, ...facts.contact.address.filter((line) => line !== facts.contact.service)].join(', '), { size: 9, colour: MUTED });
  text(`${facts.contact.email} · ${facts.contact.phone}`, { size: 9, colour: MUTED, gap: 1 });
  doc.moveTo(MARGIN, doc.y).lineTo(MARGIN + width, doc.y).strokeColor(ACCENT).stroke();
  doc.moveDown(1);

  if (facts.practice) text(['The GP', facts.practice.name, ...facts.practice.address].join('\n'), { gap: 1 });
  text(formatLongDate(writtenOn), { gap: 1 });
  text(`Re: ${facts.patient.name}${facts.patient.dateOfBirth ? `, born ${formatLongDate(facts.patient.dateOfBirth as IsoDate)}` : ''}`, { bold: true });
  if (facts.patient.address.length) text(facts.patient.address.join(', '), { colour: MUTED, gap: 1 });

  text('Dear Doctor,', { gap: 0.6 });
  text(`${REASON_LINE[facts.reason]}, with their consent. The details are below for your records.`, { gap: 0.8 });

  text('Prescription', { bold: true, size: 12 });
  text(`Medicine: ${facts.medicine}`);
  text(`Dose: ${facts.dose}`);
  text(`Start date: ${formatLongDate(facts.startDate as IsoDate)}`);
  text(bmiLine(facts.bmi), { gap: 0.8 });

  text('Monitoring', { bold: true, size: 12 });
  for (const item of facts.monitoring) text(`• ${item.advice} (${item.source})`);
  doc.moveDown(0.6);

  text('Your view', { bold: true, size: 12 });
  text(`If you know of anything that makes this treatment unsuitable, please tell us by ${formatLongDate(answerBy)} at the address below. Answering 'I have concerns' holds the patient's next supply until a prescriber has reviewed it.`);
  doc.font('Helvetica').fontSize(10).fillColor(ACCENT).text(answerUrl, MARGIN, doc.y, { width, link: answerUrl, underline: true });
  doc.moveDown(0.6);
  text(`Or contact the prescriber: ${facts.contact.email}, ${facts.contact.phone}.`, { gap: 1 });

  text('Yours sincerely,', { gap: 0.4 });
  text(facts.prescriber.name, { bold: true });
  text(`Prescriber, ${facts.prescriber.registration ?? 'registration on request'}`, { colour: MUTED });
  text(facts.contact.service, { colour: MUTED });

  doc.end();
  return done;
}

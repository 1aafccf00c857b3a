import PDFDocument from 'pdfkit';
import { pdfBytes } from '../../lib/pdf';
import { CARRIER_NAMES, formatAddressLines, formatLongDate, formatPrice, formatShipping, namedPrescriberLine, paymentMethodText, ukCalendarDate, type NamedPrescriber, type OrderPage } from '@elmwood/domain';

export interface ReceiptInput {
  brandName: string;
  order: OrderPage;
  customerName: string;
  /** Once a prescriber approved the order: their name, profession and registration (e.g. 'GPhC 2212345'). */
  prescriber: NamedPrescriber | null;
}

const MARGIN = 56;
const INK = '#1d2b2a';
const MUTED = '#5b6b69';

const vatLineText = (line: OrderPage['vat'][number]) =>
  line.rate === 0 ? `Zero-rated (0%) on ${formatPrice(line.gross)}: ${formatPrice(0)}` : `VAT at ${line.rate}% included in ${formatPrice(line.gross)}: ${formatPrice(line.vat)}`;

/**
 * The order's receipt, drawn with PDFKit on the server (the web bundle never carries a PDF library): the clinic,
 * the order, who it was billed to and delivered to, what paid, the lines and totals exactly as the order holds
 * them, the VAT within by rate (domain vatSummary) and, once approved, the prescriber.
 */
export function renderReceipt({ brandName, order, customerName, prescriber }: ReceiptInput): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: `${brandName} receipt for order ${order.number}`, Author: brandName } });
  const done = pdfBytes(doc);
  const width = doc.page.width - MARGIN * 2;
  const row = (left: string, right: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(11).fillColor(INK);
    doc.text(left, MARGIN, y, { width: width - 110 });
    const after = doc.y;
    doc.text(right, MARGIN + width - 100, y, { width: 100, align: 'right' });
    doc.y = Math.max(after, doc.y);
    doc.moveDown(0.3);
  };
  const heading = (text: string) => {
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(12).fillColor(INK).text(text, MARGIN, doc.y, { width });
    doc.moveDown(0.2);
  };
  const lines = (parts: string[]) => doc.font('Helvetica').fontSize(11).fillColor(INK).text(parts.join('\n'), MARGIN, doc.y, { width });

  doc.font('Helvetica-Bold').fontSize(22).fillColor(INK).text(brandName, MARGIN, MARGIN, { width });
  doc.font('Helvetica').fontSize(14).fillColor(MUTED).text('Receipt', { width });
  doc.moveDown(0.6);
  doc.fontSize(11).fillColor(INK).text(`Order ${order.number}`);
  doc.text(`Placed on ${formatLongDate(ukCalendarDate(new Date(order.createdAt)))}`);

  heading('Billed to');
  lines([customerName, ...formatAddressLines(order.billingAddress)]);
  heading('Delivered to');
  lines([`${order.shippingAddress.firstName} ${order.shippingAddress.lastName}`.trim(), ...formatAddressLines(order.shippingAddress)]);
  if (order.tracking) lines([`Sent by ${CARRIER_NAMES[order.tracking.carrier]}, tracking number ${order.tracking.number}`]);
  if (order.paymentMethod) {
    heading('Paid by');
    lines([paymentMethodText(order.paymentMethod)]);
  }

  heading('Items');
  for (const item of order.items) row(`${item.productName}, ${item.variantName} x ${item.quantity}`, formatPrice(item.total));
  doc.moveDown(0.4);
  row('Subtotal', formatPrice(order.totals.subtotal));
  for (const discount of order.discounts) row(discount.name, `-${formatPrice(discount.amount)}`);
  if (order.discounts.length === 0 && order.totals.discount > 0) row('Discount', `-${formatPrice(order.totals.discount)}`);
  row('Delivery', formatShipping(order.totals.shipping));
  if (order.totals.credit > 0) row('Credit', `-${formatPrice(order.totals.credit)}`);
  row('Total', formatPrice(order.totals.total), true);

  heading('VAT');
  for (const line of order.vat) lines([vatLineText(line)]);
  doc
    .moveDown(0.3)
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text('Prescription-only medicines supplied against a prescription are zero-rated; other products are standard-rated (HMRC VAT Notice 701/57).', MARGIN, doc.y, { width });

  if (prescriber) {
    heading('Prescriber');
    lines([namedPrescriberLine(prescriber)]);
  }
  doc.end();
  return done;
}

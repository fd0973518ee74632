import { PDFDocument, StandardFonts } from 'pdf-lib';

/** The figures written into the generated Loan Estimate, as the page should show them. */
export const LOAN_ESTIMATE = {
  interestRate: '6.625',
  loanAmount: '$320,000',
  originationCharges: '$4,395',
  points: '$3,200',
  lenderCredits: '−$1,000',
  mortgageInsurance: '118',
  // Origination charges (which include the points) less the lender credit.
  lenderFees: '3395',
};

/**
 * A text PDF in the layout of the CFPB's Loan Estimate (form H-24): page 1 "Loan Terms"
 * and "Projected Payments", page 2 "Closing Cost Details". Written by another PDF
 * library than the Go tests' (pdf-lib here, fpdf there), with other figures, so the
 * server's reading is not tuned to one writer.
 */
export async function loanEstimatePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = (lines: string[]) => {
    const p = doc.addPage([612, 792]);
    lines.forEach((text, i) => p.drawText(text, { x: 50, y: 740 - i * 16, size: 10, font }));
  };
  page([
    'Cottonwood Lending    Loan Estimate    LOAN TERM 30 years  PURPOSE Purchase  PRODUCT Fixed Rate',
    'Loan Terms    Can this amount increase after closing?',
    'Loan Amount $320,000    NO',
    'Interest Rate 6.625 %    NO',
    'Monthly Principal & Interest $2,049.00    NO',
    'Projected Payments',
    'Principal & Interest $2,049.00',
    'Mortgage Insurance + 118',
    'Estimated Escrow + 412',
  ]);
  page([
    'Closing Cost Details',
    'Loan Costs',
    'A. Origination Charges $4,395',
    '1 % of Loan Amount (Points) $3,200',
    'Application Fee $395',
    'Underwriting Fee $800',
    'J. TOTAL CLOSING COSTS $11,240',
    'Lender Credits - $1,000',
  ]);
  return Buffer.from(await doc.save());
}

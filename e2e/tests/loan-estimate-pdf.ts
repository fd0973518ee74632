import { PDFDocument, StandardFonts } from 'pdf-lib';

/** The figures written into the generated Loan Estimate, as the page should show them. */
export const LOAN_ESTIMATE = {
  interestRate: '6.625',
  loanAmount: '$320,000',
  originationCharges: '$4,395',
  points: '$3,200',
  lenderCredits: '−$1,000',
  mortgageInsurance: '118',
  // Origination charges (which include the points) less the lender credit, as the fees field shows it.
  lenderFees: '3,395',
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

/** The figures of the whole Loan Estimate below, as the pages should show them. */
export const WHOLE_LOAN_ESTIMATE = {
  lenderName: 'Cottonwood Lending',
  apr: '6.912%',
  closingCosts: '$9,735',
  cashToClose: '$29,735',
  rateLockUntil: '2026-12-18',
  // Section A $4,395 + B's credit report, flood, tax service and VOE $195 (not the appraisal) − the $1,000 credit.
  lenderFees: '3,590',
  lines: 15,
};

/**
 * A whole three-page Loan Estimate as another system writes it: Times, page 2 in
 * the form's two columns (Loan Costs left, Other Costs right, side by side on the
 * same rows), a lender credit in J, and page 3's APR, TIP and In 5 Years.
 */
export async function wholeLoanEstimatePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const column = (p: ReturnType<typeof doc.addPage>, lines: string[], x: number) =>
    lines.forEach((text, i) => p.drawText(text, { x, y: 740 - i * 14, size: 8, font }));
  column(doc.addPage([612, 792]), [
    'Cottonwood Lending',
    'Loan Estimate    LOAN TERM 30 years    PURPOSE Purchase',
    'RATE LOCK  NO  YES, until 12/18/2026 at 5:00 p.m. MST',
    'Loan Terms',
    'Loan Amount $320,000    NO',
    'Interest Rate 6.625 %    NO',
    'Monthly Principal & Interest $2,049.00    NO',
    'Prepayment Penalty    NO',
    'Projected Payments',
    'Mortgage Insurance + 118',
    'Estimated Escrow + 412',
    'Estimated Cash to Close $29,735',
  ], 50);
  const page2 = doc.addPage([612, 792]);
  column(page2, [
    'Closing Cost Details',
    'A. Origination Charges $4,395',
    '1 % of Loan Amount (Points) $3,200',
    'Application Fee $395',
    'Underwriting Fee $800',
    'B. Services You Cannot Shop For $845',
    'Appraisal Fee $650',
    'Credit Report Fee $45',
    'Flood Certification $25',
    'Tax Service Fee $85',
    'Verification of Employment (VOE) $40',
    'C. Services You Can Shop For $2,450',
    "Title – Lender's Title Insurance $1,450",
    'Title – Settlement Agent Fee $650',
    'Title – Title Search $350',
    'D. TOTAL LOAN COSTS (A + B + C) $7,690',
  ], 40);
  column(page2, [
    'Other Costs',
    'E. Taxes and Other Government Fees $150',
    'Recording Fees and Other Taxes $150',
    'F. Prepaids $2,071',
    "Homeowner's Insurance Premium ( 12 months) $1,200",
    'Prepaid Interest ( $58.08 per day for 15 days @ 6.625 %) $871',
    'G. Initial Escrow Payment at Closing $824',
    'Property Taxes $412.00 per month for 2 mo. $824',
    'H. Other',
    'I. TOTAL OTHER COSTS (E + F + G + H) $3,045',
    'J. TOTAL CLOSING COSTS $9,735',
    'D + I $10,735',
    'Lender Credits -$1,000',
    'Calculating Cash to Close',
    'Total Closing Costs (J) $9,735',
    'Estimated Cash to Close $29,735',
  ], 320);
  column(doc.addPage([612, 792]), [
    'LENDER Cottonwood Lending    MORTGAGE BROKER',
    'Comparisons',
    'In 5 Years $131,710 Total you will have paid in principal, interest, mortgage insurance, and loan costs.',
    '$19,285 Principal you will have paid off.',
    'Annual Percentage Rate (APR) 6.912 %',
    'Total Interest Percentage (TIP) 130.5 %',
  ], 50);
  return Buffer.from(await doc.save());
}

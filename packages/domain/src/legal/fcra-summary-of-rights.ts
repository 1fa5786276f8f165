/**
 * A legal document svc gives applicants: a title, an introduction and headed sections of plain paragraphs. Each has a
 * version id; the consents and notices that offer it record that id, so the text an applicant was given is known.
 */
export type LegalDocument = {
  id: string;
  version: string;
  language: 'en';
  title: string;
  introduction: readonly string[];
  sections: readonly { heading: string; paragraphs: readonly string[] }[];
  closing: readonly string[];
};

/**
 * Where svc serves a legal document to anyone, as HTML; its PDF is the same path with `.pdf` (apps/api/src/legal).
 * The portal and the notices link there.
 */
export const legalDocumentPath = (document: Pick<LegalDocument, 'id'>, format: 'html' | 'pdf' = 'html'): string =>
  `/legal/${document.id}${format === 'pdf' ? '.pdf' : ''}`;

/**
 * "A Summary of Your Rights Under the Fair Credit Reporting Act", in plain words, under the headings of the model form
 * the Consumer Financial Protection Bureau prescribes (12 CFR part 1022, appendix K). Change `version` with the text.
 */
export const FCRA_SUMMARY_OF_RIGHTS: LegalDocument = {
  id: 'fcra-summary-of-rights',
  version: 'fcra-summary-of-rights-2026-11-26',
  language: 'en',
  title: 'A Summary of Your Rights Under the Fair Credit Reporting Act',
  introduction: [
    'The federal Fair Credit Reporting Act (FCRA) promotes the accuracy, fairness and privacy of the information in the files of consumer reporting agencies. There are many kinds of consumer reporting agencies, including credit bureaus and specialty agencies (such as agencies that sell information about check-writing histories, medical records and rental history records).',
    'Here is a summary of your main rights under the FCRA. For more information, including information about additional rights, go to www.consumerfinance.gov/learnmore or write to: Consumer Financial Protection Bureau, 1700 G Street N.W., Washington, DC 20552.',
  ],
  sections: [
    {
      heading: 'You must be told if information in your file has been used against you.',
      paragraphs: [
        'Anyone who uses a credit report or another type of consumer report to deny your application for credit, insurance or employment, or to take another adverse action against you, must tell you, and must give you the name, address and phone number of the agency that provided the information.',
      ],
    },
    {
      heading: 'You have the right to know what is in your file.',
      paragraphs: [
        'You may ask for and get all the information about you in the files of a consumer reporting agency (your "file disclosure"). You will be asked to give proper identification, which may include your Social Security number.',
        'In many cases the disclosure is free. You are entitled to a free file disclosure if a person has taken adverse action against you because of information in your credit report; if you are the victim of identity theft and place a fraud alert in your file; if your file contains inaccurate information as a result of fraud; if you are on public assistance; or if you are unemployed but expect to apply for employment within 60 days.',
        'All consumers are entitled to one free disclosure every 12 months on request from each nationwide credit bureau and from nationwide specialty consumer reporting agencies. See www.consumerfinance.gov/learnmore for more information.',
      ],
    },
    {
      heading: 'You have the right to ask for a credit score.',
      paragraphs: [
        'Credit scores are numerical summaries of your credit-worthiness based on information from credit bureaus. You may ask for a credit score from consumer reporting agencies that create scores or distribute scores used in residential real property loans, but you will have to pay for it. In some mortgage transactions, you will receive credit score information for free from the mortgage lender.',
      ],
    },
    {
      heading: 'You have the right to dispute incomplete or inaccurate information.',
      paragraphs: [
        'If you identify information in your file that is incomplete or inaccurate and report it to the consumer reporting agency, the agency must investigate unless your dispute is frivolous. See www.consumerfinance.gov/learnmore for an explanation of dispute procedures.',
      ],
    },
    {
      heading: 'Consumer reporting agencies must correct or delete inaccurate, incomplete or unverifiable information.',
      paragraphs: [
        'Inaccurate, incomplete or unverifiable information must be removed or corrected, usually within 30 days. However, a consumer reporting agency may continue to report information it has verified as accurate.',
      ],
    },
    {
      heading: 'Consumer reporting agencies may not report outdated negative information.',
      paragraphs: [
        'In most cases, a consumer reporting agency may not report negative information that is more than seven years old, or bankruptcies that are more than ten years old.',
      ],
    },
    {
      heading: 'Access to your file is limited.',
      paragraphs: [
        'A consumer reporting agency may provide information about you only to people with a valid need, usually to consider an application with a creditor, insurer, employer, landlord or other business. The FCRA specifies those with a valid need for access.',
      ],
    },
    {
      heading: 'You must give your consent for reports to be provided to employers.',
      paragraphs: [
        'A consumer reporting agency may not give information about you to your employer, or a potential employer, without your written consent given to the employer. Written consent generally is not required in the trucking industry. For more information, go to www.consumerfinance.gov/learnmore.',
      ],
    },
    {
      heading:
        'You may limit "prescreened" offers of credit and insurance you get based on information in your credit report.',
      paragraphs: [
        'Unsolicited "prescreened" offers for credit and insurance must include a toll-free phone number you can call if you choose to remove your name and address from the lists these offers are based on. You may opt out with the nationwide credit bureaus at 1-888-5-OPTOUT (1-888-567-8688).',
      ],
    },
    {
      heading: 'You have the right to obtain a security freeze.',
      paragraphs: [
        'You have a right to place a "security freeze" on your credit report, which will prohibit a consumer reporting agency from releasing information in your credit report without your express authorization. The security freeze is designed to prevent credit, loans and services from being approved in your name without your consent. Placing, lifting or removing a security freeze is free.',
        'As an alternative to a security freeze, you have the right to place an initial or extended fraud alert on your credit file at no cost. A fraud alert tells creditors who receive your report that you may be a victim of fraud, and asks them to take steps to verify your identity before extending new credit.',
        'A security freeze does not apply to a person or entity with whom you have an existing account, nor to certain uses such as collections, account management, background checks for employment, tenant screening and insurance.',
      ],
    },
    {
      heading: 'You may seek damages from violators.',
      paragraphs: [
        'If a consumer reporting agency, or, in some cases, a user of consumer reports or a furnisher of information to a consumer reporting agency, violates the FCRA, you may be able to sue in state or federal court.',
      ],
    },
    {
      heading: 'Identity theft victims and active duty military personnel have additional rights.',
      paragraphs: ['For more information, visit www.consumerfinance.gov/learnmore.'],
    },
  ],
  closing: [
    'States may enforce the FCRA, and many states have their own consumer reporting laws. In some cases you may have more rights under state law. For more information, contact your state or local consumer protection agency or your state Attorney General.',
    'For information about your federal rights, contact the Consumer Financial Protection Bureau, 1700 G Street N.W., Washington, DC 20552, or go to www.consumerfinance.gov/learnmore. Some kinds of businesses are overseen by other federal agencies; the model form lists them.',
  ],
};

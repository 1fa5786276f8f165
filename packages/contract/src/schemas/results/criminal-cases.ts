import { z } from 'zod';
import { nullableAmount, nullableFlag, nullableNumber, nullableText, reportedDate } from './common.js';

/** Criminal charges and cases, as the softcheck (`risk_result`) and the US criminal record checks report them. */

export const criminalDispositionSchema = z
  .object({
    offense_description: nullableText('Offense the disposition is about, as the court worded it.'),
    offense_type: nullableText('Kind of offense (for example felony, misdemeanor, summary, indictable).'),
    offense_date: reportedDate('Date of the offense.'),
    description: nullableText('Description of the disposition.'),
    disposition_date: reportedDate('Date of the disposition.'),
    statue: nullableText(
      'Statute (law and section) the charge was brought under; field name kept as the source spells it.',
    ),
    offense_class: nullableText('Class or degree of the offense.'),
    final_plea: nullableText('Final plea entered (for example guilty, not guilty, no contest).'),
    disposition_description: nullableText('Outcome of the charge (for example convicted, dismissed, acquitted).'),
  })
  .describe('How a charge was disposed of by the court.');
export type CriminalDisposition = z.infer<typeof criminalDispositionSchema>;

export const criminalArrestSchema = z
  .object({
    arrest_date: reportedDate('Date of the arrest.'),
    booking_number: nullableText('Booking number given by the detaining facility.'),
    citation_number: nullableText('Citation or ticket number.'),
    arresting_agency: nullableText('Police or law-enforcement agency that made the arrest.'),
    offense_type: nullableText('Kind of offense the arrest was for.'),
    offense_description: nullableText('Offense the arrest was for, as recorded.'),
    counts: nullableNumber('Number of counts.'),
  })
  .describe('An arrest linked to a charge.');
export type CriminalArrest = z.infer<typeof criminalArrestSchema>;

export const criminalSentenceSchema = z
  .object({
    sentence_type: nullableText('Kind of sentence (for example jail, probation, fine, community service).'),
    duration: nullableText('Length of the sentence as recorded (for example `12 months`).'),
    amount: nullableAmount('Monetary part of the sentence (fine or restitution).'),
    amount_paid: nullableAmount('Part of the amount paid so far.'),
    paid: nullableFlag('Whether the monetary part has been paid in full.'),
    qualifier: nullableText('Qualifier of the sentence (for example suspended, concurrent, consecutive).'),
    description: nullableText('Description of the sentence.'),
    effective_date: reportedDate('Date the sentence took effect.'),
    appearance_date: reportedDate('Date of the related court appearance.'),
    appearance_finding: nullableText('Finding at that appearance.'),
  })
  .describe('A sentence imposed for a charge.');
export type CriminalSentence = z.infer<typeof criminalSentenceSchema>;

export const criminalChargeAdditionalInformationSchema = z
  .object({
    description: nullableText('What the additional record says.'),
    additional_description: nullableText('Further detail of the additional record.'),
    event_date: reportedDate('Date of the event the record describes.'),
  })
  .describe('Any other court event or note attached to a charge.');
export type CriminalChargeAdditionalInformation = z.infer<typeof criminalChargeAdditionalInformationSchema>;

export const criminalChargeSchema = z
  .object({
    offense_description: nullableText('Offense charged, as the court worded it.'),
    offense_date: reportedDate('Date of the offense.'),
    offense_type: nullableText('Kind of offense (for example felony, misdemeanor, summary, indictable).'),
    plea: nullableText('Plea entered.'),
    hearing_date: reportedDate('Date of the hearing.'),
    hearing_type: nullableText('Kind of hearing.'),
    probation: nullableText('Probation ordered, as recorded (for example `24 months`).'),
    community_service: nullableText('Community service ordered, as recorded (for example `100 hours`).'),
    sentence_suspended: nullableFlag('Whether the sentence was suspended.'),
    fines: nullableAmount('Fines imposed.'),
    fines_paid_status: nullableText('Whether and how the fines were paid, as recorded.'),
    fines_paid_date: reportedDate('Date the fines were paid.'),
    cost: nullableAmount('Court costs imposed.'),
    restitution: nullableAmount('Restitution ordered.'),
    transferred_jurisdiction: nullableText('Jurisdiction the charge was transferred to, if any.'),
    transferred_case_number: nullableText('Case number in the jurisdiction the charge was transferred to.'),
    active_warrant: nullableFlag('Whether a warrant is outstanding for this charge.'),
    jail_time: nullableText('Jail time ordered, as recorded.'),
    prison_time: nullableText('Prison time ordered, as recorded.'),
    charge_in_progress: nullableFlag('Whether the charge is still before the courts (no final disposition yet).'),
    charge: nullableText('The charge as filed.'),
    charge_level: nullableText('Level of the charge (for example felony, misdemeanor, infraction).'),
    charge_class: nullableText('Class or degree of the charge.'),
    dispositions: z.array(criminalDispositionSchema).describe('Dispositions of the charge; empty when none recorded.'),
    arrests: z.array(criminalArrestSchema).describe('Arrests linked to the charge; empty when none recorded.'),
    sentences: z.array(criminalSentenceSchema).describe('Sentences imposed; empty when none recorded.'),
    additional_informations: z
      .array(criminalChargeAdditionalInformationSchema)
      .describe('Other court events and notes; empty when none.'),
  })
  .describe('One charge of a criminal case.');
export type CriminalCharge = z.infer<typeof criminalChargeSchema>;

export const criminalCourtSchema = z
  .object({
    court: nullableText('Name of the court.'),
    court_type: nullableText('Kind of court (for example county, district, superior, federal).'),
    docket_number: nullableText('Docket number at the court.'),
    filed_date: reportedDate('Date the case was filed at the court.'),
    served_date: reportedDate('Date the defendant was served.'),
    trial_date: reportedDate('Date of the trial.'),
    jurisdiction: nullableText('Jurisdiction of the court (for example state and county).'),
  })
  .describe('Court that heard a case.');
export type CriminalCourt = z.infer<typeof criminalCourtSchema>;

export const criminalCaseSchema = z
  .object({
    case_type: nullableText('Kind of case (for example criminal, traffic, sex offender registry).'),
    number: nullableText('Case number.'),
    file_date: reportedDate('Date the case was filed.'),
    judgment_date: reportedDate('Date of judgment.'),
    summary_description: nullableText('One-line summary of the case.'),
    full_description: nullableText('Full description of the case.'),
    notes: nullableText('Notes from the record source or the reviewer.'),
    court: criminalCourtSchema,
    criminal_charges: z.array(criminalChargeSchema).describe('Charges of the case; empty when none recorded.'),
  })
  .describe('A criminal case found for the applicant.');
export type CriminalCase = z.infer<typeof criminalCaseSchema>;

/** What a user is told about an applicant: the applicant submitted the form, or the report is ready. */
export type ApplicantNotificationKind = 'submitted' | 'report_ready';

/**
 * The email telling a user (the ordering user, a listing's notification list) what happened to an applicant, in the
 * user's language (French for `fr`, else English). It names the applicant and links to the record, nothing more: no
 * result, no date of birth, no other personal data.
 */
export function applicantNotificationEmail({
  kind,
  language,
  applicantName,
  recordUrl,
}: {
  kind: ApplicantNotificationKind;
  language: string;
  applicantName: string;
  recordUrl: string;
}): { subject: string; textBody: string } {
  const name = applicantName.trim() || (language === 'fr' ? 'Un candidat' : 'An applicant');
  if (language === 'fr') {
    return kind === 'submitted'
      ? {
          subject: `${name} a soumis son formulaire`,
          textBody: `${name} a soumis son formulaire : les vérifications sont en cours.\n\nDossier : ${recordUrl}\n`,
        }
      : {
          subject: `Le rapport de ${name} est prêt`,
          textBody: `Toutes les vérifications de ${name} sont terminées et le rapport est prêt.\n\nDossier : ${recordUrl}\n`,
        };
  }
  return kind === 'submitted'
    ? {
        subject: `${name} submitted their form`,
        textBody: `${name} submitted their form: the checks are running.\n\nRecord: ${recordUrl}\n`,
      }
    : {
        subject: `${name}'s report is ready`,
        textBody: `Every check of ${name} has finished and the report is ready.\n\nRecord: ${recordUrl}\n`,
      };
}

import type { ConsumerReportingAgencyBody } from '@svc/contract';

/**
 * Who a report is about and who it is by: the consumer reporting agency that prepared it and the client organisation
 * it was prepared for. Reports and adverse-action notices name them with the same words.
 */

/** The consumer reporting agency as notices print it: its details once a partner admin set them, else null. */
export type ConsumerReportingAgencyDetails = {
  readonly name: string;
  readonly address: ConsumerReportingAgencyBody['address'] | null;
  readonly phone: string | null;
  readonly website: string | null;
};

/** A partner's agency: the one it set, else (demo only: a live adverse action refuses) the partner by its name. */
export function agencyOfPartner({
  partnerName,
  agency,
}: {
  partnerName: string;
  agency:
    | (Omit<ConsumerReportingAgencyDetails, 'address' | 'phone' | 'website'> & {
        readonly address: NonNullable<ConsumerReportingAgencyDetails['address']>;
        readonly phone: string;
        readonly website: string;
      })
    | null;
}): ConsumerReportingAgencyDetails {
  return agency
    ? { name: agency.name, address: agency.address, phone: agency.phone, website: agency.website }
    : { name: partnerName, address: null, phone: null, website: null };
}

/** “Prepared by <agency> for <client>”: the words a report's masthead and a notice use for the two parties. */
export const preparedByLine = ({
  agency,
  client,
  language = 'en',
}: {
  agency: string;
  client: string;
  language?: 'en' | 'fr';
}): string => (language === 'fr' ? `Préparé par ${agency} pour ${client}` : `Prepared by ${agency} for ${client}`);

/**
 * The agency's lines on a notice: its name, postal address, phone and website; an agency whose details are not set
 * (the demo environment) says so instead.
 */
export function agencyContactLines(agency: ConsumerReportingAgencyDetails, language: 'en' | 'fr' = 'en'): string[] {
  if (!agency.address || !agency.phone || !agency.website)
    return [
      agency.name,
      language === 'fr'
        ? 'Adresse, téléphone et site web de l’agence non renseignés (environnement de démonstration).'
        : 'The agency’s address, phone and website are not set (demo environment).',
    ];
  const { address, city, province_state, postal_code, country } = agency.address;
  return [
    agency.name,
    address,
    `${city}, ${province_state} ${postal_code}`,
    country,
    `${language === 'fr' ? 'Téléphone' : 'Phone'}: ${agency.phone}`,
    `${language === 'fr' ? 'Site web' : 'Website'}: ${agency.website}`,
  ];
}

import { Listing } from '../entities/listing.js';
import { Property } from '../entities/property.js';
import type { ColumnProperty, TableRows } from './table-rows.js';

/** The listing tables' columns, for the hand-written read of the listings a PM list page shows. */
export const LISTINGS: TableRows<Listing, ColumnProperty<Listing, 'team' | 'property' | 'owner'>> = {
  table: 'listings',
  create: () => new Listing(),
  columns: {
    id: 'id',
    partnerId: 'partner_id',
    environment: 'environment',
    teamId: 'team_id',
    propertyId: 'property_id',
    ownerId: 'owner_id',
    name: 'name',
    unit: 'unit',
    moveInDate: 'move_in_date',
    moveInImmediately: 'move_in_immediately',
    rent: 'rent',
    securityDepositAmount: 'security_deposit_amount',
    petDepositAmount: 'pet_deposit_amount',
    rentRange: 'rent_range',
    petDeposit: 'pet_deposit',
    storageLocker: 'storage_locker',
    isActive: 'is_active',
    isPublic: 'is_public',
    isPlaceholder: 'is_placeholder',
    useTeamLink: 'use_team_link',
    isPsychometricRequired: 'is_psychometric_required',
    propertyManagerTerms: 'property_manager_terms',
    urlCode: 'url_code',
    lengthOfLease: 'length_of_lease',
    created: 'created',
    modified: 'modified',
  },
  dates: ['moveInDate', 'created', 'modified'],
  numeric: { rent: 2, securityDepositAmount: 2, petDepositAmount: 2 },
};

export const PROPERTIES: TableRows<Property, ColumnProperty<Property, 'team' | 'owner'>> = {
  table: 'properties',
  create: () => new Property(),
  columns: {
    id: 'id',
    partnerId: 'partner_id',
    environment: 'environment',
    teamId: 'team_id',
    ownerId: 'owner_id',
    status: 'status',
    building: 'building',
    buildingCode: 'building_code',
    address: 'address',
    city: 'city',
    provinceState: 'province_state',
    country: 'country',
    postalCode: 'postal_code',
    county: 'county',
    isActive: 'is_active',
    urlCode: 'url_code',
    created: 'created',
    modified: 'modified',
  },
  dates: ['created', 'modified'],
};

/**
 * The applicants of a listing (`alias`: the listing's), as one JSON value: how many applied, how many nobody of the
 * team has opened yet (erased ones aside: nobody can open them), and when the last one changed. Erased applicants
 * still count: the list counts them too.
 */
export const listingApplicantsSql = (alias: string) =>
  `(SELECT json_build_object('count', count(*), 'unviewed', count(*) FILTER (WHERE NOT la.is_viewed AND la.status <> 'Erased'), 'last_updated', max(la.last_updated))
     FROM applications lp JOIN applicants la ON la.application_id = lp.id WHERE lp.listing_id = ${alias}.id)`;

/** The listings of a property (`alias`: the property's), as one JSON value: how many, and when the last one changed. */
export const propertyListingsSql = (alias: string) =>
  `(SELECT json_build_object('count', count(*), 'modified', max(pl.modified)) FROM listings pl WHERE pl.property_id = ${alias}.id)`;

/** An aggregate as an object (a driver may hand JSON over as text). */
const fieldsOf = (json: unknown): Record<string, unknown> =>
  typeof json === 'string'
    ? (JSON.parse(json) as Record<string, unknown>)
    : json !== null && typeof json === 'object'
      ? (json as Record<string, unknown>)
      : {};

/** The later of a record's own change and its children's latest (a date-time text, null when it has none). */
const latest = (own: Date, children: unknown): Date => {
  const child = typeof children === 'string' ? new Date(children) : null;
  return child && child > own ? child : own;
};

/** A listing's applicant counts and `lastUpdated` from `listingApplicantsSql`'s value. */
export const listingApplicantsOf = (listing: { modified: Date }, json: unknown) => {
  const fields = fieldsOf(json);
  return {
    applicantCount: Number(fields['count'] ?? 0),
    newApplicantCount: Number(fields['unviewed'] ?? 0),
    lastUpdated: latest(listing.modified, fields['last_updated']),
  };
};

/** A property's `listingCount` and `lastUpdated` from `propertyListingsSql`'s value. */
export const propertyListingsOf = (property: { modified: Date }, json: unknown) => {
  const fields = fieldsOf(json);
  return { listingCount: Number(fields['count'] ?? 0), lastUpdated: latest(property.modified, fields['modified']) };
};

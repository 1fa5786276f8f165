import type { Listing } from '@svc/contract';
import type { ListingRecord } from '@svc/db';
import { presentProperty } from './property.js';
import { presentUserWithTeam } from './user-with-team.js';

/** A listing with its property, owner and notified users, as the contract's Listing record (amounts as decimal strings). */
export function presentListing(listing: ListingRecord, { publicUrl }: { publicUrl: string }): Listing {
  return {
    id: listing.id,
    created: listing.created.toISOString(),
    modified: listing.modified.toISOString(),
    last_updated: listing.lastUpdated.toISOString(),
    name: listing.name,
    unit: listing.unit,
    move_in_date: listing.moveInDate ? listing.moveInDate.toISOString() : null,
    move_in_immediately: listing.moveInImmediately,
    rent: listing.rent,
    security_deposit_amount: listing.securityDepositAmount,
    pet_deposit_amount: listing.petDepositAmount,
    rent_range: listing.rentRange,
    pet_deposit: listing.petDeposit,
    storage_locker: listing.storageLocker,
    is_active: listing.isActive,
    is_public: listing.isPublic,
    is_placeholder: listing.isPlaceholder,
    use_team_link: listing.useTeamLink,
    property_manager_terms: listing.propertyManagerTerms,
    url_code: listing.urlCode,
    owner: presentUserWithTeam(listing.owner, { publicUrl }),
    property: presentProperty(listing.property, { publicUrl }),
    applicant_count: listing.applicantCount,
    new_applicant_count: listing.newApplicantCount,
    is_psychometric_required: listing.isPsychometricRequired,
    notification_list: listing.notificationUsers.map((user) => presentUserWithTeam(user, { publicUrl })),
    selected_application: { is_selected: false, applicants: [] },
    length_of_lease: listing.lengthOfLease,
  };
}

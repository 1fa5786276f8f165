import { propertyStatus, type Property } from '@svc/contract';
import type { PropertyRecord } from '@svc/db';
import { presentUserWithTeam } from './user-with-team.js';

/** The address on one line: `12 Elm St, Toronto, ON M5V 1A1, CA`, leaving out the parts that are empty. */
export function fullAddressOf(
  property: Pick<PropertyRecord, 'address' | 'city' | 'county' | 'provinceState' | 'postalCode' | 'country'>,
): string {
  const region = [property.provinceState, property.postalCode].filter(Boolean).join(' ');
  return [property.address, property.city, property.county, region, property.country]
    .filter((part) => part && part.trim() !== '')
    .join(', ');
}

/** A property with its owner and listing count, as the contract's Property record. */
export function presentProperty(property: PropertyRecord, { publicUrl }: { publicUrl: string }): Property {
  return {
    id: property.id,
    status: property.status,
    get_status_display: propertyStatus.labels[property.status],
    created: property.created.toISOString(),
    modified: property.modified.toISOString(),
    last_updated: property.lastUpdated.toISOString(),
    building: property.building,
    building_code: property.buildingCode,
    address: property.address,
    city: property.city,
    province_state: property.provinceState,
    country: property.country,
    postal_code: property.postalCode,
    county: property.county,
    is_active: property.isActive,
    owner: presentUserWithTeam(property.owner, { publicUrl }),
    listing_count: property.listingCount,
    full_address: fullAddressOf(property),
    url_code: property.urlCode,
  };
}

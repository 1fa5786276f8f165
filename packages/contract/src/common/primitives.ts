import { z } from 'zod';

/** Scalar types of the seeds' type notation, each with its wire format described once. */
export const uuid = () => z.string().uuid();
export const dateTime = () => z.string().datetime({ offset: true });
/** A calendar date, `YYYY-MM-DD`. */
export const calendarDate = () => z.string().date();
/** A decimal number carried as a string (`"1250.00"`), as listing amounts and billing prices are. */
export const decimalString = () => z.string().regex(/^-?\d+(\.\d+)?$/, 'must be a decimal number written as a string');
/** An absolute URL. */
export const url = () => z.string().url();
/** An ISO 3166-1 alpha-2 country code. */
export const countryCode = () => z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter ISO country code');
/** An ISO 3166-2 subdivision code without its country part (`ON`, `CA`, `NSW`), or `OT` for other. */
export const provinceStateCode = () => z.string().regex(/^[A-Z0-9]{1,3}$/, 'must be an ISO province or state code');
/** A non-empty trimmed string of at most `max` characters. */
export const text = (max = 255) => z.string().trim().min(1, 'must not be empty').max(max);
export const email = () => z.string().trim().email().max(254);

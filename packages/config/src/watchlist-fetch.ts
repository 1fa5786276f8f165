import { z } from 'zod';
import { jsonSetting } from './providers.js';

/** The lists svc imports (`@svc/watchlists`'s `WATCHLIST_SOURCES`; apps/worker checks that the two agree). */
export const WATCHLIST_FETCH_SOURCES = ['ofac_sdn', 'ofac_sdn_csv', 'un', 'eu', 'uk', 'ca', 'opensanctions'] as const;

const httpUrl = z
  .string()
  .url()
  .refine((value) => /^https?:\/\//i.test(value), 'must be an http:// or https:// URL');

/** Where one list is downloaded from: its file, and for `ofac_sdn_csv` its aliases file (`alt.csv`). */
const feed = z.union([
  httpUrl.transform((url) => ({ url, aliases_url: undefined as string | undefined })),
  z.object({ url: httpUrl, aliases_url: httpUrl.optional() }).strict(),
]);

/**
 * `SVC_WATCHLIST_FETCH`: the lists a worker downloads on its schedule and imports, a JSON object by source of a URL
 * (or `{ "url": …, "aliases_url": … }` for `ofac_sdn_csv`). Unset: none (lists are imported by hand).
 */
export const watchlistFetchSetting = jsonSetting('must be a JSON object of URLs by list source')
  .pipe(z.record(z.enum(WATCHLIST_FETCH_SOURCES), feed))
  .transform((feeds) => feeds as Partial<Record<(typeof WATCHLIST_FETCH_SOURCES)[number], z.infer<typeof feed>>>);
export type WatchlistFetchSetting = z.infer<typeof watchlistFetchSetting>;

import type { ProvidersSetting } from '@svc/config';
import { type Database } from '@svc/db';
import { applicantOfCheck, identityPhotosOfCheck, recordWatchlistHits, type ProviderAdapters } from '@svc/services';
import type { ProviderAdapter } from '@svc/domain';
import { httpProviderAdapter } from './http.js';
import { identityProviderAdapter } from './identity.js';
import { simulatorAdapter } from './simulator.js';
import { watchlistProviderAdapter } from '../watchlists/provider.js';
import { foundHitOf } from '../watchlists/result.js';
import type { Logger } from '../logger.js';
import { WatchlistScreener, type WatchlistHit } from '../watchlists/screener.js';

export { httpProviderAdapter } from './http.js';
export { identityProviderAdapter } from './identity.js';
export { simulatorAdapter } from './simulator.js';

export type { ProviderAdapters } from '@svc/services';

export function providerAdaptersOf({
  providers,
  simulator,
  db,
  logger,
  tessdata,
  screener = new WatchlistScreener(db, logger),
}: {
  providers: ProvidersSetting;
  /** The OCR model's folder for the built-in identity provider (`SVC_TESSDATA`). */
  tessdata?: string;
  simulator: { delayMs: number; pendingMs: number; callbacks: boolean };
  db: Database;
  logger: Logger;
  /** The lists in force in memory, shared by the watchlist providers and the re-screenings. */
  screener?: WatchlistScreener;
}): ProviderAdapters {
  const recordHits = async (checkId: string, matches: readonly WatchlistHit[]) => {
    const applicantId = await applicantOfCheck(db, checkId);
    if (!applicantId) return;
    await recordWatchlistHits({
      db,
      applicantId,
      hits: matches.map(foundHitOf),
      announce: false,
      now: new Date(),
    });
  };
  const adapters = new Map<string, ProviderAdapter>();
  const simulated = simulatorAdapter(simulator);
  adapters.set(simulated.name, simulated);
  for (const [name, setting] of Object.entries(providers))
    adapters.set(
      name,
      setting.type === 'http'
        ? httpProviderAdapter(name, setting)
        : setting.type === 'identity'
          ? identityProviderAdapter(name, setting, (checkId) => identityPhotosOfCheck(db, checkId), tessdata)
          : watchlistProviderAdapter(name, setting, screener, recordHits),
    );
  return adapters;
}

import { REQUEST_FLAGS } from '@svc/contract';
import { type Database, createTeam, issueApiKey } from '@svc/db';
import { recordApiKeyEvents } from '../api-keys/events.js';
import { createDefaultPackages, createDefaultServiceCollections } from '../teams/default-collections.js';
import { Partner, Superteam, User } from '@svc/db/entities';

/** The JSON `pnpm svc bootstrap --json` prints (DESIGN.md section 4). */
export type BootstrappedAccount = {
  partner_id: string;
  superteam_id: string;
  teams: { hr: string; pm: string };
  users: { hr: string; pm: string };
  user_id: string;
  email: string;
  api_keys: { live: string; demo: string };
};

/**
 * A new partner account: one superteam, an HR and a PM team that may run every check, a user in each, and the
 * partner-admin user (in the HR team) who owns a live and a demo key. All in one transaction.
 */
export async function bootstrapPartner(db: Database, { name }: { name: string }): Promise<BootstrappedAccount> {
  return db.transaction(async (manager) => {
    const partner = await manager.save(manager.create(Partner, { name }));
    const superteam = await manager.save(
      manager.create(Superteam, {
        partnerId: partner.id,
        name: `${name} superteam`,
        isSecureSmsEnabled: true,
        isReportIdEnabled: false,
        streetAddress: '100 King St W',
        city: 'Toronto',
        postalCode: 'M5X 1A9',
        provinceState: 'ON',
        otherProvinceState: null,
        country: 'CA',
      }),
    );
    const teamOf = async (type: 'HR' | 'PM') => {
      const team = await createTeam(manager, {
        partnerId: partner.id,
        team: {
          name: `${name} ${type} ${partner.id.slice(-6)}`,
          type,
          superteamId: superteam.id,
          prePay: false,
          streetAddress: '100 King St W',
          city: 'Toronto',
          postalCode: 'M5X 1A9',
          provinceState: 'ON',
          otherProvinceState: null,
          country: 'CA',
          accountingFirstName: null,
          accountingLastName: null,
          accountingEmail: null,
          accountingEmailCc: null,
        },
      });
      // A bootstrapped account may run every check.
      team.settingsConfig = {
        ...team.settingsConfig,
        ...Object.fromEntries(REQUEST_FLAGS.map((flag) => [flag, true])),
      };
      const saved = await manager.save(team);
      await createDefaultServiceCollections(manager, saved);
      await createDefaultPackages(manager, saved);
      return saved;
    };
    const hrTeam = await teamOf('HR');
    const pmTeam = await teamOf('PM');
    const suffix = partner.id.slice(-12);
    const userOf = (teamId: string, role: string, isPartnerAdmin: boolean) =>
      manager.save(
        manager.create(User, {
          partnerId: partner.id,
          teamId,
          firstName: role === 'admin' ? 'Alex' : role === 'hr' ? 'Harper' : 'Parker',
          lastName: role === 'admin' ? 'Admin' : 'Orderer',
          email: `${role}-${suffix}@partner.example`,
          language: 'en',
          isActive: true,
          isPartnerAdmin,
        }),
      );
    const admin = await userOf(hrTeam.id, 'admin', true);
    const hrUser = await userOf(hrTeam.id, 'hr', false);
    const pmUser = await userOf(pmTeam.id, 'pm', false);
    const keyOf = async (environment: 'live' | 'demo') => {
      const issued = await issueApiKey(manager, {
        userId: admin.id,
        environment,
        name: 'svc bootstrap',
        scope: 'read_write',
        expiresAt: null,
      });
      await recordApiKeyEvents(manager, 'api_key.created', [issued.apiKey]);
      return issued.secret;
    };
    return {
      partner_id: partner.id,
      superteam_id: superteam.id,
      teams: { hr: hrTeam.id, pm: pmTeam.id },
      users: { hr: hrUser.id, pm: pmUser.id },
      user_id: admin.id,
      email: admin.email,
      api_keys: {
        live: await keyOf('live'),
        demo: await keyOf('demo'),
      },
    };
  });
}

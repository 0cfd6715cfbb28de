import type { TExpect, TMatrixContext, TMatrixRow } from './authorization-matrix.js';
import { buildSevisSender, buildSevisSettings, buildUser, removeUnusedSevisSettings } from './factories/index.js';
import { perms } from './http.js';

// sevis.read: student-area staff (the demo assistant reaches Main Campus); sevis.configure: super users and officers.
const READ: TExpect = { anonymous: 401, admin: 200, officer: 200, assistant: 200, dept: 403, scholar: 403, student: 403 };
const CONFIGURE: TExpect = { anonymous: 401, admin: 200, officer: 200, assistant: 403, dept: 403, scholar: 403, student: 403 };

const mainSettings = (m: TMatrixContext, kind: 'F' | 'J') => ({
  campusSiteId: m.sites.MAIN!,
  programKind: kind,
  orgId: kind === 'F' ? 'BOS214F00012345' : 'P-1-12345',
  officialName: 'Avery Admin',
  officialSevisUserId: 'DEMOPDSO01',
  startingBatchNumber: 1,
  isAutoBatch: false,
  isActive: true,
});

/** SEVIS Settings and SEVIS Permissions. */
export const SEVIS_SETTINGS_MATRIX: TMatrixRow[] = [
  { method: 'GET', path: '/api/sevis/settings', access: 'sevis.read', request: () => ({}), expect: READ },
  // Each call adds Main Campus's J settings again (the previous row, unused by any batch, is removed first).
  {
    method: 'POST',
    path: '/api/sevis/settings',
    access: 'sevis.configure',
    expect: CONFIGURE,
    request: async (m) => {
      await removeUnusedSevisSettings(m.t, { site: 'MAIN', kind: 'J' });
      return { body: mainSettings(m, 'J') };
    },
  },
  {
    method: 'PUT',
    path: '/api/sevis/settings/:settingsId',
    access: 'sevis.configure',
    foreignRecord: 404,
    expect: CONFIGURE,
    request: async (m) => ({
      params: { settingsId: (await buildSevisSettings(m.t, { site: 'MAIN', kind: 'F', officialSevisUserId: 'DEMOPDSO01' })).id },
      body: mainSettings(m, 'F'),
    }),
  },
  { method: 'GET', path: '/api/sevis/senders', access: 'sevis.configure', request: () => ({}), expect: CONFIGURE },
  // Each call names a fresh officer of Main Campus (never the caller: nobody names themselves).
  {
    method: 'PUT',
    path: '/api/sevis/senders',
    access: 'sevis.configure',
    expect: CONFIGURE,
    request: async (m) => {
      const target = await buildUser(m.t, {
        role: 'isssAdmin',
        staffPermissions: perms({ isOfficer: true, officerSites: [m.sites.MAIN!] }),
      });
      return { body: { campusSiteId: m.sites.MAIN!, userId: target.id, kind: 'ARO', sevisUserId: 'MATRIX0001' } };
    },
  },
  // The demo officer's own Main Campus ARO entry: a super user may withdraw it, and so may its holder.
  {
    method: 'DELETE',
    path: '/api/sevis/senders/:campusSiteId/:userId/:kind',
    access: 'sevis.configure',
    foreignRecord: 404,
    expect: CONFIGURE,
    request: async (m) => {
      await buildSevisSender(m.t, 'officer', 'ARO', 'MATRIX0002', m.t.institutionA, ['MAIN']);
      return { params: { campusSiteId: String(m.sites.MAIN!), userId: m.ids.officer!, kind: 'ARO' } };
    },
  },
];

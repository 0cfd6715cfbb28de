import { textOf } from '@meridian/domain';
import { IN_EVENT, type RecordMapper } from '../map.js';
import type { TEventMapper } from '../mapper.js';
import type { TXmlNode } from '../types.js';
import { type TAddress } from '../../../students/index.js';

/** A site's address and name (SEVIS's SOA / AddSOA content). */
export function soaSite(m: RecordMapper, name: unknown, address: TAddress | null | undefined, isPrimary: boolean): TXmlNode {
  const siteName = m.req(name, 'Site of activity name', 'on the site of activity');
  return {
    ...m.usAddress(address, `Site of activity ${textOf(name)}`.trim(), 'on the site of activity'),
    SiteName: siteName?.slice(0, 60),
    PrimarySite: m.bool(isPrimary),
  };
}

/**
 * SiteOfActivity: Add (AddSOA), Edit (identified by the site's name as SEVIS knows it, payload
 * previousSiteName when it was renamed), Delete. The payload captured the site when it changed.
 */
export const evSiteOfActivity: TEventMapper = {
  recordKind: 'update',
  build(m: RecordMapper) {
    m.principalSevisId();
    const pl = m.r.payload;
    const site = m.r.sites.find((s) => s.id === pl.siteId);
    const name = m.first(pl.siteName, site?.name);
    const address = (pl.address ?? site?.address) as TAddress | undefined;
    const primary = m.yesNo(pl.isPrimary) ?? site?.isPrimary ?? false;
    switch (m.r.action) {
      case 'Add':
        return { SiteOfActivity: { Add: { '@xsi:type': 'AddSOA', '@printForm': 'true', ...soaSite(m, name, address, primary) } } };
      case 'Edit': {
        const known = m.first(pl.previousSiteName, name);
        const s = soaSite(m, name, address, primary);
        return {
          SiteOfActivity: {
            Edit: {
              '@printForm': 'true',
              Address1: s.Address1,
              Address2: s.Address2,
              City: s.City,
              State: s.State,
              PostalCode: s.PostalCode,
              SiteName: known.slice(0, 60),
              NewSiteName: known !== name ? name.slice(0, 60) : undefined,
              PrimarySite: s.PrimarySite,
            },
          },
        };
      }
      case 'Delete':
        return { SiteOfActivity: { Delete: { SiteName: m.req(name, 'Site of activity name', IN_EVENT)?.slice(0, 60) } } };
      default:
        m.problem(`Site of activity action '${m.r.action}' is not one the SEVIS batch takes (Add, Edit, Delete).`);
        return undefined;
    }
  },
};

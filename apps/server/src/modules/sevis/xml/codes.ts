/**
 * Our records keep ISO 3166-1 alpha-2 country codes (what students and imports use); SEVIS keeps its
 * own two-letter codes (FIPS 10-4 based: China CH, Germany GM, Japan JA, Nigeria NI, Russia RS...).
 * Sending an ISO code unchanged would often be accepted by the schema yet name ANOTHER country
 * (ISO CN is SEVIS's Comoros), so every country goes through this table. A test checks each value is
 * in SEVISTable.xsd's code lists.
 */
const ISO_TO_SEVIS: Record<string, string> = {
  AD: 'AN', AE: 'AE', AF: 'AF', AG: 'AC', AI: 'AV', AL: 'AL', AM: 'AM', AO: 'AO', AQ: 'AY', AR: 'AR', AS: 'AQ', AT: 'AU',
  AU: 'AS', AW: 'AA', AZ: 'AJ', BA: 'BK', BB: 'BB', BD: 'BG', BE: 'BE', BF: 'UV', BG: 'BU', BH: 'BA', BI: 'BY', BJ: 'BN',
  BL: 'TB', BM: 'BD', BN: 'BX', BO: 'BL', BR: 'BR', BS: 'BF', BT: 'BT', BV: 'BV', BW: 'BC', BY: 'BO', BZ: 'BH', CA: 'CA',
  CC: 'CK', CD: 'CG', CF: 'CT', CG: 'CF', CH: 'SZ', CI: 'IV', CK: 'CW', CL: 'CI', CM: 'CM', CN: 'CH', CO: 'CO', CR: 'CS',
  CU: 'CU', CV: 'CV', CW: 'UC', CX: 'KT', CY: 'CY', CZ: 'EZ', DE: 'GM', DJ: 'DJ', DK: 'DA', DM: 'DO', DO: 'DR', DZ: 'AG',
  EC: 'EC', EE: 'EN', EG: 'EG', EH: 'WI', ER: 'ER', ES: 'SP', ET: 'ET', FI: 'FI', FJ: 'FJ', FK: 'FK', FM: 'FM', FO: 'FO',
  FR: 'FR', GA: 'GB', GB: 'UK', GD: 'GJ', GE: 'GG', GF: 'FG', GG: 'GK', GH: 'GH', GI: 'GI', GL: 'GL', GM: 'GA', GN: 'GV',
  GP: 'GP', GQ: 'EK', GR: 'GR', GS: 'SX', GT: 'GT', GU: 'GQ', GW: 'PU', GY: 'GY', HK: 'HK', HM: 'HM', HN: 'HO', HR: 'HR',
  HT: 'HA', HU: 'HU', ID: 'ID', IE: 'EI', IL: 'IS', IM: 'IM', IN: 'IN', IO: 'IO', IQ: 'IZ', IR: 'IR', IS: 'IC', IT: 'IT',
  JE: 'JE', JM: 'JM', JO: 'JO', JP: 'JA', KE: 'KE', KG: 'KG', KH: 'CB', KI: 'KR', KM: 'CN', KN: 'SC', KP: 'KN', KR: 'KS',
  KW: 'KU', KY: 'CJ', KZ: 'KZ', LA: 'LA', LB: 'LE', LC: 'ST', LI: 'LS', LK: 'CE', LR: 'LI', LS: 'LT', LT: 'LH', LU: 'LU',
  LV: 'LG', LY: 'LY', MA: 'MO', MC: 'MN', MD: 'MD', ME: 'MJ', MF: 'RN', MG: 'MA', MH: 'RM', MK: 'MK', ML: 'ML', MM: 'BM',
  MN: 'MG', MO: 'MC', MP: 'CQ', MQ: 'MB', MR: 'MR', MS: 'MH', MT: 'MT', MU: 'MP', MV: 'MV', MW: 'MI', MX: 'MX', MY: 'MY',
  MZ: 'MZ', NA: 'WA', NC: 'NC', NE: 'NG', NF: 'NF', NG: 'NI', NI: 'NU', NL: 'NL', NO: 'NO', NP: 'NP', NR: 'NR', NU: 'NE',
  NZ: 'NZ', OM: 'MU', PA: 'PM', PE: 'PE', PF: 'FP', PG: 'PP', PH: 'RP', PK: 'PK', PL: 'PL', PM: 'SB', PN: 'PC', PR: 'RQ',
  PT: 'PO', PW: 'PS', PY: 'PA', QA: 'QA', RE: 'RE', RO: 'RO', RS: 'RI', RU: 'RS', RW: 'RW', SA: 'SA', SB: 'BP', SC: 'SE',
  SD: 'SU', SE: 'SW', SG: 'SN', SH: 'SH', SI: 'SI', SK: 'LO', SL: 'SL', SM: 'SM', SN: 'SG', SO: 'SO', SR: 'NS', SS: 'OD',
  ST: 'TP', SV: 'ES', SX: 'NN', SY: 'SY', SZ: 'WZ', TC: 'TK', TD: 'CD', TF: 'FS', TG: 'TO', TH: 'TH', TJ: 'TI', TK: 'TL',
  TL: 'TT', TM: 'TX', TN: 'TS', TO: 'TN', TR: 'TU', TT: 'TD', TV: 'TV', TW: 'TW', TZ: 'TZ', UA: 'UP', UG: 'UG', US: 'US',
  UY: 'UY', UZ: 'UZ', VA: 'VT', VC: 'VC', VE: 'VE', VG: 'VI', VI: 'VQ', VN: 'VM', VU: 'NH', WF: 'WF', WS: 'WS', XK: 'KV',
  YE: 'YM', YT: 'MF', ZA: 'SF', ZM: 'ZA', ZW: 'ZI',
};

/** The SEVIS country code of an ISO 3166-1 alpha-2 code; undefined when SEVIS has none for it. */
export function sevisCountry(iso: string | null | undefined): string | undefined {
  return iso ? ISO_TO_SEVIS[iso.trim().toUpperCase()] : undefined;
}

export const ISO_COUNTRIES_MAPPED = Object.keys(ISO_TO_SEVIS);

/** Our gender to SEVIS's M / F / U (SEVIS has no other value; X, "another gender", is sent as U). */
export function sevisGender(g: string | null | undefined): 'M' | 'F' | 'U' | undefined {
  const v = (g ?? '').trim().toUpperCase();
  if (v === 'M' || v === 'F' || v === 'U') return v;
  if (v === 'X') return 'U';
  return undefined;
}

/**
 * Reduced course load reasons of our RCL form to SEVIS's DropBlwfullType codes. 'Academic difficulty'
 * covers four SEVIS reasons (English, reading, teaching methods, course level): the office must pick
 * one, so it has no entry here and the record is held back until the event names the SEVIS code.
 */
export const RCL_REASON_TO_SEVIS: Record<string, string> = { medical: '05', final_term: '06' };

/**
 * Our dependent termination reasons (words, DEPENDENT_TERMINATION_REASONS) to SEVIS, only where the
 * official schema itself says which code means what, so nothing is guessed:
 * - J-2: SEVIS ends a dependent who died or divorced with End Status (not Terminate, which is for
 *   violations); its reasons are DependentCompletionType, documented in SEVISTable.xsd as
 *   "02: Death, 04: Divorce, 09: Other". Our OTHER stays unmapped: SEVIS has an "other" both for
 *   ending the status and for terminating it (EVDepTerminationReasonType 09), and only the office knows which.
 * - F-2: DependentTerminationReasonType lists 02-10 with no meanings in the schema, so no word is
 *   mapped; the event must carry the SEVIS code (sevisReasonCode) or the record is held back.
 */
export const EV_DEPENDENT_END_STATUS: Readonly<Record<string, '02' | '04'>> = { DEATH: '02', DIVORCE: '04' };

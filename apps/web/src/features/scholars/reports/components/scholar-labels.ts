import { PROCESSED_STATE_LABELS, SCHOLAR_PHASES, SCHOLAR_STATUSES } from '@meridian/domain';

const PHASES = new Map<string, string>(SCHOLAR_PHASES.map((p) => [p.code, p.label]));
const STATUSES = new Map<string, string>(SCHOLAR_STATUSES.map((s) => [s.code, s.label]));

export const phaseLabel = (code: string) => PHASES.get(code) ?? code;
export const statusLabel = (code: string) => STATUSES.get(code) ?? code;
export const visaLabel = (state: string) => PROCESSED_STATE_LABELS[state] ?? state;
/** ISO date (YYYY-MM-DD) as MM/DD/YYYY, without passing through a time zone. */
export const usDate = (iso: string | null | undefined) => (iso ? `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}` : '—');

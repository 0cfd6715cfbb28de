import { PROCESSED_STATE_LABELS, SCHOLAR_PHASES, SCHOLAR_STATUSES } from '@meridian/domain';

// How a case's phase, status and visa type read, wherever a scholar slice shows a case.
const PHASES = new Map<string, string>(SCHOLAR_PHASES.map((p) => [p.code, p.label]));
const STATUSES = new Map<string, string>(SCHOLAR_STATUSES.map((s) => [s.code, s.label]));

export const phaseLabel = (code: string) => PHASES.get(code) ?? code;
export const statusLabel = (code: string) => STATUSES.get(code) ?? code;
export const visaLabel = (state: string) => PROCESSED_STATE_LABELS[state] ?? state;

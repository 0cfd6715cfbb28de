import { PROCESSED_STATE_LABELS, scholarPhaseLabel, scholarStatusLabel } from '@meridian/domain';

// How a case's phase, status and visa type read, wherever a scholar slice shows a case: the case's one
// vocabulary (packages/domain/src/catalog/statuses.ts).
export const phaseLabel = scholarPhaseLabel;
export const statusLabel = scholarStatusLabel;
export const visaLabel = (state: string) => PROCESSED_STATE_LABELS[state] ?? state;

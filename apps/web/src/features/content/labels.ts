import { contentApi, studentStageLabel } from '@meridian/domain';

/** Who a page is for, in words: "Every stage", "Pre-arrival, Check-in"; "Every visa type", "F-1". */
export const stagesText = (p: Pick<contentApi.TSitePageSummary, 'audience' | 'stages'>): string =>
  p.audience === 'scholars' ? '—' : p.stages.length ? p.stages.map(studentStageLabel).join(', ') : 'Every stage';
export const visaTypesText = (p: Pick<contentApi.TSitePageSummary, 'visaTypes'>): string =>
  p.visaTypes.length ? p.visaTypes.join(', ') : 'Every visa type';
export const audienceText = (a: contentApi.TSitePageAudience): string => contentApi.SITE_PAGE_AUDIENCE_LABELS[a];
export const stateText = (s: contentApi.TSitePageState): string => contentApi.SITE_PAGE_STATE_LABELS[s];

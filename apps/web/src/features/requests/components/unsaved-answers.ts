import { requestsApi, type TAnswers } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { usePendingSaves, type TPendingSaves } from '../../../ui/pending-saves';

/** The key the request type's additional (custom) questions are kept under; questionnaires use their id. */
export const CUSTOM_QUESTIONS_KEY = 'custom';

/**
 * Answers typed in a request's questionnaires and additional questions but not saved yet: the page
 * saves them before it submits, so nothing typed is lost (typing during a save included).
 */
export function useUnsavedRequestAnswers(requestId: string) {
  const pending = usePendingSaves<TAnswers>();
  return {
    pending,
    hasAny: () => pending.hasAny(),
    saveAll: () =>
      pending.saveEach((key, answers) =>
        key === CUSTOM_QUESTIONS_KEY
          ? apiCall(requestsApi.saveRequestCustomQuestions, { params: { requestId }, body: { answers } })
          : apiCall(requestsApi.saveRequestAnswers, { params: { requestId, questionnaireId: key }, body: { answers } }),
      ),
  };
}
export type TUnsavedRequestAnswers = ReturnType<typeof useUnsavedRequestAnswers>;
export type { TPendingSaves };

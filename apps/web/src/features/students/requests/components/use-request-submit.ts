import { useRef, useState } from 'react';
import { requestsApi, type TRequestDetail, type TStudentRequestData } from '@meridian/domain';
import { isApiError } from '../../../../app/http/api-error';
import { handleApiError } from '../../../../app/errors/handle-api-error';
import { failureMessage, isSessionOrAccess } from '../../../../app/errors/failure';
import { useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../../app/http/api-call';
import { requestsKey } from '../../../requests';
import { useSaveStudentRequestData } from '../api/save-request-data';
import { focusField, payloadFor, type useRequestDataForm } from './use-request-data-form';
import type { TUnsavedRequestAnswers } from '../../../requests';

type TForm = ReturnType<typeof useRequestDataForm>;

/** The id of the alert that sums up a refused save or submit (focusable). */
export const PROBLEM_ID = 'request-problem';

/** Messages of a refused save or submit: the fields' own, and the rest (questions, documents, advisor). */
export type TSubmitProblem = { summary: string[]; extras: Record<string, string>; fieldErrors?: Record<string, string[]> };

function firstMessages(fieldErrors: Record<string, string[]> | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fieldErrors ?? {})
      .filter(([k]) => !k.startsWith('data.'))
      .map(([k, v]) => [k, v[0] ?? '']),
  );
}

/** Summary lines for the alert at the top: how many fields, questions and documents need attention. */
function summarize(message: string, dataFields: number, extras: Record<string, string>): string[] {
  const answers = Object.keys(extras).filter((k) => k.startsWith('answers.') || k.startsWith('custom.')).length;
  const docs = Object.entries(extras)
    .filter(([k]) => k.startsWith('documents.'))
    .map(([, v]) => v);
  return [
    message,
    ...(dataFields ? [`${dataFields} ${dataFields === 1 ? 'field needs' : 'fields need'} attention: see the messages on the fields.`] : []),
    ...(answers ? [`${answers} ${answers === 1 ? 'question needs' : 'questions need'} an answer: see the messages below.`] : []),
    ...(extras.advisorUserId ? [`Faculty advisor: ${extras.advisorUserId}`] : []),
    ...docs,
  ];
}

/**
 * Save draft and Submit of a student request page, for a request that exists or is created on the
 * first save. Client rules run first (same words as the server); server messages land on the fields.
 */
export function useRequestSubmit(
  form: TForm,
  opts: {
    requestTypeId: string;
    request: TRequestDetail | null;
    unsaved?: TUnsavedRequestAnswers;
    /** Checks beyond the fields before a submit (e.g. the faculty advisor named), keyed like the server's. */
    beforeSubmit?: () => Record<string, string>;
    /** Asks the requester to confirm once the checks pass (submitting locks the request); false: nothing is sent. */
    confirmSubmit?: () => Promise<boolean>;
  },
) {
  const saveData = useSaveStudentRequestData();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<TSubmitProblem | null>(null);
  const qc = useQueryClient();

  const refuse = (e: unknown, fallback: string): TSubmitProblem | null => {
    if (isSessionOrAccess(e)) {
      handleApiError(e);
      return null;
    }
    if (isApiError(e) && e.status >= 400 && e.status < 500) {
      const fields = form.applyServerErrors(e.fieldErrors);
      const extras = firstMessages(e.fieldErrors);
      const p = { summary: summarize(e.message || fallback, fields.length, extras), extras, fieldErrors: e.fieldErrors ?? {} };
      setProblem(p);
      if (fields[0]) focusField(fields[0]);
      else if (extras.advisorUserId) focusField('advisorUserId');
      // Otherwise the summary says what is missing (questions, documents): it takes the focus once drawn.
      else setTimeout(() => document.getElementById(PROBLEM_ID)?.focus(), 50);
      return p;
    }
    // Offline, a timeout or a server error: one message at the top of the form; what was typed stays.
    const p = { summary: [`${fallback} ${failureMessage(e)}`], extras: {} };
    setProblem(p);
    setTimeout(() => document.getElementById(PROBLEM_ID)?.focus(), 50);
    return p;
  };

  const clientCheck = (mode: 'draft' | 'submit', message: string): boolean => {
    const errs = form.validate(mode);
    const extras = mode === 'submit' ? (opts.beforeSubmit?.() ?? {}) : {};
    if (!errs.length && !Object.keys(extras).length) return true;
    setProblem({ summary: summarize(message, errs.length, extras), extras });
    focusField(errs[0]?.[0] ?? Object.keys(extras)[0]!);
    return false;
  };

  /** Create the draft if needed and store the fields. Returns the request id, or null when refused. */
  const created = useRef<string | null>(null);
  const persist = async (data: TStudentRequestData): Promise<string> => {
    let id = opts.request?.id ?? created.current;
    if (!id) {
      id = (await apiCall(requestsApi.createRequest, { body: { requestTypeId: opts.requestTypeId } })).id;
      created.current = id;
      void qc.invalidateQueries({ queryKey: requestsKey });
    }
    if (form.code) await saveData.mutateAsync({ requestId: id, data: payloadFor(form.code, data) });
    form.markSaved(data);
    return id;
  };

  const saveDraft = async (): Promise<string | null> => {
    setProblem(null);
    if (!clientCheck('draft', 'The draft was not saved.')) return null;
    setBusy(true);
    try {
      const id = await persist(form.latest.current);
      if (opts.unsaved?.hasAny()) await opts.unsaved.saveAll();
      return id;
    } catch (e) {
      refuse(e, 'The draft was not saved.');
      return null;
    } finally {
      setBusy(false);
    }
  };

  /**
   * Save, then submit. Returns { ok, requestId }: requestId is set once a draft exists, so a create
   * page can move to the edit page with the messages when the submit is refused.
   */
  const submit = async (): Promise<{ ok: boolean; requestId: string | null; problem?: TSubmitProblem | null; cancelled?: boolean }> => {
    setProblem(null);
    if (!clientCheck('submit', 'Not submitted yet.')) return { ok: false, requestId: opts.request?.id ?? null };
    if (opts.confirmSubmit && !(await opts.confirmSubmit()))
      return { ok: false, requestId: opts.request?.id ?? created.current, cancelled: true };
    setBusy(true);
    try {
      const id = await persist(form.latest.current);
      if (opts.unsaved?.hasAny()) await opts.unsaved.saveAll();
      try {
        await apiCall(requestsApi.submitRequest, { params: { requestId: id } });
      } finally {
        // Submitting changes what may still be done (files can no longer be deleted); a refusal may bring in a questionnaire.
        await Promise.all([qc.invalidateQueries({ queryKey: requestsKey }), qc.invalidateQueries({ queryKey: ['attachments'] })]);
      }
      return { ok: true, requestId: id };
    } catch (e) {
      return { ok: false, requestId: opts.request?.id ?? created.current, problem: refuse(e, 'Not submitted yet.') };
    } finally {
      setBusy(false);
    }
  };

  return { saveDraft, submit, busy: busy || saveData.isPending, problem, setProblem };
}

import { provideMergeSource } from '../messages/index.js';
import { requestMergeValues } from './merge-values.js';

/** What the requests module adds to the layers below it: e-mails and letters about a request are filled from it. */
export function plugRequests(): void {
  provideMergeSource('request', requestMergeValues);
}

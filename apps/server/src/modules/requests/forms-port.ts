import * as attachments from '../attachments/index.js';
import * as forms from '../forms/index.js';

/**
 * The forms and attachments modules' seams for requests, in one place: completeness of the
 * questionnaires (answers bound to request ids) and the required documents still missing.
 */
export const formsModule = async () => forms;
export const attachmentsModule = async () => attachments;

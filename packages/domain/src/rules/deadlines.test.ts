import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  daysBetween,
  optFilingWindow,
  programEndAlert,
  registrationDue,
  stemExtensionWindow,
  stemEvaluationPeriodEnd,
  stemReportSchedule,
  stemReportStatus,
  stemReportSubmitBy,
} from './deadlines.js';
import { dateOnlyIn } from './dates.js';

describe('date helpers', () => {
  it('counts days across months, leap years and DST without shifting', () => {
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2);
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });
  it('adds months, clamping to the last day of short months', () => {
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2027-08-31', 6)).toBe('2028-02-29');
    expect(addMonths('2026-01-15', 12)).toBe('2027-01-15');
  });
});

describe('OPT filing window: 90 days before to 60 days after the program end', () => {
  const end = '2026-05-15';
  it('is not open the day before it opens, open on the 90th day before', () => {
    expect(optFilingWindow(end, '2026-02-13')).toMatchObject({ status: 'not_open', opensOn: '2026-02-14', daysLeft: 1 });
    expect(optFilingWindow(end, '2026-02-14')).toMatchObject({ status: 'open', closesOn: '2026-07-14' });
    expect(optFilingWindow(end, '2026-02-15').status).toBe('open');
  });
  it('is open on the program end date and on the 60th day after, closed the day after', () => {
    expect(optFilingWindow(end, end)).toMatchObject({ status: 'open', daysLeft: 60 });
    expect(optFilingWindow(end, '2026-07-13')).toMatchObject({ status: 'open', daysLeft: 1 });
    expect(optFilingWindow(end, '2026-07-14')).toMatchObject({ status: 'open', daysLeft: 0 });
    expect(optFilingWindow(end, '2026-07-15')).toMatchObject({ status: 'closed', daysLeft: -1 });
  });
});

describe('STEM extension window: up to 90 days before the OPT end, not after it', () => {
  const optEnd = '2026-09-30';
  it('opens on the 90th day before the end', () => {
    expect(stemExtensionWindow(optEnd, '2026-07-01')).toMatchObject({ status: 'not_open', opensOn: '2026-07-02', daysLeft: 1 });
    expect(stemExtensionWindow(optEnd, '2026-07-02')).toMatchObject({ status: 'open', daysLeft: 90 });
    expect(stemExtensionWindow(optEnd, '2026-07-03').status).toBe('open');
  });
  it('is open on the end date and closed the day after', () => {
    expect(stemExtensionWindow(optEnd, '2026-09-29')).toMatchObject({ status: 'open', daysLeft: 1 });
    expect(stemExtensionWindow(optEnd, optEnd)).toMatchObject({ status: 'open', daysLeft: 0 });
    expect(stemExtensionWindow(optEnd, '2026-10-01')).toMatchObject({ status: 'closed', daysLeft: -1 });
  });
});

describe('program end approaching: alerts at 60 and 30 days', () => {
  const end = '2026-06-30';
  it('has no alert 61 days before, the 60-day alert on day 60 and until day 31', () => {
    expect(programEndAlert(end, '2026-04-30')).toEqual({ daysLeft: 61, alertAt: null, hasEnded: false });
    expect(programEndAlert(end, '2026-05-01')).toEqual({ daysLeft: 60, alertAt: 60, hasEnded: false });
    expect(programEndAlert(end, '2026-05-02')).toEqual({ daysLeft: 59, alertAt: 60, hasEnded: false });
    expect(programEndAlert(end, '2026-05-30')).toEqual({ daysLeft: 31, alertAt: 60, hasEnded: false });
  });
  it('has the 30-day alert from day 30 to the end date, and none after it', () => {
    expect(programEndAlert(end, '2026-05-31')).toEqual({ daysLeft: 30, alertAt: 30, hasEnded: false });
    expect(programEndAlert(end, '2026-06-01').alertAt).toBe(30);
    expect(programEndAlert(end, end)).toEqual({ daysLeft: 0, alertAt: 30, hasEnded: false });
    expect(programEndAlert(end, '2026-07-01')).toEqual({ daysLeft: -1, alertAt: null, hasEnded: true });
  });
  it('takes other offsets', () => {
    expect(programEndAlert(end, '2026-04-01', [90, 45]).alertAt).toBe(90);
    expect(programEndAlert(end, '2026-05-16', [90, 45]).alertAt).toBe(45);
    expect(programEndAlert(end, '2026-05-15', [90, 45]).alertAt).toBe(90);
  });
});

describe('SEVIS registration: due within 30 days after the session start', () => {
  const start = '2026-08-24';
  it('is not started the day before the session, due on its first day', () => {
    expect(registrationDue(start, false, '2026-08-23')).toMatchObject({ status: 'not_started', dueOn: '2026-09-23' });
    expect(registrationDue(start, false, start)).toMatchObject({ status: 'due', daysLeft: 30 });
  });
  it('is due on the 30th day after the start, overdue the day after', () => {
    expect(registrationDue(start, false, '2026-09-22')).toMatchObject({ status: 'due', daysLeft: 1 });
    expect(registrationDue(start, false, '2026-09-23')).toMatchObject({ status: 'due', daysLeft: 0 });
    expect(registrationDue(start, false, '2026-09-24')).toMatchObject({ status: 'overdue', daysLeft: -1 });
  });
  it('is nothing to do once the student is registered', () => {
    expect(registrationDue(start, true, '2026-09-24').status).toBe('registered');
  });
});

describe('STEM reports', () => {
  it('asks a validation report every six months and an evaluation every twelve and at the end', () => {
    const s = stemReportSchedule('2026-01-10', '2028-01-09');
    expect(s.filter((r) => r.kind === 'validation_report').map((r) => r.dueDate)).toEqual([
      '2026-07-10',
      '2027-01-10',
      '2027-07-10',
      '2028-01-10',
    ]);
    expect(s.filter((r) => r.kind === 'evaluation').map((r) => r.dueDate)).toEqual(['2027-01-10', '2028-01-10']);
  });
  it('adds a final evaluation on an end date that is not an anniversary', () => {
    const s = stemReportSchedule('2026-01-10', '2026-10-31');
    expect(s).toEqual([
      { kind: 'validation_report', dueDate: '2026-07-10' },
      { kind: 'evaluation', dueDate: '2026-10-31' },
    ]);
  });
  it('is due within 30 days of the due date, overdue the day after, received once received', () => {
    expect(stemReportStatus('2026-07-10', null, '2026-06-09')).toBe('upcoming');
    expect(stemReportStatus('2026-07-10', null, '2026-06-10')).toBe('due');
    expect(stemReportStatus('2026-07-10', null, '2026-07-10')).toBe('due');
    expect(stemReportStatus('2026-07-10', null, '2026-07-11')).toBe('overdue');
    expect(stemReportStatus('2026-07-10', '2026-07-20', '2026-07-21')).toBe('received');
  });
});

// 8 CFR 214.2(f)(10)(ii)(C)(9): the twelve-month and final I-983 evaluations reach the DSO "no later than 10 days
// following the conclusion of the reporting period"; until then they are not overdue.
describe('STEM I-983 evaluations: 10 days after the reporting period ends', () => {
  // STEM 01/10/2026 – 01/09/2028: the twelve-month period ends 01/09/2027, the final one 01/09/2028.
  const twelve = '2027-01-10';
  const final = '2028-01-10';
  const end = '2028-01-09';
  it('the twelve-month evaluation: period ends 01/09/2027, received by 01/19/2027 is on time, overdue on 01/20/2027', () => {
    expect(stemEvaluationPeriodEnd(twelve, end)).toBe('2027-01-09');
    const by = stemReportSubmitBy('evaluation', twelve, end);
    expect(by).toBe('2027-01-19');
    expect(stemReportStatus(twelve, null, '2027-01-10', by)).toBe('due');
    expect(stemReportStatus(twelve, null, '2027-01-18', by)).toBe('due');
    expect(stemReportStatus(twelve, null, '2027-01-19', by)).toBe('due');
    expect(stemReportStatus(twelve, null, '2027-01-20', by)).toBe('overdue');
  });
  it('the final evaluation covers the STEM period to its end date, scheduled on the end date or on the mark after it', () => {
    expect(stemReportSubmitBy('evaluation', final, end)).toBe('2028-01-19');
    // A STEM period ending short of an anniversary: the final evaluation is due on the end date itself.
    expect(stemReportSubmitBy('evaluation', '2026-10-31', '2026-10-31')).toBe('2026-11-10');
    expect(stemReportStatus('2026-10-31', null, '2026-11-10', '2026-11-10')).toBe('due');
    expect(stemReportStatus('2026-10-31', null, '2026-11-11', '2026-11-10')).toBe('overdue');
  });
  it('across Feb 29 2028: a period ending 02/29/2028 is on time through 03/10/2028', () => {
    // STEM from 03/01/2027: the twelve-month mark is 03/01/2028, so the period ends on 02/29/2028.
    const by = stemReportSubmitBy('evaluation', '2028-03-01', '2029-02-28');
    expect(stemEvaluationPeriodEnd('2028-03-01', '2029-02-28')).toBe('2028-02-29');
    expect(by).toBe('2028-03-10');
    expect(stemReportStatus('2028-03-01', null, '2028-03-10', by)).toBe('due');
    expect(stemReportStatus('2028-03-01', null, '2028-03-11', by)).toBe('overdue');
  });
  it('at 23:30 in Los Angeles on the last day it is still on time, though UTC has moved to the next day', () => {
    const instant = new Date('2027-01-20T07:30:00Z'); // 01/19/2027 23:30 in America/Los_Angeles
    const by = stemReportSubmitBy('evaluation', twelve, end);
    expect(stemReportStatus(twelve, null, dateOnlyIn(instant, { timeZone: 'America/Los_Angeles' }), by)).toBe('due');
    expect(stemReportStatus(twelve, null, dateOnlyIn(instant, { timeZone: 'UTC' }), by)).toBe('overdue');
  });
  it('a validation report keeps its due date: overdue the day after', () => {
    expect(stemReportSubmitBy('validation_report', '2026-07-10', end)).toBe('2026-07-10');
  });
});

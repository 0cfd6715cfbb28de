import { describe, expect, it } from 'vitest';
import {
  checkHrFeedRow,
  describeHrFeedIssue,
  findHrFeedDuplicates,
  HR_FEED_MSG,
  hrDepartmentLookup,
  hrFeedDate,
  hrFeedTemplateCsv,
  hrSalary,
  mapHrFeedHeader,
} from './scholar-hr-feed.js';

// docs/product/scholar-hr-updates.md#the-feed
const DEPTS = hrDepartmentLookup([
  { id: 'd-phys', code: 'PHYS', name: 'Department of Physics' },
  { id: 'd-cs', code: 'CS', name: 'Computer Science' },
]);

describe('mapHrFeedHeader', () => {
  it('reads keys, labels and aliases in any order, case or punctuation, and lists what it ignores', () => {
    const { fields, ignored, issues } = mapHrFeedHeader([
      'EMPLID',
      'Job Title',
      'appointment-end-date',
      'Annual Salary',
      'Cost center',
      '',
      'FTE',
    ]);
    expect(fields).toEqual(['employeeId', 'position', 'appointmentEndDate', 'annualSalary', null, null, 'fte']);
    expect(ignored).toEqual(['Cost center']);
    expect(issues).toEqual([]);
  });
  it('needs an employee ID column and refuses a column given twice', () => {
    const { issues } = mapHrFeedHeader(['Title', 'Position']);
    expect(issues).toEqual([
      { row: 1, field: 'position', message: HR_FEED_MSG.repeatedColumn },
      { row: 1, field: '_header', message: HR_FEED_MSG.noKeyColumn },
    ]);
  });
});

describe('checkHrFeedRow', () => {
  it('normalises what it reads: dates to ISO, departments by code or name, FTE to hours, salary to dollars', () => {
    const { row, issues, notes } = checkHrFeedRow(
      {
        employeeId: ' E-123 ',
        lastName: 'de  la Cruz',
        department: 'department of physics',
        position: 'Research  Associate',
        appointmentStartDate: '9/1/2026',
        appointmentEndDate: '2028-08-31',
        fte: '0.75',
        annualSalary: '$72,500.5',
      },
      2,
      DEPTS,
    );
    expect(issues).toEqual([]);
    expect(notes).toEqual({});
    expect(row).toEqual({
      employeeId: 'E-123',
      lastName: 'de la Cruz',
      firstName: null,
      middleName: null,
      email: null,
      departmentId: 'd-phys',
      position: 'Research Associate',
      appointmentStartDate: '2026-09-01',
      appointmentEndDate: '2028-08-31',
      hoursPerWeek: 30,
      annualSalary: '72500.50',
    });
    expect(checkHrFeedRow({ employeeId: 'E1', department: 'cs' }, 2, DEPTS).row?.departmentId).toBe('d-cs');
  });

  it('names each bad cell with words the office understands', () => {
    const { row, issues } = checkHrFeedRow(
      {
        employeeId: '',
        email: 'not-an-address',
        department: 'Chemistry',
        appointmentStartDate: '2028-01-01',
        appointmentEndDate: '12/31/2027',
        hoursPerWeek: '170',
        annualSalary: '1,000,000',
      },
      7,
      DEPTS,
    );
    expect(row).toBeNull();
    expect(issues.map(describeHrFeedIssue)).toEqual([
      `Row 7, Employee ID: ${HR_FEED_MSG.employeeIdRequired}`,
      `Row 7, E-mail: ${HR_FEED_MSG.email}`,
      `Row 7, Department: ${HR_FEED_MSG.department}`,
      `Row 7, Appointment end date: ${HR_FEED_MSG.endBeforeStart}`,
      `Row 7, Hours per week: ${HR_FEED_MSG.hours}`,
      `Row 7, Annual salary: ${HR_FEED_MSG.salary}`,
    ]);
  });

  it('refuses an FTE that disagrees with the hours, and notes a title the case would not take', () => {
    expect(checkHrFeedRow({ employeeId: 'E1', fte: '1', hoursPerWeek: '30' }, 3, DEPTS).issues).toEqual([
      { row: 3, field: 'fte', message: HR_FEED_MSG.fteDisagrees(30) },
    ]);
    expect(checkHrFeedRow({ employeeId: 'E1', fte: '1', hoursPerWeek: '40' }, 3, DEPTS).row?.hoursPerWeek).toBe(40);
    const noted = checkHrFeedRow({ employeeId: 'E1', position: 'Post-Doctoral Fellow' }, 3, DEPTS);
    expect(noted.row?.position).toBe('Post-Doctoral Fellow');
    expect(noted.notes).toEqual({ position: HR_FEED_MSG.positionNotStorable });
  });
});

describe('dates, amounts, duplicates and the template', () => {
  it('reads dates as strings, never through new Date()', () => {
    expect(hrFeedDate('02/29/2028')).toBe('2028-02-29');
    expect(hrFeedDate('02/30/2028')).toBeNull();
    expect(hrFeedDate('1700-01-01')).toBeNull();
    expect(hrFeedDate('31/12/2028')).toBeNull();
  });
  it('reads amounts with a dollar sign and thousands commas', () => {
    expect(hrSalary('65000')).toBe('65000.00');
    expect(hrSalary('$ 65,000.25')).toBe('65000.25');
    expect(hrSalary('65,00')).toBeNull();
    expect(hrSalary('999999.99')).toBe('999999.99');
    expect(hrSalary('1000000')).toBeNull();
  });
  it('refuses an employee ID given twice (without case)', () => {
    const row = (employeeId: string) => checkHrFeedRow({ employeeId }, 0, DEPTS).row!;
    expect(
      findHrFeedDuplicates([
        { rowNo: 2, row: row('E1') },
        { rowNo: 3, row: row('e1') },
      ]),
    ).toEqual([{ row: 3, field: 'employeeId', message: HR_FEED_MSG.sameEmployeeId(2) }]);
  });
  it('offers a template whose header reads back as every column', () => {
    const [header] = hrFeedTemplateCsv().split('\r\n');
    expect(mapHrFeedHeader(header!.split(',')).issues).toEqual([]);
    expect(header).toBe(
      'employee_id,last_name,first_name,middle_name,email,department,position,appointment_start_date,appointment_end_date,hours_per_week,fte,annual_salary',
    );
  });
});

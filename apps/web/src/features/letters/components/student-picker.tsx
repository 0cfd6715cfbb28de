import { studentsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { ServerSearchPicker } from '../../../ui/server-search-picker';

type TStudent = studentsApi.TStudentListItem;

/** Choose a student record the caller reaches, searched on the server by name, e-mail, SEVIS or campus id. */
export function StudentPicker({
  value,
  onChange,
  label = 'Student',
}: {
  value: TStudent | null;
  onChange: (s: TStudent | null) => void;
  label?: string;
}) {
  return (
    <ServerSearchPicker<TStudent>
      queryKey={['letters', 'student-picker']}
      search={async (q, signal) => (await apiCall(studentsApi.listStudents, { query: { title: 'all', q, pageSize: 10 }, signal })).items}
      value={value}
      onChange={onChange}
      optionLabel={(s) => `${s.lastName}, ${s.firstName}${s.sevisId ? ` (${s.sevisId})` : ''} · ${s.visaType}`}
      optionId={(s) => s.id}
      label={label}
      helperText="Search by name, e-mail, SEVIS ID or campus ID"
      noneFound="No student found"
    />
  );
}

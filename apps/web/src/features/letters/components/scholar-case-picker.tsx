import { scholarsApi } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { ServerSearchPicker } from '../../../ui/server-search-picker';

type TCase = scholarsApi.TScholarDashboardItem;

/** Choose a scholar case, searched on the server by the scholar's name or e-mail (the scholar dashboard's search). */
export function ScholarCasePicker({
  value,
  onChange,
  label = 'Scholar case',
}: {
  value: TCase | null;
  onChange: (c: TCase | null) => void;
  label?: string;
}) {
  return (
    <ServerSearchPicker<TCase>
      queryKey={['letters', 'scholar-case-picker']}
      search={async (q, signal) =>
        (await apiCall(scholarsApi.listScholarDashboard, { query: { q, pageSize: 10, sort: 'name', order: 'asc' }, signal })).items
      }
      value={value}
      onChange={onChange}
      optionLabel={(c) => `${c.lastName}, ${c.firstName} · ${c.processedState || c.proposedStatus} · ${c.department.name}`}
      optionId={(c) => c.applicationId}
      label={label}
      helperText="Search by the scholar's name or e-mail"
      noneFound="No scholar case found"
    />
  );
}

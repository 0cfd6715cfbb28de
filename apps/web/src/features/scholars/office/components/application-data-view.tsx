import { Alert, Stack } from '@mui/material';
import { scholarFormDef } from '@meridian/domain';
import { ApplicationFormView } from '../../portal';

/**
 * The scholar's application form, read only, only the sections named (the scholar portal's own view,
 * so the office reads it with the scholar's labels). Says plainly when there is nothing to show yet.
 */
export function ApplicationDataView({
  processedState,
  data,
  sections,
  empty,
}: {
  processedState: string;
  data: Record<string, unknown>;
  sections: string[];
  empty?: string;
}) {
  const def = scholarFormDef(processedState);
  if (!def) return <Alert severity="info">{empty ?? 'There is no application yet: the sponsorship request has not been processed.'}</Alert>;
  if (!def.sections.some((s) => sections.includes(s.key)))
    return <Alert severity="info">{empty ?? 'The application of this visa type has no such part.'}</Alert>;
  return (
    <Stack spacing={2}>
      {Object.keys(data).length === 0 ? <Alert severity="info">The scholar has not filled in the application yet.</Alert> : null}
      <ApplicationFormView processedState={processedState} data={data} sections={sections} headingLevel="h2" />
    </Stack>
  );
}

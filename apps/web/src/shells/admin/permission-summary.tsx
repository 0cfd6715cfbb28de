import { Box, Chip, Stack, Typography } from '@mui/material';
import { ASSISTANT_ACTIONS, scholarAreaSummary, STUDENT_MENU_ITEMS, type TCampusSite, type TStaffPermissions } from '@meridian/domain';

function siteNames(ids: number[], sites: TCampusSite[] | undefined): string {
  if (ids.length === 0 || ids.includes(0)) return 'all campus sites';
  return ids.map((id) => sites?.find((s) => s.id === id)?.name ?? `site ${id}`).join(', ');
}

/** Plain-language summary of a staff permission profile. */
export function PermissionSummary({ staff, sites }: { staff: TStaffPermissions | null; sites?: TCampusSite[] | undefined }) {
  if (!staff) return <Typography>You have no staff permissions yet.</Typography>;
  const lines: { label: string; detail?: string }[] = [];
  if (staff.isSuper) lines.push({ label: 'Super user', detail: 'Full access to every area and campus site.' });
  if (staff.isOfficer) lines.push({ label: 'Officer', detail: `For ${siteNames(staff.officerSites, sites)}.` });
  if (staff.isAssistant) {
    const flags = Object.entries(staff.assistantSettings).flatMap(([site, f]) =>
      ASSISTANT_ACTIONS.filter((a) => f[a.key]).map((a) => `${a.label.toLowerCase()} (${siteNames([Number(site)], sites)})`),
    );
    lines.push({
      label: 'Assistant',
      detail: staff.assistantSites.length
        ? `For ${siteNames(staff.assistantSites, sites)}${flags.length ? `; may ${flags.join(', ')}` : ''}.`
        : 'No campus sites assigned yet.',
    });
  }
  if (staff.websiteContent) lines.push({ label: 'Website content', detail: 'May edit the site pages.' });
  if (staff.limitMenu) {
    const items = STUDENT_MENU_ITEMS.filter((i) => staff.availableMenuItems.includes(i.key)).map((i) => i.label);
    lines.push({ label: 'Limited student menu', detail: items.length ? `Shows: ${items.join(', ')}.` : 'No student menu items.' });
  }
  const scholar = scholarAreaSummary(staff);
  if (scholar) {
    const [label, detail] = scholar.split(': ');
    lines.push(detail ? { label: label!, detail: `May ${detail}.` } : { label: label!, detail: 'Scholar cases are not open to you.' });
  }
  if (lines.length === 0) lines.push({ label: 'Staff', detail: 'No special permissions.' });
  return (
    <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {lines.map((l) => (
        <Box component="li" key={l.label} sx={{ display: 'flex', gap: 1.5, alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Chip size="small" color="primary" variant="outlined" label={l.label} />
          {l.detail ? <Typography variant="body2">{l.detail}</Typography> : null}
        </Box>
      ))}
    </Stack>
  );
}

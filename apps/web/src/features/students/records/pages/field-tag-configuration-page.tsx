import { useSearchParams } from 'react-router';
import { Box, Tab, Tabs } from '@mui/material';
import { useCan } from '../../../auth';
import { FieldConfigurationPanel } from '../../../forms';
import { StudentTagsPage } from './tags-page';

type TTab = 'fields' | 'tags';

/**
 * Field and Tag Configuration (docs/product/field-configuration.md#the-page): the Fields tab sets the fields of the
 * office's forms, the Tags tab keeps the office's tags. The address opens the Tags, as it always has; `?tab=fields`
 * opens the Fields. Each tab shows only to those who hold its permission.
 */
export function FieldTagConfigurationPage() {
  const mayConfigureFields = useCan('fields.configure');
  const mayManageTags = useCan('students.tags.manage');
  const [params, setParams] = useSearchParams();
  const tabs = [
    { key: 'fields' as const, label: 'Fields', shown: mayConfigureFields },
    { key: 'tags' as const, label: 'Tags', shown: mayManageTags },
  ].filter((t) => t.shown);
  const asked = params.get('tab') === 'fields' ? 'fields' : 'tags';
  const tab: TTab = tabs.some((t) => t.key === asked) ? asked : (tabs[0]?.key ?? 'tags');
  return (
    <Box>
      {tabs.length > 1 ? (
        <Tabs
          value={tab}
          onChange={(_, k: TTab) => setParams(k === 'fields' ? { tab: 'fields' } : {}, { replace: true })}
          aria-label="Field and Tag Configuration"
          sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          {tabs.map((t) => (
            <Tab key={t.key} value={t.key} label={t.label} id={`tab-${t.key}`} aria-controls={`panel-${t.key}`} />
          ))}
        </Tabs>
      ) : null}
      <Box role="tabpanel" id={`panel-${tab}`} aria-labelledby={tabs.length > 1 ? `tab-${tab}` : undefined}>
        {tab === 'fields' ? <FieldConfigurationPanel /> : <StudentTagsPage />}
      </Box>
    </Box>
  );
}

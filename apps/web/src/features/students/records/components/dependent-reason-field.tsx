import { type ReactNode } from 'react';
import { ListSubheader, MenuItem, TextField } from '@mui/material';
import { dependentEnding, dependentReasonGroups, studentsApi, type TDependentReasonGroup } from '@meridian/domain';
import { useLookupOptions, type TLookupOption } from '../../../lookups';

/** What SEVIS is sent, in the words a J-2's options start with. */
const actionWord = (g: TDependentReasonGroup) => (g.action === 'EndStatus' ? 'End program' : 'Terminate');

type TGroupOptions = { group: TDependentReasonGroup; options: TLookupOption[] };

/**
 * A dependent's SEVIS reasons from the office's lists (docs/product/lookups.md#how-forms-use-the-lists), in one group per
 * SEVIS event: an F-2's Table 3; a J-2's Terminate (Table 19) and End program (Table 18), whose values carry END-. The
 * value the field holds stays among them when its list no longer offers it.
 */
export function useDependentReasonOptions(visaType: string, value: string) {
  const groups = dependentReasonGroups(visaType);
  const current = value ? dependentEnding(visaType, value) : null;
  const held = (g: TDependentReasonGroup | undefined) => (g && current?.group === g ? current.code : '');
  // Always two reads (hooks keep their order): an F-2 reads its one list twice, the second answer unused.
  const first = useLookupOptions(groups[0]!.ref, held(groups[0]));
  const second = useLookupOptions((groups[1] ?? groups[0]!).ref, held(groups[1]));
  const answers = groups.length > 1 ? [first, second] : [first];
  const byGroup: TGroupOptions[] = groups.map((group, i) => ({
    group,
    options: (answers[i]?.options ?? []).map((o) => ({ ...o, value: `${group.prefix}${o.value}` })),
  }));
  return { groups: byGroup, isLoading: answers.some((a) => a.isLoading), isError: answers.some((a) => a.isError) };
}

/** The select of a dependent's SEVIS reason, grouped by what SEVIS is sent (useDependentReasonOptions). */
export function DependentReasonField({
  id,
  name,
  label,
  visaType,
  value,
  onChange,
  required,
  error,
  helperText,
  size,
}: {
  id: string;
  name: string;
  label: string;
  visaType: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean | undefined;
  error?: boolean | undefined;
  helperText?: ReactNode;
  size?: 'small' | 'medium' | undefined;
}) {
  const { groups, isError } = useDependentReasonOptions(visaType, value);
  const all = groups.flatMap((g) => g.options);
  return (
    <TextField
      id={id}
      name={name}
      label={label}
      select
      fullWidth
      size={size}
      required={required}
      error={error || isError}
      helperText={isError ? 'The list could not be loaded: reload the page to try again.' : helperText}
      value={all.some((o) => o.value === value) ? value : ''}
      onChange={(e) => onChange(e.target.value)}
    >
      <MenuItem value="">
        <em>Not selected</em>
      </MenuItem>
      {/* The select's children are its options, one level deep (no fragments): each group's heading, then its reasons. */}
      {groups.flatMap(({ group, options }) => [
        ...(groups.length > 1 ? [<ListSubheader key={`group-${group.label}`}>{group.label}</ListSubheader>] : []),
        ...options.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {groups.length > 1 ? `${actionWord(group)}: ${o.label}` : o.label}
          </MenuItem>
        )),
      ])}
    </TextField>
  );
}

/**
 * A dependent's kept reason in words, for read views: the list's label (a J-2's with the event, "End program: Divorce
 * (04)"), or the words of a reason recorded before the codes were asked.
 */
export function DependentReasonText({ visaType, value }: { visaType: string; value: string }) {
  const { groups } = useDependentReasonOptions(visaType, value);
  if (!value) return null;
  const found = groups
    .flatMap((g) => g.options.map((o) => ({ o, g: g.group })))
    .find((x) => x.o.value.toUpperCase() === value.toUpperCase());
  const legacy = studentsApi.DEPENDENT_TERMINATION_REASONS.find((r) => r.code === value.toUpperCase())?.label;
  if (!found || (found.o.isHeld && legacy)) return <>{legacy ?? value}</>;
  return <>{groups.length > 1 ? `${actionWord(found.g)}: ${found.o.label}` : found.o.label}</>;
}

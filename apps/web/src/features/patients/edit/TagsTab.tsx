import { useState } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import { PATIENT_MESSAGES, type PatientTag } from '@dme/shared';
import { useNotify } from '@/lib/notify.ts';
import { useTogglePatientTag } from '../api/tags.ts';
import { EmptyLine, Section } from './Section.tsx';

/** Tab 6 of Edit Patient: one checkbox per tag; each click is saved at once (POST or DELETE). */
export function TagsTab({ patientId, tags }: { patientId: number; tags: PatientTag[] }) {
  const notify = useNotify();
  const toggle = useTogglePatientTag(patientId);
  // What was clicked shows at once (in the same event), until the saved state replaces it.
  const [clicked, setClicked] = useState<Record<number, boolean>>({});

  const onToggle = async (tag: PatientTag, checked: boolean) => {
    setClicked((c) => ({ ...c, [tag.id]: checked }));
    try {
      await toggle.mutateAsync({ tagId: tag.id, checked });
    } catch {
      notify.error(PATIENT_MESSAGES.requestFailed);
    } finally {
      setClicked(({ [tag.id]: _done, ...rest }) => rest);
    }
  };

  return (
    <Section title="Tags">
      {tags.length === 0 ? (
        <EmptyLine>No tags are defined.</EmptyLine>
      ) : (
        <FormGroup sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(190px, 1fr))', columnGap: 2 }}>
          {tags.map((tag) => (
            <FormControlLabel
              key={tag.id}
              label={tag.name}
              control={
                <Checkbox
                  size="small"
                  checked={clicked[tag.id] ?? tag.checked}
                  onChange={(_event, checked) => void onToggle(tag, checked)}
                />
              }
            />
          ))}
        </FormGroup>
      )}
    </Section>
  );
}

import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import { PATIENT_MESSAGES, type PatientHcps, type PatientModifier } from '@dme/shared';
import { useNotify } from '@/lib/notify.ts';
import { useDeleteHcps, useSaveHcps } from '../api/hcps.ts';
import { useDeleteModifier, useSaveModifier } from '../api/modifiers.ts';
import { EntryList, EntryRow } from './EntryRow.tsx';
import { RowActions } from './RowActions.tsx';
import { EmptyLine, Section } from './Section.tsx';
import { TextEntryDialog } from './TextEntryDialog.tsx';
import { useConfirmDelete } from './use-confirm-delete.tsx';

type Editing =
  { kind: 'hcps'; hcps?: PatientHcps } | { kind: 'modifier'; hcps: PatientHcps; modifier?: PatientModifier } | null;

/** HCPCS entries with their nested modifiers: new, edit and delete, each saved at once. */
export function HcpcsList({ patientId, entries }: { patientId: number; entries: PatientHcps[] }) {
  const notify = useNotify();
  const saveHcps = useSaveHcps(patientId);
  const removeHcps = useDeleteHcps(patientId);
  const saveModifier = useSaveModifier(patientId);
  const removeModifier = useDeleteModifier(patientId);
  const confirm = useConfirmDelete();
  const [editing, setEditing] = useState<Editing>(null);

  const askDelete = (run: () => Promise<void>, success: string, message: string) =>
    confirm.ask(async () => {
      try {
        await run();
        notify.success(success);
      } catch {
        notify.error(PATIENT_MESSAGES.requestFailed);
      }
    }, message);

  let dialog = null;
  if (editing?.kind === 'hcps') {
    dialog = (
      <TextEntryDialog
        title={editing.hcps ? 'Edit HCPCS' : 'New HCPCS'}
        label="HCPCS"
        initialText={editing.hcps?.text}
        onSave={(text) => saveHcps.mutateAsync({ id: editing.hcps?.id, body: { text } })}
        onClose={() => setEditing(null)}
      />
    );
  } else if (editing?.kind === 'modifier') {
    dialog = (
      <TextEntryDialog
        title={editing.modifier ? 'Edit Modifier' : 'New Modifier'}
        label="Modifier"
        initialText={editing.modifier?.text}
        onSave={(text) =>
          saveModifier.mutateAsync({ id: editing.modifier?.id, hcpsId: editing.hcps.id, body: { text } })
        }
        onClose={() => setEditing(null)}
      />
    );
  }

  return (
    <Section
      title="HCPCS"
      action={
        <Button size="small" startIcon={<AddIcon />} onClick={() => setEditing({ kind: 'hcps' })}>
          New HCPCS
        </Button>
      }
    >
      {entries.length === 0 ? (
        <EmptyLine>No HCPCS entries yet.</EmptyLine>
      ) : (
        <EntryList label="HCPCS entries">
          {entries.map((hcps, index) => (
            <EntryRow
              key={hcps.id}
              text={hcps.text}
              actions={
                <RowActions
                  name={`HCPCS ${index + 1}`}
                  onEdit={() => setEditing({ kind: 'hcps', hcps })}
                  onDelete={() =>
                    askDelete(
                      () => removeHcps.mutateAsync(hcps.id),
                      PATIENT_MESSAGES.hcpsDeleted,
                      `${hcps.text} and its modifiers`,
                    )
                  }
                >
                  <Tooltip title="New Modifier">
                    <IconButton
                      size="small"
                      aria-label={`New modifier for HCPCS ${index + 1}`}
                      onClick={() => setEditing({ kind: 'modifier', hcps })}
                    >
                      <PlaylistAddIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </RowActions>
              }
            >
              {hcps.modifier.length ? (
                <EntryList label={`Modifiers of HCPCS ${index + 1}`} nested>
                  {hcps.modifier.map((modifier, m) => (
                    <EntryRow
                      key={modifier.id}
                      nested
                      text={modifier.text}
                      actions={
                        <RowActions
                          name={`modifier ${m + 1} of HCPCS ${index + 1}`}
                          onEdit={() => setEditing({ kind: 'modifier', hcps, modifier })}
                          onDelete={() =>
                            askDelete(
                              () => removeModifier.mutateAsync(modifier.id),
                              PATIENT_MESSAGES.modifierDeleted,
                              modifier.text,
                            )
                          }
                        />
                      }
                    />
                  ))}
                </EntryList>
              ) : null}
            </EntryRow>
          ))}
        </EntryList>
      )}
      {dialog}
      {confirm.dialog}
    </Section>
  );
}

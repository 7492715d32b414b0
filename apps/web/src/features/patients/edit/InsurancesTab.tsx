import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import type { UseFormRegister } from 'react-hook-form';
import type { Patient } from '@dme/shared';
import type { PatientFormValues } from '../form/patient-form.ts';
import { PhysicianFields } from '../form/PhysicianFields.tsx';
import type { PatientFormControl } from '../form/use-patient-form.ts';
import { DiagnosisList } from './DiagnosisList.tsx';
import { HcpcsList } from './HcpcsList.tsx';
import { InsuranceList } from './InsuranceList.tsx';
import { Section } from './Section.tsx';

interface InsurancesTabProps {
  patient: Patient;
  control: PatientFormControl;
  register: UseFormRegister<PatientFormValues>;
  /** The insurance whose edit dialog a deep link opens (`?insurance=`). */
  openInsuranceId?: number | null;
}

/**
 * Tab 3 of Edit Patient: insurances, the physician block (saved with the patient form),
 * diagnosis entries and HCPCS entries with their modifiers (each saved at once).
 */
export function InsurancesTab({ patient, control, register, openInsuranceId }: InsurancesTabProps) {
  return (
    <Stack spacing={2.5} divider={<Divider flexItem />}>
      <InsuranceList patientId={patient.id} insurances={patient.insurances} openId={openInsuranceId} />
      <Section title="Physician">
        <PhysicianFields control={control} register={register} />
      </Section>
      <DiagnosisList patientId={patient.id} diagnoses={patient.diagnosis} />
      <HcpcsList patientId={patient.id} entries={patient.health} />
    </Stack>
  );
}

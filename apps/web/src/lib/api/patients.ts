import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Patient, PatientPickerRow } from '@dme/shared';
import { api } from '@/lib/api-client.ts';

/** The one cache entry of a patient record, shared by Edit Patient and the order started from a patient. */
export const patientKeys = {
  all: ['patients'] as const,
  detail: (id: number) => [...patientKeys.all, 'detail', id] as const,
};

/** GET /api/patients/{id}/: the patient with every child list of the edit screen. */
export function getPatient(id: number, signal?: AbortSignal): Promise<Patient> {
  return api.get<Patient>(`/patients/${id}/`, { signal });
}

export const patientQueryOptions = (id: number) =>
  queryOptions({ queryKey: patientKeys.detail(id), queryFn: ({ signal }) => getPatient(id, signal) });

export function usePatient(id: number) {
  return useQuery(patientQueryOptions(id));
}

const pickerRow = (patient: Patient): PatientPickerRow => ({
  id: patient.id,
  first_name: patient.first_name,
  last_name: patient.last_name,
  birthdate: patient.birthdate,
});

/** The patient's name only (an order started from a patient shows it, locked, in the patient select). */
export function usePatientName(id: number | null) {
  return useQuery({ ...patientQueryOptions(id ?? 0), select: pickerRow, enabled: id !== null });
}

/** A patient's address on one line ("18 Walnut Street, Apt 2, Ames, Iowa 50010"): where a delivery goes. */
export function patientAddressLine(patient: Pick<Patient, 'address_1' | 'address_2' | 'city' | 'state' | 'zip'>) {
  const place = [patient.state?.name ?? '', patient.zip]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  return [patient.address_1, patient.address_2, patient.city, place]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
}

/** The patient's address on one line, from the patient's one cache entry. */
export function usePatientAddress(id: number) {
  return useQuery({ ...patientQueryOptions(id), select: patientAddressLine });
}

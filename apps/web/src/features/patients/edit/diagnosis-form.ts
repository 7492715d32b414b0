import { icd10Field, patientTextBodySchema, type PatientDiagnosis, type PatientTextBody } from '@dme/shared';

/** A diagnosis as its routes answer it: the spec's text and its ICD-10-CM code shown with the dot ("J44.9"), or ''. */
export type DiagnosisRecord = PatientDiagnosis & { code?: string };

/** What the diagnosis dialog sends: the text and the code without its dot ("J449"), or ''. */
export type DiagnosisBody = PatientTextBody & { code: string };

export const diagnosisSchema = patientTextBodySchema.extend({ code: icd10Field });

export interface DiagnosisValues {
  text: string;
  code: string;
}

export const DIAGNOSIS_FIELDS = ['text', 'code'] as const;

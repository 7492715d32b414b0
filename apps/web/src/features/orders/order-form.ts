import { useForm } from 'react-hook-form';
import {
  DEFAULT_ORDER_STATUS_ID,
  orderCreateSchema,
  type Order,
  type OrderCreateBody,
  type PatientPickerRow,
} from '@dme/shared';
import { schemaResolver } from '@/lib/form-resolver.ts';

/** What the order header (and, on create, the notes) edit. */
export interface OrderFormValues {
  patient: PatientPickerRow | null;
  name: string;
  delivery_id: number | '';
  status_id: number | '';
  po_number: string;
  expired_at: string | null;
  office_notes: string;
  patient_notes: string;
}

export type OrderHeaderField = 'patient' | 'name' | 'delivery_id' | 'status_id' | 'po_number';

export function emptyOrderValues(patient: PatientPickerRow | null = null): OrderFormValues {
  return {
    patient,
    name: '',
    delivery_id: '',
    status_id: DEFAULT_ORDER_STATUS_ID,
    po_number: '',
    expired_at: null,
    office_notes: '',
    patient_notes: '',
  };
}

export function orderToFormValues(order: Order): OrderFormValues {
  return {
    patient: {
      id: order.patient.id,
      first_name: order.patient.first_name,
      last_name: order.patient.last_name,
      birthdate: null,
    },
    name: order.name,
    delivery_id: order.delivery_id,
    status_id: order.status_id,
    po_number: order.po_number,
    expired_at: order.expired_at,
    office_notes: order.office_notes,
    patient_notes: order.patient_notes,
  };
}

const orEmpty = <T>(value: T | '') => (value === '' ? null : value);

/** The shared schema's input for the form's values. */
export function orderInput(values: OrderFormValues) {
  return {
    patient_id: values.patient?.id ?? null,
    name: values.name,
    delivery_id: orEmpty(values.delivery_id),
    status_id: orEmpty(values.status_id),
    po_number: values.po_number,
    expired_at: values.expired_at,
    office_notes: values.office_notes,
    patient_notes: values.patient_notes,
  };
}

/** Fields a server 422 may name, as the form calls them. */
export const ORDER_FIELD_NAMES: Record<string, keyof OrderFormValues> = {
  patient_id: 'patient',
  name: 'name',
  delivery_id: 'delivery_id',
  status_id: 'status_id',
  po_number: 'po_number',
  expired_at: 'expired_at',
  office_notes: 'office_notes',
  patient_notes: 'patient_notes',
};

export function useOrderForm(defaultValues: OrderFormValues) {
  return useForm<OrderFormValues, unknown, OrderCreateBody>({
    resolver: schemaResolver(orderCreateSchema, orderInput, { patient_id: 'patient' }),
    defaultValues,
    mode: 'onTouched',
  });
}

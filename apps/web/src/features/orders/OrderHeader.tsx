import { ORDER_MESSAGES, orderUpdateSchema, type Order, type OrderLookup, type OrderUpdateBody } from '@dme/shared';
import { applyFieldErrors, renameFieldErrors } from '@/lib/form-errors.ts';
import { useSubmit } from '@/lib/use-submit-form.ts';
import { useUpdateOrder } from './api/update-order.ts';
import { OrderFields } from './OrderFields.tsx';
import {
  ORDER_FIELD_NAMES,
  orderToFormValues,
  useOrderForm,
  type OrderFormValues,
  type OrderHeaderField,
} from './order-form.ts';

interface OrderHeaderProps {
  order: Order;
  statuses: OrderLookup[];
  deliveries: OrderLookup[];
  patientLocked: boolean;
}

/** The saved value of a header field, in the form's terms. */
function savedValue(order: Order, field: OrderHeaderField): unknown {
  switch (field) {
    case 'patient':
      return order.patient_id;
    case 'name':
      return order.name;
    case 'delivery_id':
      return order.delivery_id;
    case 'status_id':
      return order.status_id;
    case 'po_number':
      return order.po_number;
  }
}

function formValue(values: OrderFormValues, field: OrderHeaderField): unknown {
  if (field === 'patient') return values.patient?.id ?? null;
  if (field === 'name' || field === 'po_number') return values[field].trim();
  return values[field];
}

/** Edit Order's header: each field is saved on its own as soon as its change is final. */
export function OrderHeader({ order, statuses, deliveries, patientLocked }: OrderHeaderProps) {
  const update = useUpdateOrder(order.id);
  const form = useOrderForm(orderToFormValues(order));
  const { control, getValues, setError, clearErrors } = form;
  // Each field is sent on its own, so there is no form submit: the field's body goes out directly.
  const save = useSubmit({
    submit: (body: OrderUpdateBody) => update.mutateAsync(body),
    successMessage: ORDER_MESSAGES.orderUpdated,
    onInvalid: (body) =>
      applyFieldErrors(renameFieldErrors(body, ORDER_FIELD_NAMES), setError, Object.values(ORDER_FIELD_NAMES)),
  });

  const commit = async (field: OrderHeaderField) => {
    const value = formValue(getValues(), field);
    const key = field === 'patient' ? 'patient_id' : field;
    if (field === 'name' && value === '') {
      // Spec: an empty order name is not saved.
      setError('name', { type: 'required', message: ORDER_MESSAGES.nameRequired });
      return;
    }
    if (field === 'patient' && value === null) {
      setError('patient', { type: 'required', message: ORDER_MESSAGES.patientRequired });
      return;
    }
    clearErrors(field);
    if (value === savedValue(order, field)) return;
    const parsed = orderUpdateSchema.safeParse({ [key]: value });
    if (!parsed.success) {
      setError(field, { type: 'validate', message: parsed.error.issues[0]?.message });
      return;
    }
    await save(parsed.data);
  };

  return (
    <OrderFields
      control={control}
      statuses={statuses}
      deliveries={deliveries}
      patientLocked={patientLocked}
      onCommit={(field) => void commit(field)}
    />
  );
}

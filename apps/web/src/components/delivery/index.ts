export { deliveryAction } from './delivery-action.ts';
export { ProofOfDeliveryDialog } from './ProofOfDeliveryDialog.tsx';
export { RecordPatientDeliveryDialog } from './RecordDeliveryDialog.tsx';

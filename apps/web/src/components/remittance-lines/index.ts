export { AdjustmentList } from './AdjustmentList.tsx';
export { PostingStateChip } from './PostingStateChip.tsx';
export { RemittanceLinesTable } from './RemittanceLinesTable.tsx';

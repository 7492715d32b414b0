export { DataTable, type DataTableProps, type DataTableSearch } from './DataTable.tsx';
export { nextSort, sortRows, type TableSort } from './sort-rows.ts';
export type { Column } from '../server-table/ServerTable.tsx';

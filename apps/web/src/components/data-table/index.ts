export { DataTable, type DataTableProps } from './DataTable.tsx';
export type { Column } from '../server-table/ServerTable.tsx';

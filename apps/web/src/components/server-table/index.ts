export { ServerTable, type Column } from './ServerTable.tsx';
export { DenseServerTable, denseCellsSx } from './DenseServerTable.tsx';
export { useServerList, type ListFilters, type ListRequest, type ServerListView } from './use-server-list.ts';

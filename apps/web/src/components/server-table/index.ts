export { ServerTable, type Column, type ServerTableProps } from './ServerTable.tsx';
export { DenseServerTable, denseCellsSx } from './DenseServerTable.tsx';
export {
  useServerList,
  type FilterValue,
  type ListFilters,
  type ListRequest,
  type ServerList,
  type ServerListView,
  type UseServerListOptions,
} from './use-server-list.ts';
export { SearchBox } from './SearchBox.tsx';

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, nextOrdering, SEARCH_DELAY_MS, type Page } from '@dme/shared';
import { readPersisted, writePersisted } from '@/lib/storage.ts';

export type FilterValue = string | number | boolean | null | undefined;
export type ListFilters = Record<string, FilterValue>;

/** What the server receives: the common list query plus the screen's own filters. */
export interface ListRequest {
  search: string;
  ordering?: string;
  page: number;
  page_size: number;
}

interface ListState<F extends ListFilters> {
  search: string;
  ordering: string | undefined;
  page: number;
  pageSize: number;
  filters: F;
}

export interface UseServerListOptions<T, F extends ListFilters> {
  /** Base of the TanStack Query key, e.g. ['patients', 'list']; the request is appended. */
  queryKey: readonly unknown[];
  fetcher: (request: ListRequest & F, signal: AbortSignal) => Promise<Page<T>>;
  /** The screen's extra filters and their defaults (state, status, dates ...). */
  filters?: F;
  ordering?: string;
  pageSize?: number;
  /** Milliseconds between the last keystroke and the search request (spec: 1500). */
  searchDelay?: number;
  /** Called once when the first load fails (screens go to /404). */
  onLoadError?: (error: unknown) => void;
  /** Keeps the filters in localStorage under 'dme.persist.<key>' (cleared on log out). */
  persistKey?: string;
  /**
   * Filters whose defaults are the day's (a work queue's dates from today): saved unchanged, they
   * follow the day; once the user changes one, the saved value wins.
   */
  dailyFilters?: readonly (keyof F & string)[];
  enabled?: boolean;
}

/** The part of a server list the table needs. */
export interface ServerListView<T> {
  rows: T[];
  count: number;
  /** 1-based. */
  page: number;
  pageSize: number;
  ordering: string | undefined;
  searchInput: string;
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  setSearchInput: (value: string) => void;
  clearSearch: () => void;
  toggleSort: (field: string) => void;
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
}

export interface ServerList<T, F extends ListFilters> extends ServerListView<T> {
  data: Page<T> | undefined;
  error: unknown;
  /** The search the last request used (the input minus the pending delay). */
  search: string;
  filters: F;
  request: ListRequest & F;
  setFilter: <K extends keyof F>(key: K, value: F[K]) => void;
  setFilters: (patch: Partial<F>) => void;
  refetch: () => void;
}

function initialState<F extends ListFilters>(options: UseServerListOptions<unknown, F>): ListState<F> {
  const defaults: ListState<F> = {
    search: '',
    ordering: options.ordering,
    page: 1,
    pageSize: options.pageSize ?? DEFAULT_PAGE_SIZE,
    filters: options.filters ?? ({} as F),
  };
  if (!options.persistKey) return defaults;
  const saved = readPersisted<Partial<PersistedState<F>>>(options.persistKey);
  if (!saved || typeof saved !== 'object') return defaults;
  const { opened, ...savedState } = saved;
  const filters: F = { ...defaults.filters, ...savedState.filters };
  for (const key of options.dailyFilters ?? []) {
    if (opened && savedState.filters?.[key] === opened[key]) filters[key] = defaults.filters[key];
  }
  return { ...defaults, ...savedState, filters };
}

/** The saved state, with the day's defaults of the `dailyFilters` it was opened with. */
type PersistedState<F extends ListFilters> = ListState<F> & { opened?: Partial<F> };

function persistedState<F extends ListFilters>(state: ListState<F>, options: UseServerListOptions<unknown, F>) {
  const daily = options.dailyFilters ?? [];
  if (daily.length === 0) return state;
  const opened = Object.fromEntries(daily.map((key) => [key, options.filters?.[key]])) as Partial<F>;
  return { ...state, opened } satisfies PersistedState<F>;
}

/**
 * State and data of a server-paged list: delayed search, header sorting (ascending, then
 * descending), 1-based paging. Every change of search, sort, page size or filter goes back to page 1.
 */
export function useServerList<T, F extends ListFilters = Record<never, FilterValue>>(
  options: UseServerListOptions<T, F>,
): ServerList<T, F> {
  const { queryKey, fetcher, searchDelay = SEARCH_DELAY_MS, persistKey, enabled = true } = options;
  const [state, setState] = useState<ListState<F>>(() => initialState(options));
  const [searchInput, setSearchInputState] = useState(state.search);

  useEffect(() => {
    if (searchInput === state.search) return undefined;
    const timer = setTimeout(() => {
      setState((s) => ({ ...s, search: searchInput, page: 1 }));
    }, searchDelay);
    return () => clearTimeout(timer);
  }, [searchInput, state.search, searchDelay]);

  // The options as the list first opened with them: the day's defaults of its daily filters.
  const [openingOptions] = useState(options);
  useEffect(() => {
    if (persistKey) writePersisted(persistKey, persistedState(state, openingOptions));
  }, [persistKey, state, openingOptions]);

  const request = useMemo(
    () =>
      ({
        ...state.filters,
        search: state.search,
        ordering: state.ordering,
        page: state.page,
        page_size: state.pageSize,
      }) as ListRequest & F,
    [state],
  );

  const fetcherRef = useRef(fetcher);
  useEffect(() => {
    fetcherRef.current = fetcher;
  }, [fetcher]);

  const query = useQuery({
    queryKey: [...queryKey, request],
    queryFn: ({ signal }) => fetcherRef.current(request, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

  const loadedRef = useRef(false);
  const reportedRef = useRef(false);
  const onLoadErrorRef = useRef(options.onLoadError);
  useEffect(() => {
    onLoadErrorRef.current = options.onLoadError;
  }, [options.onLoadError]);
  useEffect(() => {
    if (query.isSuccess && !query.isPlaceholderData) loadedRef.current = true;
    if (query.isError && !loadedRef.current && !reportedRef.current) {
      reportedRef.current = true;
      onLoadErrorRef.current?.(query.error);
    }
  }, [query.isSuccess, query.isPlaceholderData, query.isError, query.error]);

  // A page emptied by deletions (or a shorter result) steps back to the last page that has rows.
  const data = query.data;
  useEffect(() => {
    if (!data || query.isPlaceholderData || data.results.length > 0 || state.page <= 1) return;
    const lastPage = Math.max(1, Math.ceil(data.count / state.pageSize));
    if (lastPage < state.page) setState((s) => ({ ...s, page: lastPage }));
  }, [data, query.isPlaceholderData, state.page, state.pageSize]);

  const setSearchInput = useCallback((value: string) => setSearchInputState(value), []);
  const clearSearch = useCallback(() => {
    setSearchInputState('');
    setState((s) => ({ ...s, search: '', page: 1 }));
  }, []);
  const toggleSort = useCallback((field: string) => {
    setState((s) => ({ ...s, ordering: nextOrdering(s.ordering, field), page: 1 }));
  }, []);
  const setPage = useCallback((page: number) => setState((s) => ({ ...s, page: Math.max(1, page) })), []);
  const setPageSize = useCallback((pageSize: number) => setState((s) => ({ ...s, pageSize, page: 1 })), []);
  const setFilters = useCallback(
    (patch: Partial<F>) => setState((s) => ({ ...s, filters: { ...s.filters, ...patch }, page: 1 })),
    [],
  );
  const setFilter = useCallback(
    <K extends keyof F>(key: K, value: F[K]) => setFilters({ [key]: value } as unknown as Partial<F>),
    [setFilters],
  );
  const { refetch: refetchQuery } = query;
  const refetch = useCallback(() => {
    void refetchQuery();
  }, [refetchQuery]);

  return {
    data,
    rows: data?.results ?? [],
    count: data?.count ?? 0,
    page: state.page,
    pageSize: state.pageSize,
    ordering: state.ordering,
    search: state.search,
    searchInput,
    filters: state.filters,
    request,
    isLoading: query.isLoading,
    isFetching: query.isFetching,
    isError: query.isError,
    error: query.error,
    setSearchInput,
    clearSearch,
    toggleSort,
    setPage,
    setPageSize,
    setFilter,
    setFilters,
    refetch,
  };
}

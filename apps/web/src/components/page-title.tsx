import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

export const DEFAULT_TITLE = 'Dashboard';
const APP_NAME = 'DME Office';

interface PageTitleContextValue {
  title: string;
  setTitle: (title: string) => void;
}

const PageTitleContext = createContext<PageTitleContextValue>({ title: DEFAULT_TITLE, setTitle: () => {} });

export function PageTitleProvider({ children }: { children: ReactNode }) {
  const [title, setTitle] = useState(DEFAULT_TITLE);
  const value = useMemo(() => ({ title, setTitle }), [title]);
  return <PageTitleContext.Provider value={value}>{children}</PageTitleContext.Provider>;
}

/** The top bar's title (and the browser tab's) while the calling screen is shown. */
export function usePageTitle(title: string | undefined): void {
  const { setTitle } = useContext(PageTitleContext);
  useEffect(() => {
    if (!title) return undefined;
    setTitle(title);
    document.title = `${title} · ${APP_NAME}`;
    return () => {
      setTitle(DEFAULT_TITLE);
      document.title = APP_NAME;
    };
  }, [title, setTitle]);
}

export function useCurrentPageTitle(): string {
  return useContext(PageTitleContext).title;
}

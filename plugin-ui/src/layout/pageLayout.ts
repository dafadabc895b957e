/**
 * What a page (the shell's or a plugin's) may set in the shell's layout: title, breadcrumbs, the
 * header's fiscal name, whether the toolbar shows. The shell provides the context; outside the
 * shell (a test, a standalone remote) setting it does nothing.
 */
import { createContext, useContext, useEffect } from 'react';

export interface PageCrumb {
  label: string;
  to?: string;
}

export interface PageLayout {
  title: string;
  breadcrumbs: PageCrumb[];
  /** Shown in the header; null shows the signed-in user's business. */
  fiscalName: string | null;
  /** Toolbar 55px when shown, 0 when hidden. */
  toolbar: boolean;
}

export interface PageLayoutSetter {
  set(partial: Partial<PageLayout>): void;
}

export const PageLayoutContext = createContext<PageLayoutSetter | null>(null);

/** A page's title, breadcrumbs, fiscal name or toolbar, set for as long as the page is shown. */
export function usePageLayout(partial: Partial<PageLayout>): void {
  const setter = useContext(PageLayoutContext);
  const serialised = JSON.stringify(partial);
  useEffect(() => {
    setter?.set(JSON.parse(serialised) as Partial<PageLayout>);
  }, [setter, serialised]);
}

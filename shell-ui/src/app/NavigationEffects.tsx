import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { SCROLL_TOP_DELAY_MS } from '../config';

/** After every navigation the page scrolls to the top, 100 ms later (spec general §2). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    const timer = setTimeout(() => window.scrollTo({ top: 0, left: 0 }), SCROLL_TOP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pathname]);
  return null;
}

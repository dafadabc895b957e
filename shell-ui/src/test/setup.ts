import '@volante/plugin-ui/testing/setup';
import { vi } from 'vitest';

// jsdom has no scrolling; the scroll-to-top effect calls it.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

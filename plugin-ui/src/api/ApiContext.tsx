import { createContext, useContext, type ReactNode } from 'react';
import { createApiClient, type ApiClient } from './client';

let defaultClient: ApiClient | null = null;

function fallbackClient(): ApiClient {
  defaultClient ??= createApiClient();
  return defaultClient;
}

const ApiContext = createContext<ApiClient | null>(null);

export function ApiProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <ApiContext.Provider value={client}>{children}</ApiContext.Provider>;
}

/** The API client of the nearest <ApiProvider>, else one over `/api` and the page's storage. */
export function useApi(): ApiClient {
  return useContext(ApiContext) ?? fallbackClient();
}

import { createContext, useContext } from 'react';
import { LOCK_IDLE_MINUTES } from '../config';

export interface ShellConfig {
  /** Inactivity before the lock screen, in milliseconds. */
  lockIdleMs: number;
}

export const defaultShellConfig: ShellConfig = { lockIdleMs: LOCK_IDLE_MINUTES * 60_000 };

export const ShellConfigContext = createContext<ShellConfig>(defaultShellConfig);

export function useShellConfig(): ShellConfig {
  return useContext(ShellConfigContext);
}

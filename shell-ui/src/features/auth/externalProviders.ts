/**
 * Sign-in with external identity providers. The buttons need a token from the provider's SDK
 * (Google: an ID token "credential"; Facebook: an access token); the host checks it. SDKs are
 * loaded only when the button is pressed, and only when the provider's public id was set at build
 * time (VITE_GOOGLE_CLIENT_ID, VITE_FACEBOOK_APP_ID). Tests put their own functions in the context.
 */
import { createContext, useContext } from 'react';
import { FACEBOOK_APP_ID, GOOGLE_CLIENT_ID } from '../../config';

export interface ExternalSignIn {
  /** Resolves a Google ID token, or null when Google sign-in is not configured. */
  google: (() => Promise<string>) | null;
  /** Resolves a Facebook access token, or null when Facebook sign-in is not configured. */
  facebook: (() => Promise<string>) | null;
}

/** The person closed the provider's window: not an error worth showing. */
export class SignInCancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

const scripts = new Map<string, Promise<void>>();

function loadScript(src: string): Promise<void> {
  let loading = scripts.get(src);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        scripts.delete(src);
        reject(new Error(`Could not load ${src}`));
      };
      document.head.appendChild(script);
    });
    scripts.set(src, loading);
  }
  return loading;
}

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback(response: { credential?: string }): void; cancel_on_tap_outside?: boolean }): void;
      prompt(listener?: (notification: { isNotDisplayed(): boolean; isSkippedMoment(): boolean }) => void): void;
    };
  };
}

interface FacebookSdk {
  init(options: { appId: string; version: string; cookie?: boolean; xfbml?: boolean }): void;
  login(callback: (response: { authResponse?: { accessToken?: string } | null }) => void, options?: { scope: string }): void;
}

async function googleCredential(clientId: string): Promise<string> {
  await loadScript('https://accounts.google.com/gsi/client');
  const google = (window as unknown as { google?: GoogleIdentity }).google;
  if (!google) throw new Error('Google Identity Services did not load');
  return new Promise<string>((resolve, reject) => {
    google.accounts.id.initialize({
      client_id: clientId,
      cancel_on_tap_outside: true,
      callback: (response) => (response.credential ? resolve(response.credential) : reject(new SignInCancelled())),
    });
    google.accounts.id.prompt((notification) => {
      if (notification.isNotDisplayed() || notification.isSkippedMoment()) reject(new SignInCancelled());
    });
  });
}

async function facebookAccessToken(appId: string): Promise<string> {
  await loadScript('https://connect.facebook.net/es_ES/sdk.js');
  const FB = (window as unknown as { FB?: FacebookSdk }).FB;
  if (!FB) throw new Error('Facebook SDK did not load');
  FB.init({ appId, version: 'v19.0', cookie: false, xfbml: false });
  return new Promise<string>((resolve, reject) => {
    FB.login(
      (response) => {
        const token = response.authResponse?.accessToken;
        if (token) resolve(token);
        else reject(new SignInCancelled());
      },
      { scope: 'email' },
    );
  });
}

export const browserExternalSignIn: ExternalSignIn = {
  google: GOOGLE_CLIENT_ID ? () => googleCredential(GOOGLE_CLIENT_ID) : null,
  facebook: FACEBOOK_APP_ID ? () => facebookAccessToken(FACEBOOK_APP_ID) : null,
};

export const ExternalSignInContext = createContext<ExternalSignIn>(browserExternalSignIn);

export function useExternalSignIn(): ExternalSignIn {
  return useContext(ExternalSignInContext);
}

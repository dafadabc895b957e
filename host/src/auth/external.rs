//! External identity providers. Google: the ID token's RS256 signature is checked against the
//! configured JWKS (cached, refreshed when a key id is unknown), with audience, issuer and expiry.
//! Facebook: the access token is checked at the configured `debug_token` endpoint with the app's
//! credentials, then the profile endpoint gives the e-mail.

use std::time::{Duration, Instant};

use anyhow::Context;
use jsonwebtoken::jwk::JwkSet;
use jsonwebtoken::{decode, decode_header, Algorithm, DecodingKey, Validation};
use secrecy::ExposeSecret;
use serde::Deserialize;
use tokio::sync::RwLock;

use crate::config::AuthConfig;
use crate::error::{codes, ApiError, ApiResult};

/// A verified external identity.
#[derive(Debug, Clone)]
pub struct Identity {
    pub provider: &'static str,
    pub subject: String,
    pub email: String,
}

#[derive(Default)]
pub struct KeyCache {
    keys: RwLock<Option<(Instant, JwkSet)>>,
}

const KEYS_MAX_AGE: Duration = Duration::from_secs(3600);
const KEYS_MIN_REFRESH: Duration = Duration::from_secs(30);

fn rejected(reason: &str) -> ApiError {
    ApiError::new(codes::EXTERNAL_TOKEN, "No se ha podido verificar la identidad con el proveedor externo")
        .with_data(serde_json::json!({ "reason": reason }))
}

impl KeyCache {
    async fn key_for(&self, http: &reqwest::Client, url: &str, kid: &str) -> anyhow::Result<Option<DecodingKey>> {
        {
            let guard = self.keys.read().await;
            if let Some((fetched, set)) = guard.as_ref() {
                let fresh = fetched.elapsed() < KEYS_MAX_AGE;
                if let Some(jwk) = set.find(kid) {
                    if fresh {
                        return Ok(Some(DecodingKey::from_jwk(jwk)?));
                    }
                } else if fetched.elapsed() < KEYS_MIN_REFRESH {
                    return Ok(None);
                }
            }
        }
        let set: JwkSet = http
            .get(url)
            .timeout(Duration::from_secs(10))
            .send()
            .await
            .context("Failed to fetch the identity provider's keys")?
            .error_for_status()?
            .json()
            .await
            .context("The identity provider's keys are not a JWKS")?;
        let key = set.find(kid).map(DecodingKey::from_jwk).transpose()?;
        *self.keys.write().await = Some((Instant::now(), set));
        Ok(key)
    }
}

#[derive(Deserialize)]
struct GoogleClaims {
    sub: String,
    email: Option<String>,
    #[serde(default, deserialize_with = "bool_or_string")]
    email_verified: bool,
}

fn bool_or_string<'de, D: serde::Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Flag {
        B(bool),
        S(String),
    }
    Ok(match Flag::deserialize(d)? {
        Flag::B(b) => b,
        Flag::S(s) => s == "true",
    })
}

pub async fn verify_google(
    config: &AuthConfig,
    http: &reqwest::Client,
    cache: &KeyCache,
    id_token: &str,
) -> ApiResult<Identity> {
    if config.google_client_ids.is_empty() {
        return Err(rejected("google sign-in is not configured"));
    }
    let header = decode_header(id_token).map_err(|_| rejected("malformed token"))?;
    if header.alg != Algorithm::RS256 {
        return Err(rejected("unexpected algorithm"));
    }
    let kid = header.kid.ok_or_else(|| rejected("token has no key id"))?;
    let key = cache.key_for(http, &config.google_jwks_url, &kid).await?.ok_or_else(|| rejected("unknown key id"))?;
    let mut validation = Validation::new(Algorithm::RS256);
    validation.set_audience(&config.google_client_ids);
    validation.set_issuer(&config.google_issuers);
    validation.set_required_spec_claims(&["exp", "aud", "iss", "sub"]);
    let claims = decode::<GoogleClaims>(id_token, &key, &validation)
        .map_err(|err| rejected(&format!("invalid token: {err}")))?
        .claims;
    let email = claims.email.filter(|_| claims.email_verified).ok_or_else(|| rejected("e-mail not verified"))?;
    Ok(Identity { provider: "google", subject: claims.sub, email: email.to_lowercase() })
}

#[derive(Deserialize)]
struct DebugToken {
    data: DebugTokenData,
}

#[derive(Deserialize)]
struct DebugTokenData {
    #[serde(default)]
    is_valid: bool,
    #[serde(default)]
    app_id: String,
    #[serde(default)]
    user_id: String,
}

#[derive(Deserialize)]
struct Profile {
    id: String,
    email: Option<String>,
}

pub async fn verify_facebook(config: &AuthConfig, http: &reqwest::Client, access_token: &str) -> ApiResult<Identity> {
    let Some(secret) = config.facebook_app_secret.as_ref().filter(|_| !config.facebook_app_id.is_empty()) else {
        return Err(rejected("facebook sign-in is not configured"));
    };
    let app_token = format!("{}|{}", config.facebook_app_id, secret.expose_secret());
    let check: DebugToken = http
        .get(&config.facebook_debug_token_url)
        .query(&[("input_token", access_token), ("access_token", app_token.as_str())])
        .timeout(Duration::from_secs(10))
        .send()
        .await
        .context("Failed to reach the Facebook token check")?
        .error_for_status()
        .context("The Facebook token check failed")?
        .json()
        .await
        .context("The Facebook token check answered something unexpected")?;
    if !check.data.is_valid || check.data.app_id != config.facebook_app_id || check.data.user_id.is_empty() {
        return Err(rejected("token not valid for this application"));
    }
    let profile: Profile = http
        .get(&config.facebook_profile_url)
        .query(&[("fields", "id,email"), ("access_token", access_token)])
        .timeout(Duration::from_secs(10))
        .send()
        .await
        .context("Failed to read the Facebook profile")?
        .error_for_status()
        .context("The Facebook profile call failed")?
        .json()
        .await
        .context("The Facebook profile is not what was expected")?;
    if profile.id != check.data.user_id {
        return Err(rejected("profile does not match the token"));
    }
    let email = profile.email.ok_or_else(|| rejected("no e-mail in the profile"))?;
    Ok(Identity { provider: "facebook", subject: profile.id, email: email.to_lowercase() })
}

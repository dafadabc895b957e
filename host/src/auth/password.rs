//! Password hashing (argon2id, off the async runtime) and the password policy.

use argon2::password_hash::{rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;

use crate::error::{codes, ApiError, ApiResult};

pub async fn hash(password: &str) -> anyhow::Result<String> {
    let password = password.to_string();
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut OsRng);
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|hash| hash.to_string())
            .map_err(|err| anyhow::anyhow!("Failed to hash a password: {err}"))
    })
    .await?
}

/// Whether `password` matches the stored hash. A missing hash (external sign-in only) never does.
pub async fn verify(stored: Option<String>, password: &str) -> anyhow::Result<bool> {
    let password = password.to_string();
    tokio::task::spawn_blocking(move || {
        // Without a stored hash, verify against a throwaway one so timing does not tell.
        let stored = stored.unwrap_or_else(|| DUMMY_HASH.to_string());
        let parsed = PasswordHash::new(&stored).map_err(|err| anyhow::anyhow!("Stored hash is invalid: {err}"))?;
        Ok(Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok() && stored != DUMMY_HASH)
    })
    .await?
}

const DUMMY_HASH: &str = "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$w1cbqVSsQ3MmlBgvTQJ7Pv1NM2AbPbmnYRvPD8lFMV0";

/// At least 8 characters and three of: lower case, upper case, digit, other.
pub fn check_policy(password: &str) -> ApiResult<()> {
    let classes = [
        password.chars().any(|c| c.is_lowercase()),
        password.chars().any(|c| c.is_uppercase()),
        password.chars().any(|c| c.is_ascii_digit()),
        password.chars().any(|c| !c.is_alphanumeric()),
    ];
    if password.chars().count() < 8 || classes.iter().filter(|c| **c).count() < 3 || password.len() > 256 {
        return Err(ApiError::new(
            codes::WEAK_PASSWORD,
            "La contraseña debe tener al menos 8 caracteres y combinar minúsculas, mayúsculas, números o símbolos",
        )
        .with_data(serde_json::json!({ "field": "password" })));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn hashes_verify_and_differ() {
        let a = hash("Volante-2026").await.unwrap();
        let b = hash("Volante-2026").await.unwrap();
        assert_ne!(a, b, "salted");
        assert!(verify(Some(a.clone()), "Volante-2026").await.unwrap());
        assert!(!verify(Some(a), "volante-2026").await.unwrap());
        assert!(!verify(None, "anything").await.unwrap());
    }

    #[test]
    fn policy() {
        assert!(check_policy("Abcdef1!").is_ok());
        assert!(check_policy("abcdefg1!").is_ok());
        assert!(check_policy("Ab1!").is_err());
        assert!(check_policy("abcdefgh").is_err());
        assert!(check_policy("abcdefg1").is_err());
    }
}

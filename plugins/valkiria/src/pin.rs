//! Students' PINs: six random digits, shown once and kept only as a salted SHA-256 hash.

use sha2::{Digest, Sha256};
use volante_plugin_sdk::host;

/// The largest multiple of a million that fits in a `u32`: values at or above it are drawn
/// again, so every PIN is equally likely.
const LIMIT: u32 = 4_294_000_000;

/// Six digits from four random bytes, or `None` when they fall in the biased tail.
pub fn digits_from(bytes: [u8; 4]) -> Option<String> {
    let n = u32::from_le_bytes(bytes);
    (n < LIMIT).then(|| format!("{:06}", n % 1_000_000))
}

/// A new random PIN.
pub fn generate() -> String {
    loop {
        let bytes = host::random_bytes(4);
        if let Ok(four) = <[u8; 4]>::try_from(bytes.as_slice()) {
            if let Some(pin) = digits_from(four) {
                return pin;
            }
        }
    }
}

/// A new random salt, 16 bytes in hex.
pub fn salt() -> String {
    hex(&host::random_bytes(16))
}

/// The stored hash of `pin` with `salt`: SHA-256 of `salt:pin`, in hex.
pub fn hash(salt: &str, pin: &str) -> String {
    let mut digest = Sha256::new();
    digest.update(salt.as_bytes());
    digest.update(b":");
    digest.update(pin.as_bytes());
    hex(&digest.finalize())
}

/// Whether `pin` is the one stored as `salt` and `hash` (no PIN stored: never).
pub fn verify(salt: &str, stored: &str, pin: &str) -> bool {
    if stored.is_empty() || !is_pin(pin.trim()) {
        return false;
    }
    let given = hash(salt, pin.trim());
    // Compared without stopping at the first difference.
    given.len() == stored.len() && given.bytes().zip(stored.bytes()).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0
}

/// Six digits.
pub fn is_pin(text: &str) -> bool {
    text.len() == 6 && text.bytes().all(|b| b.is_ascii_digit())
}

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        out.push(DIGITS[(b >> 4) as usize] as char);
        out.push(DIGITS[(b & 15) as usize] as char);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pins_are_six_digits_without_bias() {
        assert_eq!(digits_from(0u32.to_le_bytes()).as_deref(), Some("000000"));
        assert_eq!(digits_from(1_234_567u32.to_le_bytes()).as_deref(), Some("234567"));
        assert_eq!(digits_from((LIMIT - 1).to_le_bytes()).as_deref(), Some("999999"));
        assert_eq!(digits_from(LIMIT.to_le_bytes()), None);
        assert_eq!(digits_from(u32::MAX.to_le_bytes()), None);
        assert!(is_pin("012345") && !is_pin("12345") && !is_pin("12345a") && !is_pin("1234567"));
    }

    #[test]
    fn hashes_are_salted_sha256() {
        // SHA-256 of "abc:123456" (as `printf 'abc:123456' | sha256sum` gives it).
        assert_eq!(hash("abc", "123456"), "71f79ddc5dba7d98fd09ade46f1d21c8c1ea9965b2acc9b4ccaf41fba8dd808e");
        assert_ne!(hash("abc", "123456"), hash("abd", "123456"), "the salt changes it");
        assert_ne!(hash("abc", "123456"), hash("abc", "123457"));
        assert_eq!(hex(&[0x00, 0x0f, 0xa5, 0xff]), "000fa5ff");
    }

    #[test]
    fn verification() {
        let stored = hash("5a17", "042042");
        assert!(verify("5a17", &stored, "042042"));
        assert!(verify("5a17", &stored, " 042042 "));
        assert!(!verify("5a17", &stored, "042043"));
        assert!(!verify("5a18", &stored, "042042"));
        assert!(!verify("5a17", &stored, ""));
        assert!(!verify("", "", "042042"), "no PIN stored");
    }
}
